/// A copy's changes applied on a server, inside one write transaction (holding the write
/// lock): each change becomes a server change under its author and time, its edits decided by
/// `SyncMerge` and made through the same steps as any change (`ChangeSteps`), so the server's
/// journal records them and `undo` reverts them as any change.
struct PostgreSQLSync {
    /// What a sync inserts of the items a copy added: the columns of its `unnest` (the place,
    /// then each field merged by value), and the time (`m.made`).
    static let pulled = StoredTables.items.insert(
        setting: [
            (StoredTables.id, "t.id"), (StoredTables.listID, "t.list_id"),
            (StoredTables.position, "t.position"), (StoredTables.createdAt, "m.made"),
            (StoredTables.updatedAt, "m.made"),
        ] + MergedField.valued.map { ($0.column, "t." + $0.column.postgresql) }, \.postgresql)

    let connection: PostgreSQLConnection
    /// The revision the syncing copy last brought the server's items at: a field edited after
    /// it is one the copy had not seen (`ServerItem.unseenFields`). Nil outside a copy's sync.
    var seenRevision: Int64? = nil

    /// What the server holds of a copy: how far its journal has been applied (a sync cut after
    /// the server committed sends them again, and they are skipped).
    func progress(ofCopy copyID: String) throws -> (changes: Int64, undos: Int64) {
        let row = try connection.query(
            """
            INSERT INTO checklist.copies (copy_id) VALUES (\(text: copyID))
            ON CONFLICT (copy_id) DO UPDATE SET copy_id = excluded.copy_id
            RETURNING synced_through, undos_through
            """
        ).onlyRow()
        return (try row.int64(0), try row.int64(1))
    }

