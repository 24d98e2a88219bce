import GRDB

extension ChecklistStore {
    // MARK: - Reads

    /// Every list with its counts, by name.
    public func lists() throws -> [Checklist] {
        if let server { return try server.lists(in: .all) }
        return try read { db in try SQLiteListsTable(db).withCounts(in: .all) }
    }

    /// The lists of the scope with their counts, then each of their items in order, from one
    /// snapshot of the database (for export: an empty list is there too).
    public func forEachList(
        in scope: ListScope, lists listsBody: ([Checklist]) throws -> Void,
        items itemBody: (Item) throws -> Void
    ) throws {
        if let server {
            return try server.forEachList(in: scope, lists: listsBody, items: itemBody)
        }
        try read { db in
            try listsBody(try SQLiteListsTable(db).withCounts(in: scope))
            try SQLiteItemsTable(db).forEach(in: scope, filter: .any, itemBody)
        }
    }

    /// Calls `body` with each item of the scope in position order, one row at a time, so a
    /// list of any length is never held in memory. An item's `position` is its 1-based place
    /// in its list, counted here: the stored column only orders a list and keeps the gaps that
    /// deletes leave (closing them would rewrite every later row of a list on every delete).
    public func forEachItem(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (Item) throws -> Void
    ) throws {
        if let server { return try server.forEachItem(in: scope, filter: filter, body) }
        try read { db in try SQLiteItemsTable(db).forEach(in: scope, filter: filter, body) }
    }

    /// Calls `body` with what text and ID output show of each item of the scope, in order. A
    /// filter uses the `(listId, isSelected)` index: no place is counted, so the other rows
    /// need not be read.
    public func forEachHeadline(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (ItemHeadline) throws -> Void
    ) throws {
        if let server {
            return try server.forEachHeadlineBytes(in: scope, filter: filter) {
                try body(
                    ItemHeadline(
                        id: $0.id, list: ListName(stored: String(decoding: $0.list, as: UTF8.self)),
                        title: String(decoding: $0.title, as: UTF8.self), isSelected: $0.isSelected)
                )
            }
        }
        try read { db in
            guard let conditions = try SQLiteItemsTable(db).conditions(in: scope, filter: filter)
            else {
                return
            }
            let columns = SQLiteItemsTable.headline
            let rows = try SQLiteItemsTable(db).inListOrder(columns, conditions)
            // Decoded by position (see `SQLiteColumnSelection`): this loop is `list`'s whole cost.
            let (id, list, title, isSelected) = (
                columns.index(of: "items.id"), columns.index(of: "lists.name"),
                columns.index(of: "items.title"), columns.index(of: "items.isSelected")
            )
            while let row = try rows.next() {
                try body(
                    ItemHeadline(
                        id: try row.decode(atIndex: id), list: try row.decode(atIndex: list),
                        title: try row.decode(atIndex: title),
                        isSelected: try row.decode(atIndex: isSelected)))
            }
        }
    }

    /// The items of the scope in position order (for small lists and tests; see `forEachItem`).
    public func items(in scope: ListScope, filter: ItemFilter = .any) throws -> [Item] {
        var items: [Item] = []
        try forEachItem(in: scope, filter: filter) { items.append($0) }
        return items
    }

    /// The largest ID among the scope's items that pass the filter (0 when there are none):
    /// the widest ID `forEachHeadline` shows. Each list costs one or two seeks to the end of
    /// its `(listId, isSelected)` index range, whatever its size.
    public func largestItemID(in scope: ListScope, filter: ItemFilter = .any) throws -> Int64 {
        let states: [Int] =
            switch filter {
            case .any: [0, 1]
            case .checked: [1]
            case .unchecked: [0]
            }
        // The largest ID of one list (`list`, an SQL expression) in the states the filter keeps.
        func largest(in list: SQL) -> SQL {
            let seeks = states.map { state -> SQL in
                "coalesce((SELECT max(id) FROM items WHERE listId = \(list) AND isSelected = \(state)), 0)"
            }
            // max() of two arguments is SQLite's scalar maximum.
            return seeks.count == 1 ? seeks[0] : "max(\(seeks[0]), \(seeks[1]))"
        }
        if let server { return try server.largestItemID(in: scope, filter: filter) }
        return try read { db in
            let request: SQL
            switch scope {
            case .all where filter == .any:
                request = "SELECT coalesce(max(id), 0) FROM items"
            case .all:
                request = "SELECT coalesce(max(\(largest(in: "lists.id"))), 0) FROM lists"
            case .list(let name):
                guard let listID = try SQLiteListsTable(db).required(named: name) else { return 0 }
                request = "SELECT \(largest(in: "\(listID)"))"
            }
            return try SQLRequest<Int64>(literal: request).fetchOne(db) ?? 0
        }
    }

    /// The checked and total counts of the scope.
    public func counts(in scope: ListScope) throws -> ItemCounts {
        if let server { return try server.counts(in: scope) }
        return try read { db in
            var conditions: [SQL] = []
            if case .list(let name) = scope {
                guard let listID = try SQLiteListsTable(db).required(named: name) else {
                    return ItemCounts(checked: 0, total: 0)
                }
                conditions.append("listId = \(listID)")
            }
            let row = try SQLRequest<Row>(
                literal: """
                    SELECT coalesce(sum(isSelected), 0) AS checked, count(*) AS total FROM items
                    \(Self.whereClause(conditions))
                    """
            ).fetchOne(db)
            guard let row else { return ItemCounts(checked: 0, total: 0) }
            return ItemCounts(
                checked: try row.decode(forColumn: "checked"),
                total: try row.decode(forColumn: "total"))
        }
    }

    /// The recorded changes, newest first.
    public func history(limit: Int = 50) throws -> [Change] {
        if let server { return try server.history(limit: limit) }
        return try read { db in
            // A database not yet migrated to the journal (opened read-only) has no history.
            guard try db.tableExists("changes") else { return [] }
            return try SQLRequest<Change>(
                literal: """
                    SELECT * FROM changes ORDER BY id DESC LIMIT \(limit)
                    """
            ).fetchAll(db)
        }
    }

    // MARK: - Steps

    /// `WHERE a AND b`, or nothing.
    static func whereClause(_ conditions: [SQL]) -> SQL {
        conditions.isEmpty
            ? "" : "WHERE " + conditions.map { "(\($0))" as SQL }.joined(separator: " AND ")
    }
}
