import GRDB

extension ChecklistStore {
    // MARK: - Reads that find items by their words

    /// Calls `body` with each item of the scope whose title `match` accepts, in position order,
    /// one row at a time (see `forEachItem(in:filter:detailed:_:)`). The titles are compared
    /// in Swift as the rows stream: SQLite's `LIKE` folds ASCII only, and a title that fails
    /// costs no more than reading its row, which the plain list pays too.
    public func forEachItem(
        in scope: ListScope, filter: ItemFilter = .any, matching match: TextMatch,
        detailed: Bool = true, _ body: (Item) throws -> Void
    ) throws {
        try forEachItem(in: scope, filter: filter, detailed: detailed) { item in
            if match.matches(item.title) { try body(item) }
        }
    }

    /// The checked and total counts of the items of the scope whose title `match` accepts.
    public func counts(in scope: ListScope, matching match: TextMatch) throws -> ItemCounts {
        try read { db in
            var sql = "SELECT title, isSelected FROM items"
            var arguments: StatementArguments = []
            if case .list(let name) = scope {
                guard let listID = try requireList(named: name, db) else {
                    return ItemCounts(checked: 0, total: 0)
                }
                sql += " WHERE listId = ?"
                arguments = [listID]
            }
            var counts = ItemCounts(checked: 0, total: 0)
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                let title: String = try row.decode(atIndex: 0)
                guard match.matches(title) else { continue }
                counts.total += 1
                if try row.decode(atIndex: 1) as Bool { counts.checked += 1 }
            }
            return counts
        }
    }
}