    func record(progress: (changes: Int64, undos: Int64), ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET synced_through = \(progress.changes),
                undos_through = \(progress.undos)
            WHERE copy_id = \(text: copyID)
            """)
    }

    /// The server's clock: the latest time an edit it takes may claim.
    func now() throws -> String {
        try connection.query(
            "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        ).onlyRow().text(0)
    }

    /// Sets aside `count` item IDs, for the copy `copyID` when given (remembered as its own):
    /// the server's own IDs go on after them. A counter that would pass 2^63 - 1 is refused.
    func reserveIDs(_ count: Int64, forCopy copyID: String? = nil) throws -> ClosedRange<ItemID> {
        let rows = try connection.query(
            """
            UPDATE checklist.state SET last_item_id = last_item_id + \(count)
            WHERE last_item_id <= \(Int64.max - count) RETURNING last_item_id
            """)
        guard let row = rows.first else { throw ChecklistError.outOfItemIDs }
        let last = try row.int64(0)
        let ids = (last - count + 1)...last
        if let copyID { try recordRange(ids, ofCopy: copyID) }
        return ids
    }

    /// The server's item counter: every ID it has given is at or below it.
    func lastItemID() throws -> Int64 {
        try connection.query("SELECT last_item_id FROM checklist.state").onlyRow().int64(0)
    }

    /// The revision every write moves (read after this transaction's own writes).
    func revision() throws -> Int64 {
        try connection.query("SELECT revision FROM checklist.state").onlyRow().int64(0)
    }

    /// The newest journal entry.
    func lastChangeID() throws -> Int64 {
        try connection.query("SELECT last_change_id FROM checklist.state").onlyRow().int64(0)
    }

    /// The items, as a merge compares them.
    func items(_ ids: [ItemID]) throws -> [ItemID: ServerItem] {
        try rows(ids).mapValues(\.item)
    }

    /// The items, as a merge compares them, with their list's mode and the time their
    /// selection was last set (what the journal records of a check).
    func rows(_ ids: [ItemID]) throws -> [ItemID: (
        item: ServerItem, mode: ListMode, updatedAt: String
    )] {
        guard !ids.isEmpty else { return [:] }
        var found: [ItemID: (item: ServerItem, mode: ListMode, updatedAt: String)] = [:]
        // The place, then each field merged by value, as `MergedField` declares them; then
        // every field's stamp and revision.
        let valued = MergedField.valued
        let columns =
            valued.map { PostgreSQLQuery(stringLiteral: "i." + $0.column.postgresql) }
            + MergedField.all.flatMap { [$0.stampRead, $0.revisionRead] }
        for row in try connection.query(
            """
            SELECT i.id, l.name, i.position, l.mode, i.updated_at, \(list: columns)
            FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
            WHERE i.id = ANY(\(ids: ids))
            """)
        {
            var values: [MergedField: FieldValue] = [:]
            for (column, field) in zip(5..., valued) {
                values[field] = try FieldValue.read(
                    field.column.type, integer: { try row.int64(column) },
                    text: { try row.text(column) }, bool: { try row.bool(column) })
            }
            var stamps: [MergedField: Stamp] = [:]
            var revisions: [MergedField: Int64] = [:]
            for (index, field) in MergedField.all.enumerated() {
                let column = 5 + valued.count + 2 * index
                stamps[field] = Stamp(try row.text(column))
                revisions[field] = try row.int64(column + 1)
            }
            var item = ServerItem(
                id: try row.int64(0), list: try row.text(1), position: try row.int64(2),
                values: values, stamps: stamps)
            if let seenRevision {
                // 0: last edited before the server kept field revisions.
                for (field, revision) in revisions where revision > 0 {
                    item.unseenFields[field] = revision > seenRevision
                }
            }
            found[item.id] = (item, try row.mode(3), try row.text(4))
        }
        return found
    }

    /// For each of `ids` in a single-choice list, the other items of that list checked now.
    func choices(of ids: [ItemID]) throws -> [ItemID: [ItemID]] {
        guard !ids.isEmpty else { return [:] }
        var found: [ItemID: [ItemID]] = [:]
        for row in try connection.query(
            """
            SELECT i.id, o.id FROM checklist.items i
            JOIN checklist.lists l ON l.id = i.list_id AND l.mode = 'single'
            JOIN checklist.items o ON o.list_id = i.list_id AND o.is_selected AND o.id <> i.id
            WHERE i.id = ANY(\(ids: ids))
            """)
        {
            found[try row.int64(0), default: []].append(try row.int64(1))
        }
        return found
    }

    /// The items `ids` as a merge of checks reads them, with the checked items of their
    /// single-choice lists (looked for only when `singleChoice`: there are such lists).
    func view(of ids: [ItemID], singleChoice: Bool) throws -> MergeView {
        let choices = singleChoice ? try choices(of: ids) : [:]
        let all = Array(Set(ids).union(choices.values.joined()))
        let items = try items(all)
        return MergeView(
            items: items, choices: choices,
            deletedBy: try deleters(of: ids.filter { items[$0] == nil }))
    }

    /// Who deleted the items (missing ones), when the journal still holds the delete.
    func deleters(of ids: [ItemID]) throws -> [ItemID: (author: String, time: String)] {
        guard !ids.isEmpty else { return [:] }
        var found: [ItemID: (author: String, time: String)] = [:]
        for row in try connection.query(
            """
            SELECT DISTINCT ON (r.item_id) r.item_id, c.author, c.created_at
            FROM checklist.changed_items r JOIN checklist.changes c ON c.id = r.change_id
            WHERE r.item_id = ANY(\(ids: ids))
                AND NOT EXISTS (SELECT 1 FROM checklist.items i WHERE i.id = r.item_id)
            ORDER BY r.item_id, r.change_id DESC
            """)
        {
            found[try row.int64(0)] = (try row.text(1), try row.text(2))
        }
        return found
    }

    /// Applies one of a copy's changes, stamped `stamp`; returns the conflicts it met. A list
    /// the copy had from the server is found by its ID, whatever its name there now (a list
    /// renamed elsewhere takes the items added to it offline); one made offline by its name
    /// (two copies that made `camping` make one list).
    func apply(_ change: CopyChange, stamp: Stamp, seen: Stamp) throws -> [SyncConflict] {
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

    /// The server's entry for a copy's change it applied after its journal entry `after`: the
    /// same time, author, command and description (`apply` records the copy's own).
    func change(matching copied: Change, author: String, after: Int64) throws -> Int64? {
        try connection.query(
            """
            SELECT id FROM checklist.changes
            WHERE id > \(after) AND created_at = \(text: copied.createdAt)
                AND author = \(text: author) AND command = \(text: copied.command)
                AND description = \(text: copied.description)
            ORDER BY id DESC LIMIT 1
            """
        ).first.map { try $0.int64(0) }
    }

    /// A copy's `undo` of a change the server holds, made on the server by `undo`'s rules; a
    /// refusal (another author's later change) is told, and changes nothing.
    func undo(changeID: Int64, stamp: Stamp) throws -> [SyncConflict] {
        _ = try connection.query(
            "SELECT pg_catalog.set_config('checklist.stamp'::pg_catalog.text, \(text: stamp.text), true)"
        )
        let steps = PostgreSQLUndo(connection: connection)
        guard let change = try steps.change(changeID) else {
            // Undone there already, or past the journal's newest 50: told, not dropped.
            return [
                undoLost(
                    changeID, title: "change \(changeID)", stamp: stamp,
                    to: .init(
                        what: "the server's history, which no longer holds it", author: nil,
                        time: nil, isYours: false))
            ]
        }
        try connection.execute("SAVEPOINT sync_undo")
        do {
            _ = try steps.undo(change)
            try connection.execute("RELEASE SAVEPOINT sync_undo")
            return []
        } catch let error as ChecklistError {
            guard case .undoConflict(_, let later, _) = error else { throw error }
            try connection.execute("ROLLBACK TO SAVEPOINT sync_undo")
            return [
                undoLost(
                    change.id, title: "change \(change.id) (\(change.description))", stamp: stamp,
                    to: .init(
                        what: "change \(later.id) (\(later.description))", author: later.author,
                        time: later.createdAt, isYours: false))
            ]
        }
    }

    /// The copy's undo of change `changeID`, stamped `stamp`, that lost to `winner`.
    private func undoLost(
        _ changeID: Int64, title: String, stamp: Stamp, to winner: SyncConflict.Edit
    ) -> SyncConflict {
        SyncConflict(
            itemID: nil, title: title,
            loser: .init(
                what: "undo of change \(changeID)", author: stamp.author, time: stamp.time,
                isYours: true),
            winner: winner)
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

    /// Consecutive runs of IDs, as the journal records added items.
    static func ranges(_ ids: [ItemID]) -> [ClosedRange<ItemID>] {
        var ranges: [ClosedRange<ItemID>] = []
        for id in ids.sorted() {
            if let last = ranges.last, last.upperBound + 1 == id {
                ranges[ranges.count - 1] = last.lowerBound...id
            } else {
                ranges.append(id...id)
            }
        }
        return ranges
    }
}

/// A copy's change as the server's journal records it: the copy's own description.
struct ReplayedChange: ChangeDescribing {
    let entry: Change
    var historyLine: String { entry.description }
    var summaryLine: String { entry.description }
    var itemCount: Int { entry.itemCount }
}

extension PostgreSQLSync {
    /// The values of `field`, one a row, as the server's array of its type.
    static func array(of field: MergedField, _ values: [FieldValue]) -> PostgreSQLQuery {
        switch field.column.type {
        case .boolean:
            let truths = values.map { $0.bool == true ? "t" : "f" }.joined(separator: ",")
            return "\(text: "{" + truths + "}")::boolean[]"
        case .integer, .ids:
            return "\(ids: values.map { if case .integer(let n) = $0 { n } else { 0 } })"
        case .text:
            return "\(text: PostgreSQLChange.textArray(values.map { $0.text ?? "" }))::text[]"
        }
    }

    /// What an item made without `field` holds (no edit of today's makes one).
    static func unset(_ field: MergedField) -> FieldValue {
        switch field.column.type {
        case .boolean: .bool(false)
        case .integer, .ids: .integer(0)
        case .text: .text("")
        }
    }
}

extension MergedField {
    /// The stamp of the field's last edit, as the server's item `i` keeps it (`stamps`,
    /// `migrations/postgresql/0012`): empty when it was never stamped.
    var stampRead: PostgreSQLQuery {
        "COALESCE(i.stamps -> \(text: name)::text ->> 'stamp', '') COLLATE \"C\""
    }

    /// The revision the field was last set at (0: before the server kept revisions).
    var revisionRead: PostgreSQLQuery {
        "COALESCE((i.stamps -> \(text: name)::text ->> 'revision')::bigint, 0)"
    }

    /// An UPDATE's assignment of `stamp` to the field (the trigger adds the revision).
    func stamping(_ stamp: Stamp) -> PostgreSQLQuery {
        """
        stamps = i.stamps || pg_catalog.jsonb_build_object(\(text: name)::text,
            pg_catalog.jsonb_build_object('stamp', \(text: stamp.text)::text))
        """
    }
}

extension CopyEdit {
    /// The list a create puts its item in.
    var listName: String? {
        guard case .create(_, let list, _, _) = self else { return nil }
        return list
    }

    /// The edit with the lists its item edits name renamed as `names` says.
    func naming(_ names: [String: String]) -> CopyEdit {
        switch self {
        case .create(let id, let list, let position, let values):
            .create(id, list: names[list] ?? list, position: position, values: values)
        case .place(let id, let list, let position, let from):
            .place(id, list: names[list] ?? list, position: position, from: names[from] ?? from)
        default: self
        }
    }

    /// The item the edit is of, if any.
    var itemID: ItemID? {
        switch self {
        case .create(let id, _, _, _), .set(let id, _, _), .place(let id, _, _, _),
            .delete(let id):
            id
        case .createList, .renameList, .setMode, .deleteList: nil
        }
    }
}
