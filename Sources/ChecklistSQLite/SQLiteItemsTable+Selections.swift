import ChecklistModel
import ChecklistStore
import GRDB

extension SQLiteItemsTable {
    // MARK: - Selections and scopes

    /// Every item of the scope, in order, with its place counted; a filter is applied here,
    /// after counting (a place counts the items before it, checked or not).
    func forEach(
        in scope: FoundScope, filter: ItemFilter, _ body: (Item) throws -> Void
    ) throws {
        let conditions = Self.conditions(in: scope, filter: .any)
        let columns = Self.item
        let rows = try inListOrder(columns, conditions)
        var listID: Int64 = 0
        var position: Int64 = 0
        // Decoded by position, as in `forEachHeadline`: this loop is the cost of a JSON list.
        let (id, list, title, selected, listColumn, created, updated) = (
            columns.index(of: StoredTables.id), columns.listName,
            columns.index(of: StoredTables.title), columns.index(of: StoredTables.isSelected),
            columns.index(of: StoredTables.listID), columns.index(of: StoredTables.createdAt),
            columns.index(of: StoredTables.updatedAt)
        )
        while let row = try rows.next() {
            let rowList: Int64 = try row.decode(atIndex: listColumn)
            if rowList != listID {
                listID = rowList
                position = 0
            }
            position += 1
            let isSelected: Bool = try row.decode(atIndex: selected)
            guard filter.admits(isSelected: isSelected) else { continue }
            try body(
                Item(
                    id: try row.decode(atIndex: id), list: try row.decode(atIndex: list),
                    title: try row.decode(atIndex: title), isSelected: isSelected,
                    position: position, createdAt: try row.decode(atIndex: created),
                    updatedAt: try row.decode(atIndex: updated),
                    more: try Self.moreIndexes.map { try row.decode(atIndex: $0) }))
        }
    }

    /// The conditions on `items` that select the scope's items passing the filter.
    static func conditions(in scope: FoundScope, filter: ItemFilter) -> [SQL] {
        var conditions: [SQL] = []
        if case .list(let listID) = scope { conditions.append("items.listId = \(listID)") }
        switch filter {
        case .any: break
        case .checked: conditions.append("items.isSelected = 1")
        case .unchecked: conditions.append("items.isSelected = 0")
        }
        return conditions
    }

    /// The rows of the items the conditions select, as `columns`, by list name, then in each
    /// list's order: the cursor `list`, JSON and export read.
    func inListOrder(_ columns: SQLiteColumnSelection, _ conditions: [SQL]) throws -> RowCursor {
        try Row.fetchCursor(inListOrderStatement(columns, conditions))
    }

    /// The statement behind `inListOrder`, for a read that takes each row's bytes from SQLite
    /// itself (`ChecklistStore.forEachHeadlineBytes`).
    /// A file an older binary wrote, which a reading command reads without migrating it, may
    /// lack a shown field declared since: the statement is then made again with that field's
    /// value by default in its place (`itemSelection`), at no cost to a current file.
    func inListOrderStatement(_ columns: SQLiteColumnSelection, _ conditions: [SQL]) throws
        -> Statement
    {
        let statement = { (columns: SQLiteColumnSelection) in
            try db.makeStatement(
                literal: """
                    SELECT \(columns.sql) FROM items JOIN lists ON lists.id = items.listId
                    \(Self.whereClause(conditions))
                    ORDER BY lists.name, items.position, items.id
                    """)
        }
        do {
            return try statement(columns)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            let missing = try missingShownFields()
            if missing.isEmpty { throw error }
            return try statement(columns.lacking(missing))
        }
    }

    /// `WHERE a AND b`, or nothing.
    static func whereClause(_ conditions: [SQL]) -> SQL {
        conditions.isEmpty
            ? "" : "WHERE " + conditions.map { "(\($0))" as SQL }.joined(separator: " AND ")
    }
}
