import GRDB
import GRDBSQLite

extension PostgreSQLStore {
    /// `backup` of a server's lists: a SQLite checklist database at `path` (an empty file
    /// this process created) that `--db PATH` opens, with the same lists, items, IDs, history
    /// and authors, read from one snapshot of the server. The server's journal records
    /// selection changes as whole rows, so the copy's `undo` works as the server's would.
    func copy(toSQLiteAt path: String) throws {
        let queue = try ChecklistStore.fillingQueue(at: path)
        try SQLiteSchema.migrate(queue)
        _ = try read { connection in
            try queue.write { db in
                let state = try connection.query(
                    "SELECT last_item_id, last_change_id FROM checklist.state"
                ).first
                try Self.copyRows(from: connection, into: db, Self.copiedTables)
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

    /// Copies rows of the server's tables into the file, each `RowCopy` in turn: each value's
    /// text bound as it came (SQLite's column affinity makes numbers of digits), a boolean's `t`
    /// and `f` as 1 and 0, NULL as NULL, with SQLite's own calls (GRDB's arguments cost a clone
    /// of 100,000 items about three times its SQLite work; callgrind).
    static func copyRows(
        from connection: PostgreSQLConnection, into db: Database, _ copies: [RowCopy]
    ) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for copy in copies {
            let columns = copy.table.columns.map(\.sqlite)
            let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            var insert =
                "INSERT INTO \(copy.table.sqlite) (\(columns.joined(separator: ", ")))"
                + " VALUES (\(marks))"
            if copy.updating {
                let key = copy.table.order.map(\.sqlite)
                insert +=
                    " ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET "
                    + columns.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
                    .joined(separator: ", ")
            }
            let statement = try db.makeStatement(sql: insert)
            let handle = statement.sqliteStatement
            let flag = Int32(columns.firstIndex(of: "isSelected") ?? -1)
            let count = Int32(columns.count)
            try connection.forEachRow(copy.select) { row in
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

    /// The rows of one table a copy brings: all of them, or those `condition` selects; added
    /// to the file's table, or `updating` its rows of the same key (the table's order).
    struct RowCopy {
        let table: StoredTable
        var condition: PostgreSQLQuery?
        var updating = false

        /// The server's SELECT: the file's columns in order, booleans read as text `t` and `f`.
        var select: PostgreSQLQuery {
            let columns = StoredTable.names(table.columns) { $0.postgresqlRead ?? $0.postgresql }
            let order = StoredTable.names(table.order, \.postgresql)
            guard let condition else {
                return "SELECT \(sql: columns) FROM \(sql: table.postgresql) ORDER BY \(sql: order)"
            }
            return """
                SELECT \(sql: columns) FROM \(sql: table.postgresql) WHERE \(condition)
                ORDER BY \(sql: order)
                """
        }
    }

    /// Every row of every table a copy of the whole database holds, in the order the foreign
    /// keys need (`StoredTables.all`).
    static let copiedTables = StoredTables.all.map { RowCopy(table: $0) }
}
