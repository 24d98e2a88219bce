import ChecklistModel
import ChecklistStore
import ChecklistTransfer
import GRDB
import GRDBSQLite

extension SQLiteChange {
    /// `import` on a file, in a few statements for the whole document rather than several a
    /// group: a document of 100,000 one-item lists took 39 to 59 times as long as the same
    /// bytes as one list (issue 29, 25). The rule is `importGroupsOneByOne`'s, taken in bulk:
    /// each group's list is found by its name, byte for byte, or created with the group's mode
    /// (IDs after the highest the lists and the journal know, in the document's order); a
    /// found list is recorded and its time of change moves; a single-choice list with one
    /// checked imported item has its other checked items unchecked; the items go at the end of
    /// their lists with new IDs in the document's order, recorded as added a group at a time.
    /// The tests hold the two to the same rows. A document naming one list twice goes one
    /// group at a time.
    func importGroups(_ groups: [ImportDocument.Group]) throws -> ImportSummary {
        var lists: [[UInt8]: ListRow] = [:]
        var highestListID: Int64 = 0
        for row in try SQLRequest<ListRow>(literal: "SELECT \(Self.listRow) FROM lists").fetchAll(
            db)
        {
            lists[Array(row.name.text.utf8)] = row
            highestListID = max(highestListID, row.id)
        }
        guard Set(groups.map { Array($0.name.text.utf8) }).count == groups.count else {
            return try importGroupsOneByOne(groups)
        }
        var nextListID = max(highestListID, try journalListIDs.highest ?? highestJournalListID())
        var targets: [ListRow] = []
        var created: [ListRow] = []
        var found: [Int64] = []
        for group in groups {
            if let list = lists[Array(group.name.text.utf8)] {
                targets.append(list)
                found.append(list.id)
            } else {
                nextListID += 1
                let list = ListRow(id: nextListID, name: group.name, mode: group.mode ?? .multiple)
                targets.append(list)
                created.append(list)
            }
        }
        try recordAndTouch(found)
        try create(created)
        let uncheckedOthers = try uncheckOthersForImport(groups, in: targets)
        let count = try appendAll(groups, to: targets, foundLists: found)
        return ImportSummary(
            itemCount: count, lists: groups.map(\.name), uncheckedOthers: uncheckedOthers)
    }

    /// Records the lists as they are, then moves their time of change (`listForAdding`).
    private func recordAndTouch(_ listIDs: [Int64]) throws {
        guard !listIDs.isEmpty else { return }
        let ids = SQLiteItemsTable.jsonArray(listIDs)
        try db.execute(
            literal: """
                INSERT INTO changedLists (changeId, listId, \(Self.listFields))
                SELECT \(changeID), id, \(Self.listFields) FROM lists
                WHERE id IN (SELECT value FROM json_each(\(ids)))
                """)
        try db.execute(
            literal: """
                UPDATE lists SET updatedAt = \(now)
                WHERE id IN (SELECT value FROM json_each(\(ids)))
                """)
        for id in listIDs { journalListIDs.note(id) }
    }

    /// Creates the lists with their IDs (consecutive), and records them as created
    /// (`createList`).
    private func create(_ lists: [ListRow]) throws {
        guard let first = lists.first, let last = lists.last else { return }
        try eachRow(
            "INSERT INTO lists (\(Self.createdLists.columns))"
                + " VALUES (\(Self.createdLists.values.joined(separator: ", ")))",
            lists, fixed: { Self.bind(now, 4, $0) }
        ) { statement, list in
            sqlite3_bind_int64(statement, 1, list.id)
            Self.bind(list.name.text, 2, statement)
            Self.bind(list.mode.rawValue, 3, statement)
        }
        try db.execute(
            literal: """
                INSERT INTO changedLists (changeId, listId)
                SELECT \(changeID), id FROM lists WHERE id BETWEEN \(first.id) AND \(last.id)
                ORDER BY id
                """)
        journalListIDs.highest = max(journalListIDs.highest ?? 0, last.id)
    }

