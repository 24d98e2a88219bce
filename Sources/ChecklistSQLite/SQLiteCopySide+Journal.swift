import ChecklistModel
import ChecklistSync
import GRDB

/// What a sync reads of a copy's journal and items (`SQLiteCopySide`).
extension SQLiteCopySide {
    /// Every item the copy holds, with its list's name.
    package func heldItems() throws -> [(item: CopyItem, list: String)] {
        try Row.fetchAll(
            db,
            sql: "SELECT l.name, " + CopyItem.columns(of: "i")
                + " FROM items i JOIN lists l ON l.id = i.listId ORDER BY i.id"
        ).map { row in (try CopyItem(row, at: 1), try row.decode(atIndex: 0)) }
    }

    /// The journal's entries up to `through` (the server's, as the copy last brought them).
    package func entries(through: Int64) throws -> [Change] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, command, description, itemCount, createdAt, author FROM changes
                WHERE id <= ? ORDER BY id
                """, arguments: [through]
        ).map { row in
            Change(
                id: try row.decode(forColumn: "id"), command: try row.decode(forColumn: "command"),
                description: try row.decode(forColumn: "description"),
                itemCount: try row.decode(forColumn: "itemCount"),
                createdAt: try row.decode(forColumn: "createdAt"),
                author: try row.decode(forColumn: "author"))
        }
    }

    /// The copy's changes after `syncedThrough`, oldest first, with their edits.
    package func unsent(after syncedThrough: Int64) throws -> [CopyChange] {
        let (records, items) = try journal(after: syncedThrough, only: nil)
        guard !records.isEmpty else { return [] }
        let lists = try Row.fetchAll(db, sql: "SELECT id, name, mode FROM lists").map {
            CopyList(
                id: try $0.decode(atIndex: 0), name: try $0.decode(atIndex: 1),
                mode: try $0.decode(atIndex: 2))
        }
        return CopyEdits.derive(records, currentItems: items, currentLists: lists)
    }

    /// The item edits of the journal's entries that touched `ids`, oldest first (no list edits):
    /// what `CopyEdits.derive` reads from the records of those items alone.
    func edits(of ids: Set<ItemID>) throws -> [CopyChange] {
        guard !ids.isEmpty else { return [] }
        let (records, items) = try journal(after: 0, only: ids)
        return CopyEdits.derive(
            records.filter { !$0.items.isEmpty || !$0.selections.isEmpty || !$0.added.isEmpty },
            currentItems: items, currentLists: [])
    }

    /// The journal's entries after `after`, oldest first, with their records, and the items
    /// they touched as they are now; only of the items `only` names when given (and then
    /// without the lists' records).
    private func journal(after: Int64, only: Set<ItemID>?) throws
        -> (records: [JournalRecords], items: [CopyItem])
    {
        let entries = try Row.fetchAll(
            db,
            sql: """
                SELECT id, command, description, itemCount, createdAt, author FROM changes
                WHERE id > ? ORDER BY id
                """, arguments: [after])
        guard !entries.isEmpty else { return ([], []) }
        var records: [Int64: JournalRecords] = [:]
        var order: [Int64] = []
        for row in entries {
            let change = Change(
                id: try row.decode(atIndex: 0), command: try row.decode(atIndex: 1),
                description: try row.decode(atIndex: 2), itemCount: try row.decode(atIndex: 3),
                createdAt: try row.decode(atIndex: 4), author: try row.decode(atIndex: 5))
            records[change.id] = JournalRecords(entry: change)
            order.append(change.id)
        }
        // The named items, one bound JSON array (an import's may name a million).
        let named = only.map { SQLiteItemsTable.jsonArray($0.sorted()) }
        for row in try Row.fetchAll(
            db,
            sql: "SELECT changeId, " + CopyItem.columns(id: "itemId")
                + """
                 FROM changedItems
                WHERE changeId > ?1
                    AND (?2 IS NULL OR itemId IN (SELECT value FROM json_each(?2)))
                """, arguments: [after, named])
        {
            records[try row.decode(Int64.self, atIndex: 0)]?.items.append(
                try CopyItem(row, at: 1))
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT s.changeId, s.isSelected, j.value FROM changedSelections AS s,
                    json_each(s.itemIds) AS j
                WHERE s.changeId > ?1
                    AND (?2 IS NULL OR j.value IN (SELECT value FROM json_each(?2)))
                """, arguments: [after, named])
        {
            records[try row.decode(Int64.self, atIndex: 0)]?.selections.append(
                (try row.decode(atIndex: 2), try row.decode(atIndex: 1)))
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT changeId, firstId, lastId FROM addedItems WHERE changeId > ?",
            arguments: [after])
        {
            let change: Int64 = try row.decode(atIndex: 0)
            let first: Int64 = try row.decode(atIndex: 1)
            let last: Int64 = try row.decode(atIndex: 2)
            guard first <= last else { throw DatabaseError(resultCode: .SQLITE_CORRUPT) }
            let range = first...last
            if let only {
                // Only the named items of a range (an import's may hold a million).
                records[change]?.added += only.filter(range.contains).sorted().map { $0...$0 }
            } else {
                records[change]?.added.append(range)
            }
        }
        if only == nil {
            for row in try Row.fetchAll(
                db,
                sql: "SELECT changeId, listId, name, mode FROM changedLists WHERE changeId > ?",
                arguments: [after])
            {
                // A list as it was before the change; none when the change created it.
                let id: Int64 = try row.decode(atIndex: 1)
                var before: CopyList?
                if let name: String = try row.decode(atIndex: 2) {
                    before = CopyList(id: id, name: name, mode: try row.decode(atIndex: 3))
                }
                records[try row.decode(Int64.self, atIndex: 0)]?.lists.append((id, before))
            }
        }
        // The named items, or every item a change after `after` touched.
        let items = try Row.fetchAll(
            db,
            sql: "SELECT " + CopyItem.columns() + " FROM items "
                + (named != nil
                    ? "WHERE id IN (SELECT value FROM json_each(?))"
                    : """
                    WHERE id IN (SELECT itemId FROM changedItems WHERE changeId > ?1
                        UNION SELECT j.value FROM changedSelections AS s, json_each(s.itemIds) AS j
                            WHERE s.changeId > ?1)
                        OR EXISTS (SELECT 1 FROM addedItems AS a
                            WHERE a.changeId > ?1 AND items.id BETWEEN a.firstId AND a.lastId)
                    """),
            arguments: named.map { [$0] } ?? [after]
        ).map { try CopyItem($0, at: 0) }
        return (order.compactMap { records[$0] }, items)
    }

    /// The copy's titles of items, for telling a conflict over an item gone from the server.
    package func titles(_ ids: [ItemID]) throws -> [ItemID: String] {
        guard !ids.isEmpty else { return [:] }
        var found: [ItemID: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, title FROM items WHERE id IN (SELECT value FROM json_each(?1))
                UNION ALL SELECT itemId, title FROM changedItems
                    WHERE itemId IN (SELECT value FROM json_each(?1))
                """, arguments: [SQLiteItemsTable.jsonArray(ids)])
        {
            let id: ItemID = try row.decode(atIndex: 0)
            if found[id] == nil { found[id] = try row.decode(atIndex: 1) }
        }
        return found
    }
}
extension CopyItem {
    /// What a copy's item is read from, in a file's items or its journal's: its ID (`id`),
    /// list and position, then each field merged by value (`MergedField.valued`), of the table
    /// `table` when given.
    static func columns(of table: String? = nil, id: String = "id") -> String {
        let prefix = table.map { $0 + "." } ?? ""
        return
            ([id, StoredTables.listID.sqlite, StoredTables.position.sqlite]
            + MergedField.valued.map(\.column.sqlite)).map { prefix + $0 }.joined(separator: ", ")
    }

    /// An item read from `row`'s `columns`, from the column at `start` on.
    init(_ row: Row, at start: Int) throws {
        var values: [MergedField: FieldValue] = [:]
        for (index, field) in zip((start + 3)..., MergedField.valued) {
            values[field] = try FieldValue.read(
                field.column.type, integer: { try row.decode(atIndex: index) },
                text: { try row.decode(atIndex: index) }, bool: { try row.decode(atIndex: index) })
        }
        self.init(
            id: try row.decode(atIndex: start), listID: try row.decode(atIndex: start + 1),
            position: try row.decode(atIndex: start + 2), values: values)
    }
}
