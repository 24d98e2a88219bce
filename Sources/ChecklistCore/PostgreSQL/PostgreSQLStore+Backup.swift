import GRDB
import GRDBSQLite

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

    /// Copies the rows of `tables` (see `copiedTables`) from the server into the file: each
    /// value's text bound as it came (SQLite's column affinity makes numbers of digits), a
    /// boolean's `t` and `f` as 1 and 0, NULL as NULL, with SQLite's own calls (GRDB's
    /// arguments cost a clone of 100,000 items about three times its SQLite work; callgrind).
    static func copyRows(
        from connection: PostgreSQLConnection, into db: Database,
        tables: [(String, [String], String)]
    ) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (table, columns, source) in tables {
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            let statement = try db.makeStatement(
                sql: "INSERT INTO \(table) (\(columns.joined(separator: ", ")))"
                    + " VALUES (\(marks))")
            let handle = statement.sqliteStatement
            let flag = Int32(columns.firstIndex(of: "isSelected") ?? -1)
            let count = Int32(columns.count)
            try connection.forEachRow("SELECT \(sql: source)") { row in
                sqlite3_reset(handle)
                for column in 0..<count {
                    let place = column + 1
                    if row.isNull(column) {
                        sqlite3_bind_null(handle, place)
                    } else if column == flag {
                        sqlite3_bind_int(handle, place, try row.bool(column) ? 1 : 0)
                    } else {
                        let bytes = row.bytes(column)
                        if let base = bytes.baseAddress {
                            sqlite3_bind_text(
                                handle, place, base.assumingMemoryBound(to: CChar.self),
                                Int32(bytes.count), transient)
                        } else {
                            sqlite3_bind_text(handle, place, "", 0, transient)
                        }
                    }
                }
                let code = sqlite3_step(handle)
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code),
                        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
            }
            sqlite3_reset(handle)
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
