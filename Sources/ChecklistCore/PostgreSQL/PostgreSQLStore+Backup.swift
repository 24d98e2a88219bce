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
                try Self.copyRows(from: connection, into: db, tables: Self.copiedTables)
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

    /// Copies the rows of `tables` (see `copiedTables`) from the server into the file.
    static func copyRows(
        from connection: PostgreSQLConnection, into db: Database,
        tables: [(String, [String], String)]
    ) throws {
        for (table, columns, source) in tables {
            let rows = try connection.query("SELECT \(sql: source)")
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
    }

    /// The file's table and columns, and the server's SELECT that fills them, in the order
    /// the foreign keys need (from `StoredTables`). Booleans are read as text `t` and `f`.
    static let copiedTables: [(String, [String], String)] = StoredTables.all.map { table in
        (
            table.sqlite, table.columns.map(\.sqlite),
            StoredTable.names(table.columns) { $0.postgresqlRead ?? $0.postgresql } + " FROM "
                + table.postgresql + " ORDER BY " + StoredTable.names(table.order, \.postgresql)
        )
    }
}
