import ChecklistModel
import ChecklistSync

/// A copy's changes applied on a server, inside one write transaction (holding the write
/// lock): each change becomes a server change under its author and time, its edits decided by
/// `SyncMerge` and made through the same steps as any change (`ChangeSteps`), so the server's
/// journal records them and `undo` reverts them as any change.
package struct PostgreSQLSync {
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

    /// A sync's server side over `connection`; `seenRevision` only within a copy's sync.
    package init(connection: PostgreSQLConnection, seenRevision: Int64? = nil) {
        self.connection = connection
        self.seenRevision = seenRevision
    }

    /// What the server holds of a copy: how far its journal has been applied (a sync cut after
    /// the server committed sends them again, and they are skipped).
    package func progress(ofCopy copyID: String) throws -> (changes: Int64, undos: Int64) {
        let row = try connection.query(
            """
            INSERT INTO checklist.copies (copy_id) VALUES (\(text: copyID))
            ON CONFLICT (copy_id) DO UPDATE SET copy_id = excluded.copy_id
            RETURNING synced_through, undos_through
            """
        ).onlyRow()
        return (try row.int64(0), try row.int64(1))
    }

    package func record(progress: (changes: Int64, undos: Int64), ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET synced_through = \(progress.changes),
                undos_through = \(progress.undos)
            WHERE copy_id = \(text: copyID)
            """)
    }

    /// The server's clock: the latest time an edit it takes may claim.
    package func now() throws -> String {
        try connection.query(
            "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        ).onlyRow().text(0)
    }

    /// Sets aside `count` item IDs, for the copy `copyID` when given (remembered as its own):
    /// the server's own IDs go on after them. A counter that would pass 2^63 - 1 is refused.
    package func reserveIDs(_ count: Int64, forCopy copyID: String? = nil) throws -> ClosedRange<
        ItemID
    > {
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
    package func lastItemID() throws -> Int64 {
        try connection.query("SELECT last_item_id FROM checklist.state").onlyRow().int64(0)
    }

    /// The revision every write moves (read after this transaction's own writes).
    package func revision() throws -> Int64 {
        try connection.query("SELECT revision FROM checklist.state").onlyRow().int64(0)
    }

    /// The newest journal entry.
    package func lastChangeID() throws -> Int64 {
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

    /// The server's entry for a copy's change it applied after its journal entry `after`: the
    /// same time, author, command and description (`apply` records the copy's own).
    package func change(matching copied: Change, author: String, after: Int64) throws -> Int64? {
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
    package func undo(changeID: Int64, stamp: Stamp) throws -> [SyncConflict] {
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

    /// Consecutive runs of IDs, as the journal records added items.
    package static func ranges(_ ids: [ItemID]) -> [ClosedRange<ItemID>] {
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