    /// Appends every group's items at the end of its list, and records each group's IDs as
    /// added (`append`); returns how many.
    private func appendAll(
        _ groups: [ImportDocument.Group], to lists: [ListRow], foundLists: [Int64]
    ) throws -> Int {
        var lastPositions: [Int64: Int64] = [:]
        if !foundLists.isEmpty {
            let rows = try SQLRequest<Row>(
                literal: """
                    SELECT listId, max(position) FROM items
                    WHERE listId IN (SELECT value FROM json_each(\(SQLiteItemsTable.jsonArray(foundLists))))
                    GROUP BY listId
                    """
            ).fetchAll(db)
            for row in rows {
                lastPositions[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1)
            }
        }
        var ranges: [(groupIndex: Int, first: ItemID, last: ItemID)] = []
        var count = 0
        for (groupIndex, (group, list)) in zip(groups, lists).enumerated()
        where !group.entries.isEmpty {
            let last = lastPositions[list.id] ?? 0
            let entries = group.entries.enumerated().map { ($0.offset, $0.element) }
            try eachRow(
                "INSERT INTO items (\(Self.imported.columns)) VALUES (\(Self.imported.values.joined(separator: ", ")))",
                entries, fixed: { Self.bind(now, 5, $0) }
            ) { statement, item in
                sqlite3_bind_int64(statement, 1, list.id)
                Self.bind(item.1.title.text, 2, statement)
                sqlite3_bind_int64(statement, 3, item.1.isSelected ? 1 : 0)
                sqlite3_bind_int64(statement, 4, last + Int64(item.0) + 1)
            }
            let lastID = db.lastInsertedRowID
            ranges.append((groupIndex, lastID - ItemID(entries.count) + 1, lastID))
            count += entries.count
        }
        try eachRow(
            "INSERT INTO addedItems (changeId, firstId, lastId) VALUES (?3, ?1, ?2)", ranges,
            fixed: { sqlite3_bind_int64($0, 3, changeID) }
        ) { statement, range in
            sqlite3_bind_int64(statement, 1, range.first)
            sqlite3_bind_int64(statement, 2, range.last)
        }
        return count
    }

    /// Runs one prepared statement for each of `rows`: `fixed` sets the parameters every row
    /// shares, `bind` a row's own. (SQLite's own calls: through GRDB's arguments, a row cost
    /// several times SQLite's work.)
    private func eachRow<Row>(
        _ sql: String, _ rows: some Sequence<Row>, fixed: (OpaquePointer) -> Void,
        _ bind: (OpaquePointer, Row) -> Void
    ) throws {
        let handle = try db.cachedStatement(sql: sql).sqliteStatement
        fixed(handle)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for row in rows {
            bind(handle, row)
            let code = sqlite3_step(handle)
            guard code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
            }
            sqlite3_reset(handle)
        }
    }

    /// Binds `text` to parameter `index`, copied (SQLite's `SQLITE_TRANSIENT`).
    /// What `create` inserts a list with: its ID (?1), name (?2) and mode (?3), and the time
    /// (?4).
    private static let createdLists = StoredTables.lists.insert(
        setting: [
            (StoredTables.id, "?1"), (StoredTables.listName, "?2"), (StoredTables.listMode, "?3"),
            (StoredTables.createdAt, "?4"), (StoredTables.updatedAt, "?4"),
        ], \.sqlite)

    /// What `importGroups` inserts an item with: its list (?1), title (?2), state (?3) and
    /// position (?4), and the time (?5).
    private static let imported = StoredTables.items.insert(
        setting: [
            (StoredTables.listID, "?1"), (StoredTables.title, "?2"),
            (StoredTables.isSelected, "?3"), (StoredTables.position, "?4"),
            (StoredTables.createdAt, "?5"), (StoredTables.updatedAt, "?5"),
        ], \.sqlite)

    private static func bind(_ text: String, _ index: Int32, _ statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        var text = text
        text.withUTF8 { utf8 in
            guard let start = utf8.baseAddress, !utf8.isEmpty else {
                _ = sqlite3_bind_text(statement, index, "", 0, transient)
                return
            }
            _ = start.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                sqlite3_bind_text(statement, index, $0, Int32(utf8.count), transient)
            }
        }
    }
}
