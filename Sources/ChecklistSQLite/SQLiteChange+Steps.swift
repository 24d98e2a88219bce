import ChecklistModel
import ChecklistStore
import GRDB

/// The steps of `ChangeSteps`, in SQLite's SQL.
extension SQLiteChange: ChangeSteps {
    var reads: SQLiteReads { SQLiteReads(db: db) }

    func setSelection(_ kind: SelectionKind, where condition: SQL) throws -> Int {
        let predicate: SQL = "(\(condition)) AND \(kind.changedRows)"
        try recordSelections(where: predicate)
        try db.execute(
            literal: """
                UPDATE items SET isSelected = \(kind.newValue), updatedAt = \(now)
                WHERE \(predicate)
                """)
        return db.changesCount
    }

    func deleteItems(where condition: SQL) throws -> Int {
        try recordItems(where: condition)
        try db.execute(literal: "DELETE FROM items WHERE \(condition)")
        return db.changesCount
    }

    func text(_ field: StoredColumn, of id: ItemID) throws -> String? {
        try SQLRequest<String>(
            literal: "SELECT \(SQL(sql: field.sqlite)) FROM items WHERE id = \(id)"
        ).fetchOne(db)
    }

    func setText(_ field: StoredColumn, to value: String, of id: ItemID) throws {
        try recordItems(where: "id = \(id)")
        try db.execute(
            literal: """
                UPDATE items SET \(SQL(sql: field.sqlite)) = \(value), updatedAt = \(now)
                WHERE id = \(id)
                """)
    }

    func setFields(_ values: [(column: StoredColumn, value: String)], where condition: SQL)
        throws -> Int
    {
        guard !values.isEmpty else { return 0 }
        // Bound as text: a count's column (INTEGER affinity) compares and stores it as the
        // number it is.
        let bound = values.map { field -> (SQL, SQL) in
            (SQL(sql: field.column.sqlite), "\(field.value)")
        }
        let differs = bound.map { "\($0.0) IS NOT \($0.1)" as SQL }.joined(separator: " OR ")
        let predicate: SQL = "(\(condition)) AND (\(differs))"
        try recordItems(where: predicate)
        let assignments = bound.map { "\($0.0) = \($0.1)" as SQL }.joined(separator: ", ")
        try db.execute(
            literal: "UPDATE items SET \(assignments), updatedAt = \(now) WHERE \(predicate)")
        return db.changesCount
    }

    func addedItems() throws -> [ClosedRange<ItemID>] {
        try Row.fetchAll(
            db,
            sql: "SELECT firstId, lastId FROM addedItems WHERE changeId = ? ORDER BY firstId",
            arguments: [changeID]
        ).map {
            (try $0.decode(ItemID.self, atIndex: 0))...(try $0.decode(ItemID.self, atIndex: 1))
        }
    }

    /// One statement: the values go as one JSON array, read by each item's offset.
    func setTexts(_ field: StoredColumn, to values: [String], from first: ItemID) throws {
        guard !values.isEmpty else { return }
        try db.execute(
            literal: """
                UPDATE items SET \(SQL(sql: field.sqlite)) =
                    \(JSONText.array(of: values)) ->> ('$[' || (id - \(first)) || ']')
                WHERE id BETWEEN \(first) AND \(first + Int64(values.count) - 1)
                """)
    }

    func renameList(_ listID: Int64, to name: ListName) throws {
        try recordList(listID)
        try db.execute(
            literal: "UPDATE lists SET name = \(name), updatedAt = \(now) WHERE id = \(listID)")
    }

    func deleteList(_ listID: Int64) throws {
        try recordItems(where: "listId = \(listID)")
        try recordList(listID)
        // The items go with the list (ON DELETE CASCADE).
        try db.execute(literal: "DELETE FROM lists WHERE id = \(listID)")
    }

