import ChecklistModel
import ChecklistStore
import GRDB

/// The `lists` table's lookups, over a `Database` (a read's or a change's): the one place
/// that finds a list by name in SQLite (the rules for which lists must exist are
/// `ReadSteps`').
struct SQLiteListsTable {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    /// The list's row ID, if it exists. Names compare byte for byte (SQLite's BINARY).
    func id(named name: ListName) throws -> Int64? {
        try SQLRequest<Int64>(literal: "SELECT id FROM lists WHERE name = \(name)", cached: true)
            .fetchOne(db)
    }

    /// The lists of the scope with their counts, by name.
    func withCounts(in scope: FoundScope) throws -> [Checklist] {
        var conditions: [SQL] = []
        if case .list(let listID) = scope { conditions.append("lists.id = \(listID)") }
        return try SQLRequest<Checklist>(
            literal: """
                SELECT lists.name, lists.mode, coalesce(sum(items.isSelected), 0) AS checked,
                       count(items.id) AS total
                FROM lists LEFT JOIN items ON items.listId = lists.id
                \(SQLiteItemsTable.whereClause(conditions))
                GROUP BY lists.id ORDER BY lists.name
                """
        ).fetchAll(db)
    }
}
