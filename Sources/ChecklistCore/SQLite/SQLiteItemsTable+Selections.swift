import GRDB

extension SQLiteItemsTable {
    // MARK: - Selections and scopes

    /// The conditions that select the items, after checking, before the first change, that
    /// every named ID and list exists.
    func target(for selection: ItemSelection, ignoringMissing: Bool) throws -> Target {
        switch selection {
        case .ids(let ids, let namedList):
            if let namedList { _ = try SQLiteListsTable(db).required(named: namedList) }
            let missing = try missing(ids)
            if !missing.isEmpty && !ignoringMissing { throw ChecklistError.itemsNotFound(missing) }
            let conditions = Self.conditions(for: ids)
            return Target(
                conditions: conditions, matched: ids.count - missing.count, missing: missing)
        case .checkedAmong(let ids, let list):
            guard let listID = try SQLiteListsTable(db).required(named: list) else {
                return Target(conditions: [], matched: 0, missing: IDSet())
            }
            let conditions = Self.conditions(for: ids).map {
                "(\($0)) AND listId = \(listID) AND isSelected = 1" as SQL
            }
            var matched = 0
            for condition in conditions {
                matched +=
                    try SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE \(condition)")
                    .fetchOne(db) ?? 0
            }
            return Target(conditions: conditions, matched: matched, missing: IDSet())
        case .all(let list), .checked(let list):
            guard let listID = try SQLiteListsTable(db).required(named: list) else {
                return Target(conditions: [], matched: 0, missing: IDSet())
            }
            let condition: SQL =
                if case .checked = selection { "listId = \(listID) AND isSelected = 1" } else {
                    "listId = \(listID)"
                }
            let matched =
                try SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE \(condition)")
                .fetchOne(db) ?? 0
            return Target(conditions: [condition], matched: matched, missing: IDSet())
        }
    }

    /// Every item of the scope, in order, with its place counted; a filter is applied here,
    /// after counting (a place counts the items before it, checked or not).
    func forEach(
        in scope: ListScope, filter: ItemFilter, _ body: (Item) throws -> Void
    ) throws {
        guard let conditions = try conditions(in: scope, filter: .any) else { return }
        let columns = SQLiteItemsTable.item
        let rows = try inListOrder(columns, conditions)
        var listID: Int64 = 0
        var position: Int64 = 0
        // Decoded by position, as in `forEachHeadline`: this loop is the cost of a JSON list.
        let (id, list, title, selected, listColumn, created, updated) = (
            columns.index(of: "items.id"), columns.index(of: "lists.name"),
            columns.index(of: "items.title"), columns.index(of: "items.isSelected"),
            columns.index(of: "items.listId"), columns.index(of: "items.createdAt"),
            columns.index(of: "items.updatedAt")
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
                    updatedAt: try row.decode(atIndex: updated)))
        }
    }

    /// The conditions on `items` that select the scope's items passing the filter; nil when
    /// the scope is the default list and it does not exist yet (no items).
    func conditions(in scope: ListScope, filter: ItemFilter) throws -> [SQL]? {
        var conditions: [SQL] = []
        if case .list(let name) = scope {
            guard let listID = try SQLiteListsTable(db).required(named: name) else { return nil }
            conditions.append("items.listId = \(listID)")
        }
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
    func inListOrderStatement(_ columns: SQLiteColumnSelection, _ conditions: [SQL]) throws
        -> Statement
    {
        try db.makeStatement(
            literal: """
                SELECT \(columns.sql) FROM items JOIN lists ON lists.id = items.listId
                \(ChecklistStore.whereClause(conditions))
                ORDER BY lists.name, items.position, items.id
                """)
    }
}
