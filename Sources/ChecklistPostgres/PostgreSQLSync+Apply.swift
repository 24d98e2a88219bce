import ChecklistModel
import ChecklistSync

/// A copy's change applied on the server: its list edits by name or identity, its item edits
/// as `SyncMerge` decides them, made through the change's steps.
extension PostgreSQLSync {
    /// Applies one of a copy's changes, stamped `stamp`; returns the conflicts it met. A list
    /// the copy had from the server is found by its ID, whatever its name there now (a list
    /// renamed elsewhere takes the items added to it offline); one made offline by its name
    /// (two copies that made `camping` make one list).
    package func apply(_ change: CopyChange, stamp: Stamp, seen: Stamp) throws -> [SyncConflict] {
        let entry = change.entry
        let step = try PostgreSQLChange(
            connection, author: stamp.author, at: entry.createdAt, stamp: stamp.text)
        var conflicts: [SyncConflict] = []
        /// The server's list the copy calls `name`, and its name there; nil when gone.
        func located(_ name: String) throws -> (id: Int64, name: String)? {
            guard let id = change.lists[name]?.id else {
                return try step.reads.listID(named: ListName(stored: name)).map { ($0, name) }
            }
            return try listName(id).map { (id, $0) }
        }
        for edit in change.edits {
            switch edit {
            case .createList(let name, let mode):
                if try step.reads.listID(named: ListName(stored: name)) == nil {
                    _ = try step.createList(named: ListName(stored: name), mode: mode)
                }
            case .renameList(let from, let to):
                let rename = "rename to \(Phrase.quoted(to))"
                guard let list = try located(from), list.name == from else {
                    if try located(from)?.name != to {
                        conflicts.append(
                            listConflict(from, rename, stamp, winner: "rename or delete"))
                    }
                    continue
                }
                if try step.reads.listID(named: ListName(stored: to)) != nil {
                    conflicts.append(
                        listConflict(
                            from, rename, stamp, winner: "the list \(Phrase.quoted(to)) there"))
                    continue
                }
                try step.renameList(list.id, to: ListName(stored: to))
            case .setMode(let name, let mode):
                guard let list = try located(name) else { continue }
                if try step.listRow(list.id).mode != mode {
                    try step.setMode(mode, ofList: list.id)
                }
            default: continue
            }
        }
        // The items' lists by their names there now; a list deleted there comes back, by its
        // name, with its mode, holding what the copy put in it.
        var names: [String: String] = [:]
        var modes: [String: ListMode] = [:]
        var cameBack: Set<String> = []
        for (name, ref) in change.lists {
            let now = ref.id == nil ? name : (try located(name)?.name ?? name)
            names[name] = now
            modes[now] = ref.mode
            if ref.id != nil, try step.reads.listID(named: ListName(stored: now)) == nil {
                cameBack.insert(now)
            }
        }
        let edits = change.edits.map { $0.naming(names) }
        let view = try view(
            of: edits.compactMap(\.itemID), singleChoice: try step.hasSingleChoiceLists())
        let decision = SyncMerge.decide(
            edits, stamp: stamp, server: view.items, seen: seen,
            deletedBy: view.deletedBy, choices: view.choices)
        conflicts += decision.conflicts
        try make(decision, in: step, stamp: stamp, modes: modes)
        for name in cameBack.sorted() {
            let held =
                decision.creates.filter { $0.listName == name }.count
                + decision.places.filter { $0.list == name }.count
            guard held > 0 else { continue }
            conflicts.append(
                SyncConflict(
                    itemID: nil, title: "list \(Phrase.quoted(name))",
                    loser: .init(what: "delete", author: nil, time: nil, isYours: false),
                    winner: .init(
                        what: "add of \(Phrase.items(held)) to it, which brought it back",
                        author: stamp.author, time: stamp.time, isYours: true)))
        }
        // A list the copy deleted goes when nothing is left in it; items added there
        // elsewhere keep it.
        for case .deleteList(let name) in change.edits {
            guard let id = try located(name)?.id else { continue }
            let left = try connection.query(
                "SELECT count(*) FROM checklist.items WHERE list_id = \(id)"
            ).onlyRow().int(0)
            if left == 0 {
                try step.deleteList(id)
            } else {
                conflicts.append(
                    listConflict(
                        name, "delete", stamp,
                        winner: "the \(Phrase.items(left)) added to it elsewhere"))
            }
        }
        try keepSingleChoice(in: step)
        step.finish(entry.command, ReplayedChange(entry: entry))
        return conflicts
    }

    /// The name of the server's list `id`; nil when there is none.
    private func listName(_ id: Int64) throws -> String? {
        try connection.query("SELECT name FROM checklist.lists WHERE id = \(id)").first
            .map { try $0.text(0) }
    }

