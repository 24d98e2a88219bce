import ChecklistModel
import ChecklistStore
import ChecklistSync

/// A day of taps: a run of a copy's changes that only check or uncheck items, applied in two
/// round trips rather than five a change (1,000 one-item checks took 5,000). Each change is
/// still decided by `SyncMerge` in its turn, against the items as the changes before it left
/// them, and recorded as `apply` records it: its own journal entry under its author and time,
/// holding the selections it changed, or none when it changed nothing. The server ends as
/// `apply`, change by change, would leave it, row for row (`SyncTapsTests`).
extension PostgreSQLSync {
    /// Applies `changes` (each `checksAlone`), each stamped as given; returns the conflicts
    /// they met. Nil, having changed nothing, when one names an item gone from the server or
    /// in a single-choice list: those take `apply`, one by one (a deleted item's conflict
    /// names its deleter; a choice unchecks the list's others).
    package func applyChecks(_ changes: [(change: CopyChange, stamp: Stamp)], seen: Stamp) throws
        -> [SyncConflict]?
    {
        let ids = Array(Set(changes.flatMap { $0.change.edits.compactMap(\.itemID) }))
        let rows = try rows(ids)
        guard rows.count == ids.count, rows.values.allSatisfy({ $0.mode == .multiple }) else {
            return nil
        }
        var items = rows.mapValues(\.item)
        var times = rows.mapValues(\.updatedAt)
        var conflicts: [SyncConflict] = []
        // The entries that stay (a change that changed nothing has none), and what each
        // recorded: the selections before it, grouped as `recordSelections` groups them.
        var entries: [(entry: Change, author: String)] = []
        var recorded: [(entry: Int, isSelected: Bool, updatedAt: String, ids: [ItemID])] = []
        var touched: Set<ItemID> = []
        // A stamp this sync set is one the syncing copy had not seen before it (the server's
        // trigger gives the field this transaction's revision), as `items` would read it.
        func markUnseen(_ id: ItemID) {
            if seenRevision != nil { items[id]?.unseenFields[.checked] = true }
        }
        for (change, stamp) in changes {
            let decision = SyncMerge.decide(change.edits, stamp: stamp, server: items, seen: seen)
            conflicts += decision.conflicts
            if !decision.checks.isEmpty {
                entries.append((change.entry, stamp.author))
                var groups: [String: (isSelected: Bool, updatedAt: String, ids: [ItemID])] = [:]
                for (id, _) in decision.checks {
                    guard let item = items[id], let time = times[id] else { continue }
                    groups["\(item.isSelected) \(time)", default: (item.isSelected, time, [])]
                        .ids.append(id)
                }
                for group in groups.values {
                    recorded.append(
                        (entries.count, group.isSelected, group.updatedAt, group.ids.sorted()))
                }
                for (id, value) in decision.checks {
                    items[id]?.values[.checked] = .bool(value)
                    items[id]?.checkedStamp = stamp
                    times[id] = change.entry.createdAt
                    touched.insert(id)
                    markUnseen(id)
                }
            }
            for (id, field) in decision.restamped where field == .checked {
                guard let item = items[id], item.checkedStamp < stamp else { continue }
                items[id]?.checkedStamp = stamp
                touched.insert(id)
                markUnseen(id)
            }
        }
        try write(
            entries, recorded,
            items: touched.sorted().compactMap { id in
                items[id].flatMap { item in times[id].map { (item, $0) } }
            })
        return conflicts
    }

    /// Writes what `applyChecks` decided, in one round trip: the entries numbered from the
    /// journal's counter, their records, the items, the counter and revision (one a change,
    /// as `finish` moves them), the editors' notification, and the journal kept to its depth.
    private func write(
        _ entries: [(entry: Change, author: String)],
        _ recorded: [(entry: Int, isSelected: Bool, updatedAt: String, ids: [ItemID])],
        items: [(item: ServerItem, updatedAt: String)]
    ) throws {
        guard !entries.isEmpty || !items.isEmpty else { return }
        func texts(_ values: [String]) -> String { PostgreSQLChange.textArray(values) }
        func truths(_ values: [Bool]) -> String {
            "{" + values.map { $0 ? "t" : "f" }.joined(separator: ",") + "}"
        }
        if !entries.isEmpty {
            connection.queue(
                """
                INSERT INTO checklist.changes (id, command, description, item_count, created_at, author)
                SELECT s.last_change_id + t.n, t.command, t.description, t.item_count,
                    t.created_at, t.author
                FROM checklist.state s, unnest(
                    \(text: texts(entries.map(\.entry.command)))::text[],
                    \(text: texts(entries.map(\.entry.description)))::text[],
                    \(ids: entries.map { Int64($0.entry.itemCount) }),
                    \(text: texts(entries.map(\.entry.createdAt)))::text[],
                    \(text: texts(entries.map(\.author)))::text[])
                    WITH ORDINALITY AS t(command, description, item_count, created_at, author, n)
                """)
            connection.queue(
                """
                INSERT INTO checklist.changed_selections (change_id, is_selected, updated_at, item_ids)
                SELECT s.last_change_id + t.n, t.is_selected, t.updated_at, t.item_ids::bigint[]
                FROM checklist.state s, unnest(\(ids: recorded.map { Int64($0.entry) }),
                    \(text: truths(recorded.map(\.isSelected)))::boolean[],
                    \(text: texts(recorded.map(\.updatedAt)))::text[],
                    \(text: texts(recorded.map { "{" + $0.ids.map(String.init).joined(separator: ",") + "}" }))::text[])
                    AS t(n, is_selected, updated_at, item_ids)
                """)
        }
        if !items.isEmpty {
            connection.queue(
                """
                UPDATE checklist.items i SET is_selected = t.is_selected,
                    stamps = i.stamps || pg_catalog.jsonb_build_object(
                        \(text: MergedField.checked.name)::text,
                        pg_catalog.jsonb_build_object('stamp', t.checked_stamp)),
                    updated_at = t.updated_at
                FROM unnest(\(ids: items.map(\.item.id)),
                    \(text: truths(items.map(\.item.isSelected)))::boolean[],
                    \(text: texts(items.map(\.item.checkedStamp.text)))::text[],
                    \(text: texts(items.map(\.updatedAt)))::text[])
                    AS t(id, is_selected, checked_stamp, updated_at)
                WHERE i.id = t.id
                """)
        }
        if !entries.isEmpty {
            connection.queue(
                """
                UPDATE checklist.state SET last_change_id = last_change_id + \(entries.count),
                    revision = revision + \(entries.count)
                """)
            connection.queue(
                "SELECT pg_catalog.pg_notify('checklist_changes'::pg_catalog.text, ''::pg_catalog.text)"
            )
        }
        _ = try connection.run(
            """
            DELETE FROM checklist.changes WHERE id <= (
                SELECT id FROM checklist.changes ORDER BY id DESC LIMIT 1
                OFFSET \(UndoJournal.depth))
            """)
    }
}