    /// One statement, in list order; AUTOINCREMENT gives consecutive IDs under the write lock,
    /// so the copy is recorded as one range.
    func copyItems(ofList source: Int64, into copy: Int64, unchecked: Bool) throws -> Int {
        let count = try items.copy(
            list: source,
            setting: [
                "listId": "\(copy)", "isSelected": "\(unchecked ? 0 : 1) * isSelected",
                "position": "row_number() OVER (ORDER BY position, id)",
                "createdAt": "\(now)", "updatedAt": "\(now)",
            ])
        if count > 0 {
            let lastID = db.lastInsertedRowID
            try recordAdded((lastID - Int64(count) + 1)...lastID)
        }
        return count
    }

    func setMode(_ mode: ListMode, ofList listID: Int64) throws {
        try recordList(listID)
        try db.execute(
            literal: "UPDATE lists SET mode = \(mode), updatedAt = \(now) WHERE id = \(listID)")
    }

    func place(of id: ItemID) throws -> ItemPlace? {
        try items.place(of: id)
    }

    func checkedItems(inList listID: Int64) throws -> [ItemID] {
        try SQLRequest<ItemID>(
            literal: "SELECT id FROM items WHERE listId = \(listID) AND isSelected = 1 ORDER BY id"
        ).fetchAll(db)
    }

    private func others(_ listID: Int64, _ moving: ItemID) -> SQL {
        "listId = \(listID) AND id != \(moving)"
    }

    func itemCount(inList listID: Int64, excluding moving: ItemID, before place: ItemPlace?)
        throws -> Int
    {
        let before: SQL =
            place.map {
                "AND (position < \($0.position) OR (position = \($0.position) AND id < \($0.id)))"
            } ?? ""
        return try SQLRequest<Int>(
            literal: "SELECT count(*) FROM items WHERE \(others(listID, moving)) \(before)"
        ).fetchOne(db) ?? 0
    }

    func position(inList listID: Int64, excluding moving: ItemID, at index: Int) throws -> Int64? {
        try SQLRequest<Int64>(
            literal: """
                SELECT position FROM items WHERE \(others(listID, moving))
                ORDER BY position, id LIMIT 1 OFFSET \(index)
                """
        ).fetchOne(db)
    }

    func shiftPositions(inList listID: Int64, excluding moving: ItemID, from position: Int64)
        throws
    {
        let shifted: SQL = "\(others(listID, moving)) AND position >= \(position)"
        try recordItems(where: shifted)
        try db.execute(literal: "UPDATE items SET position = position + 1 WHERE \(shifted)")
    }

    func put(_ id: ItemID, inList listID: Int64, at position: Int64) throws {
        try recordItems(where: "id = \(id)")
        try db.execute(
            literal: """
                UPDATE items SET listId = \(listID), position = \(position), updatedAt = \(now)
                WHERE id = \(id)
                """)
    }

    func hasSingleChoiceLists() throws -> Bool {
        try SQLRequest<Bool>(
            literal: "SELECT EXISTS (SELECT 1 FROM lists WHERE mode = \(ListMode.single))"
        ).fetchOne(db) ?? false
    }

    func singleChoiceItems(where condition: SQL) throws -> [ItemPlace] {
        try SQLRequest<ItemPlace>(
            literal: """
                SELECT \(SQLiteItemsTable.place.sql) FROM items WHERE (\(condition))
                AND listId IN (SELECT id FROM lists WHERE mode = \(ListMode.single))
                """
        ).fetchAll(db)
    }
}

/// check, uncheck and toggle on a file: the value each sets, and which rows it changes.
extension SelectionKind {
    fileprivate var newValue: SQL {
        switch self {
        case .check: "1"
        case .uncheck: "0"
        case .toggle: "1 - isSelected"
        }
    }

    /// The rows the change alters (the others are matched but left as they are).
    fileprivate var changedRows: SQL {
        switch self {
        case .check: "isSelected = 0"
        case .uncheck: "isSelected = 1"
        case .toggle: "1"
        }
    }
}