    /// Makes what the merge decided, recording each item before it changes.
    private func make(
        _ decision: MergeDecision, in step: PostgreSQLChange, stamp: Stamp,
        modes: [String: ListMode]
    ) throws {
        let at = step.now
        if !decision.creates.isEmpty {
            var rows:
                [(id: ItemID, listID: Int64, position: Int64, values: [MergedField: FieldValue])] =
                    []
            for case .create(let id, let list, let position, let values) in decision.creates {
                let listID = try step.listForAdding(
                    named: ListName(stored: list), mode: modes[list] ?? .multiple)
                rows.append((id, listID, position, values))
            }
            let valued = MergedField.valued
            var arrays: [PostgreSQLQuery] = []
            for field in valued {
                arrays.append(
                    Self.array(of: field, rows.map { $0.values[field] ?? Self.unset(field) }))
            }
            let names = valued.map(\.column.postgresql).joined(separator: ", ")
            _ = try connection.run(
                """
                INSERT INTO checklist.items (\(sql: Self.pulled.columns))
                SELECT \(sql: Self.pulled.values.joined(separator: ", "))
                FROM (SELECT \(text: at)::pg_catalog.text AS made) AS m, unnest(\(ids: rows.map(\.id)),
                    \(ids: rows.map(\.listID)), \(ids: rows.map(\.position)), \(list: arrays))
                    AS t(id, list_id, position, \(sql: names))
                """)
            for range in Self.ranges(rows.map(\.id)) {
                _ = try connection.run(
                    """
                    INSERT INTO checklist.added_items (change_id, first_id, last_id)
                    VALUES (\(step.changeID), \(range.lowerBound), \(range.upperBound))
                    """)
            }
        }
        // A change of checks alone is recorded as `check` records it: the selections.
        let checksAlone =
            decision.creates.isEmpty && decision.places.isEmpty && decision.deletes.isEmpty
            && decision.sets.allSatisfy { $0.field == .checked }
        for field in MergedField.valued {
            let sets = decision.sets.filter { $0.field == field }
            guard !sets.isEmpty else { continue }
            let ids = sets.map(\.id)
            if checksAlone {
                try step.recordSelections(where: "id = ANY(\(ids: ids))")
            } else {
                try step.recordItems(where: "id = ANY(\(ids: ids))")
            }
            let column = field.column.postgresql
            _ = try connection.run(
                """
                UPDATE checklist.items i SET \(sql: column) = t.value,
                    \(field.stamping(stamp)), updated_at = \(text: at)
                FROM unnest(\(ids: ids), \(Self.array(of: field, sets.map(\.value)))) AS t(id, value)
                WHERE i.id = t.id
                """)
        }
        for place in decision.places {
            let listID = try step.listForAdding(
                named: ListName(stored: place.list), mode: modes[place.list] ?? .multiple)
            try step.recordItems(where: "id = \(place.id)")
            _ = try connection.run(
                """
                UPDATE checklist.items i SET list_id = \(listID), position = \(place.position),
                    \(MergedField.place.stamping(stamp)), updated_at = \(text: at)
                WHERE id = \(place.id)
                """)
        }
        for field in MergedField.all {
            let ids = decision.restamped.filter { $0.field == field }.map(\.id)
            guard !ids.isEmpty else { continue }
            _ = try connection.run(
                """
                UPDATE checklist.items i SET \(field.stamping(stamp))
                WHERE id = ANY(\(ids: ids)) AND \(field.stampRead) < \(text: stamp.text)
                """)
        }
        if !decision.deletes.isEmpty {
            _ = try step.deleteItems(where: "id = ANY(\(ids: decision.deletes))")
        }
    }

    /// A single-choice list left with several checked items keeps the latest check.
    private func keepSingleChoice(in step: PostgreSQLChange) throws {
        let rows = try connection.query(
            """
            SELECT i.list_id, i.id, \(MergedField.checked.stampRead) FROM checklist.items i
            JOIN checklist.lists l ON l.id = i.list_id
            WHERE l.mode = 'single' AND i.is_selected
                AND i.list_id IN (SELECT list_id FROM checklist.items i2
                    JOIN checklist.lists l2 ON l2.id = i2.list_id
                    WHERE l2.mode = 'single' AND i2.is_selected
                    GROUP BY list_id HAVING count(*) > 1)
            """)
        var checked: [Int64: [(id: ItemID, stamp: Stamp)]] = [:]
        for row in rows {
            checked[try row.int64(0), default: []].append(
                (try row.int64(1), Stamp(try row.text(2))))
        }
        for (listID, items) in checked {
            guard let keeper = SyncMerge.singleChoiceKeeper(items) else { continue }
            _ = try step.uncheckOthers(in: listID, keeping: keeper)
        }
    }

    /// A list edit of the copy that lost to `winner`: a phrase that begins with "the", or
    /// what was done elsewhere ("rename": "a rename elsewhere").
    private func listConflict(_ name: String, _ what: String, _ stamp: Stamp, winner: String)
        -> SyncConflict
    {
        SyncConflict(
            itemID: nil, title: "list \(Phrase.quoted(name))",
            loser: .init(what: what, author: stamp.author, time: stamp.time, isYours: true),
            winner: .init(what: winner, author: nil, time: nil, isYours: false))
    }
}
