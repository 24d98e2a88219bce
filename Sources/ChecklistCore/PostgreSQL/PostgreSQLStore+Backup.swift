import GRDB

extension PostgreSQLStore {
    /// `backup` of a server's lists: a SQLite checklist database at `path` (an empty file
    /// this process created) that `--db PATH` opens, with the same lists, items, IDs, history
    /// and authors, read from one snapshot of the server. The server's journal records
    /// selection changes as whole rows, so the copy's `undo` works as the server's would.
    func copy(toSQLiteAt path: String) throws {
        let queue = try DatabaseQueue(path: DatabaseOpener.plainPath(path))
        try SQLiteSchema.migrate(queue)
        _ = try read { connection in
            try queue.write { db in
                let state = try connection.query(
                    "SELECT last_item_id, last_change_id FROM checklist.state"
                ).first
                for (table, columns, source) in Self.copiedTables {
                    let rows = try connection.query("SELECT \(source)")
                    let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
                    let statement = try db.makeStatement(
                        sql: "INSERT INTO \(table) (\(columns.joined(separator: ", ")))"
                            + " VALUES (\(marks))")
                    // Booleans come as t and f; SQLite keeps 1 and 0.
                    let flag = columns.firstIndex(of: "isSelected")
                    for row in rows {
                        let values = try row.enumerated().map { index, value -> DatabaseValue in
                            guard let value else { return .null }
                            return index == flag
                                ? try PostgreSQLValues.bool(value.utf8).databaseValue
                                : value.databaseValue
                        }
                        try statement.execute(arguments: StatementArguments(values))
                    }
                }
                // AUTOINCREMENT's counters, so no ID the server gave out is given again.
                try db.execute(sql: "DELETE FROM sqlite_sequence")
                try db.execute(
                    sql: """
                        INSERT INTO sqlite_sequence (name, seq) VALUES ('items', ?), ('changes', ?)
                        """, arguments: [state?[0] ?? "0", state?[1] ?? "0"])
            }
        }
        try queue.close()
    }

    /// The file's table and columns, and the server's SELECT that fills them, in the order
    /// the foreign keys need. Booleans are read as text `t` and `f`.
    private static let copiedTables: [(String, [String], String)] = [
        (
            "lists", ["id", "name", "mode", "createdAt", "updatedAt"],
            "id, name, mode, created_at, updated_at FROM checklist.lists ORDER BY id"
        ),
        (
            "items", ["id", "listId", "title", "isSelected", "position", "createdAt", "updatedAt"],
            "id, list_id, title, is_selected, position, created_at, updated_at"
                + " FROM checklist.items ORDER BY id"
        ),
        (
            "changes", ["id", "command", "description", "itemCount", "createdAt", "author"],
            "id, command, description, item_count, created_at, author"
                + " FROM checklist.changes ORDER BY id"
        ),
        (
            "changedItems",
            [
                "changeId", "itemId", "listId", "title", "isSelected", "position", "createdAt",
                "updatedAt",
            ],
            "change_id, item_id, list_id, title, is_selected, position, created_at, updated_at"
                + " FROM checklist.changed_items ORDER BY change_id, item_id"
        ),
        (
            "changedSelections", ["changeId", "isSelected", "updatedAt", "itemIds"],
            "change_id, is_selected, updated_at, array_to_json(item_ids)::text"
                + " FROM checklist.changed_selections ORDER BY change_id"
        ),
        (
            "addedItems", ["changeId", "firstId", "lastId"],
            "change_id, first_id, last_id FROM checklist.added_items ORDER BY change_id"
        ),
        (
            "changedLists", ["changeId", "listId", "name", "mode", "createdAt", "updatedAt"],
            "change_id, list_id, name, mode, created_at, updated_at"
                + " FROM checklist.changed_lists ORDER BY change_id, list_id"
        ),
    ]
}
