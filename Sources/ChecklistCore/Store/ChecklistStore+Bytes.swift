import GRDB
import GRDBSQLite

extension ChecklistStore {
    /// `forEachHeadline` without making a `String` of each row: `list` in a pipe prints every
    /// byte of a title as stored, so the bytes can go from SQLite's buffer to the output's
    /// without being decoded, checked and copied on the way (at 100,000 items, those steps
    /// were a third of `list`'s instructions).
    public func forEachHeadlineBytes(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (HeadlineBytes) throws -> Void
    ) throws {
        if let server { return try server.forEachHeadlineBytes(in: scope, filter: filter, body) }
        try read { db in
            let table = SQLiteItemsTable(db)
            guard let conditions = try table.conditions(in: scope, filter: filter) else { return }
            let columns = SQLiteItemsTable.headline
            let statement = try table.inListOrderStatement(columns, conditions)
            // The cursor steps the statement and decodes the ID (the first column); the other
            // columns are read from the same row of the same statement.
            precondition(columns.index(of: "items.id") == 0, "the ID leads the selection")
            let (list, title, isSelected) = (
                Int32(columns.index(of: "lists.name")), Int32(columns.index(of: "items.title")),
                Int32(columns.index(of: "items.isSelected"))
            )
            let row = statement.sqliteStatement
            let ids = try ItemID.fetchCursor(statement)
            while let id = try ids.next() {
                try body(
                    HeadlineBytes(
                        id: id, isSelected: sqlite3_column_int64(row, isSelected) != 0,
                        list: Self.text(row, list), title: Self.text(row, title)))
            }
        }
    }

    /// `forEachItem` without a `String` a row: what `list --format json` writes. An item's
    /// place is counted as `forEachItem` counts it (the items before it, checked or not).
    public func forEachItemBytes(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (ItemBytes) throws -> Void
    ) throws {
        if let server { return try server.forEachItemBytes(in: scope, filter: filter, body) }
        try read { db in
            let table = SQLiteItemsTable(db)
            guard let conditions = try table.conditions(in: scope, filter: .any) else { return }
            let columns = SQLiteItemsTable.item
            let statement = try table.inListOrderStatement(columns, conditions)
            precondition(columns.index(of: "items.id") == 0, "the ID leads the selection")
            let (list, title, isSelected, listID, created, updated) = (
                Int32(columns.index(of: "lists.name")), Int32(columns.index(of: "items.title")),
                Int32(columns.index(of: "items.isSelected")),
                Int32(columns.index(of: "items.listId")),
                Int32(columns.index(of: "items.createdAt")),
                Int32(columns.index(of: "items.updatedAt"))
            )
            let row = statement.sqliteStatement
            let ids = try ItemID.fetchCursor(statement)
            var currentList: Int64 = 0
            var position: Int64 = 0
            while let id = try ids.next() {
                let rowList = sqlite3_column_int64(row, listID)
                if rowList != currentList {
                    currentList = rowList
                    position = 0
                }
                position += 1
                let selected = sqlite3_column_int64(row, isSelected) != 0
                guard filter.admits(isSelected: selected) else { continue }
                try body(
                    ItemBytes(
                        id: id, isSelected: selected, position: position,
                        list: Self.text(row, list), title: Self.text(row, title),
                        createdAt: Self.text(row, created), updatedAt: Self.text(row, updated)))
            }
        }
    }

    /// A text column's UTF-8 bytes (the pointer first, then the length, as SQLite asks).
    private static func text(_ row: SQLiteStatement, _ column: Int32) -> UnsafeRawBufferPointer {
        guard let start = sqlite3_column_text(row, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(row, column)))
    }
}
