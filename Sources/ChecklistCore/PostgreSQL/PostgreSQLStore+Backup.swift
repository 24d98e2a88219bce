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
                // A schema an older binary left (backup does not migrate it) may lack a shown
                // field: the copy takes its value by default.
                let missing =
                    schemaIsCurrent
                    ? []
                    : try PostgreSQLReads(connection: connection, schemaIsCurrent: false)
                        .missingFields()
                try Self.copyRows(
                    from: connection, into: db,
                    Self.copiedTables.map { RowCopy(table: $0.table, missing: missing) })
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
    /// of 100,000 items about three times its SQLite work; callgrind). Rows are read as the
    /// server sends them (single-row mode: the server reads while the file is written) and
    /// written `RowBatch.rows` to a statement: a statement's own work (AUTOINCREMENT's counter
    /// among it) was most of a clone's, one row a statement (callgrind: 2.2 of 3.0 billion
    /// instructions for 100,000 items).
    ///
    /// With `screen`, items and lists the command line's rules refuse are left out and noted.
    static func copyRows(
        from connection: PostgreSQLConnection, into db: Database, _ copies: [RowCopy],
        screen: BroughtRows? = nil
    ) throws {
        for copy in copies {
            var batch = try RowBatch(copy, db)
            let admits = screen.map { copy.admission($0) } ?? { _ in true }
            try connection.forEachRowStreaming(copy.select) { row in
                guard try admits(row) else { return }
                for column in 0..<batch.columns {
                    if row.isNull(column) {
                        batch.appendNull()
                    } else if batch.isBoolean[Int(column)] {
                        batch.append(flag: try row.bool(column))
                    } else {
                        batch.append(text: row.bytes(column))
                    }
                }
                if batch.isFull { try batch.write() }
            }
            try batch.write()
        }
    }

    /// Rows on their way into the file: their values' bytes kept together, bound (without
    /// SQLite copying them again) to one INSERT of that many rows.
    struct RowBatch {
        static let rows = 64
        let copy: RowCopy
        let db: Database
        let columns: Int32
        /// Whether each column is a boolean (its `t` and `f` are written as 1 and 0).
        let isBoolean: [Bool]
        private let full: Statement
        private var bytes: [UInt8] = [0]
        /// Each value: where its bytes start, and how many (-1: NULL; -2, -3: a boolean).
        private var values: [(start: Int, count: Int)] = []

        init(_ copy: RowCopy, _ db: Database) throws {
            self.copy = copy
            self.db = db
            let names = copy.table.columns.map(\.sqlite)
            columns = Int32(names.count)
            isBoolean = copy.table.columns.map { $0.type == .boolean }
            full = try db.makeStatement(sql: Self.insert(copy, rows: Self.rows))
        }

        static func insert(_ copy: RowCopy, rows: Int) -> String {
            let names = copy.table.columns.map(\.sqlite)
            let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
            var sql =
                "INSERT INTO \(copy.table.sqlite) (\(names.joined(separator: ", "))) VALUES "
                + Array(repeating: row, count: rows).joined(separator: ", ")
            if copy.updating {
                let key = copy.table.order.map(\.sqlite)
                sql +=
                    " ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET "
                    + names.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
                    .joined(separator: ", ")
            }
            return sql
        }

        var isFull: Bool { values.count == Self.rows * Int(columns) }

        mutating func appendNull() { values.append((0, -1)) }

        mutating func append(flag: Bool) { values.append((0, flag ? -2 : -3)) }

        mutating func append(text: UnsafeRawBufferPointer) {
            values.append((bytes.count, text.count))
            bytes.append(contentsOf: text)
        }

        /// Writes the rows held (the full statement, or one made for fewer), and empties it.
        mutating func write() throws {
            guard !values.isEmpty else { return }
            let rows = values.count / Int(columns)
            let statement =
                rows == Self.rows ? full : try db.makeStatement(sql: Self.insert(copy, rows: rows))
            let handle = statement.sqliteStatement
            sqlite3_reset(handle)
            let code = bytes.withUnsafeBufferPointer { buffer -> Int32 in
                // Never nil: the bytes begin with one that no value uses.
                guard let start = buffer.baseAddress else { return SQLITE_MISUSE }
                let empty = unsafeBitCast(0, to: sqlite3_destructor_type.self)
                for (index, value) in values.enumerated() {
                    let place = Int32(index + 1)
                    switch value.count {
                    case -1: sqlite3_bind_null(handle, place)
                    case -2, -3: sqlite3_bind_int(handle, place, value.count == -2 ? 1 : 0)
                    default:
                        let base = UnsafeRawPointer(start + value.start)
                        sqlite3_bind_text(
                            handle, place, base.assumingMemoryBound(to: CChar.self),
                            Int32(value.count), empty)
                    }
                }
                return sqlite3_step(handle)
            }
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
            guard code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            values.removeAll(keepingCapacity: true)
            bytes.removeSubrange(1...)
        }
    }

    /// The rows of one table a copy brings: all of them, or those `condition` selects; added
    /// to the file's table, or `updating` its rows of the same key (the table's order).
    struct RowCopy {
        let table: StoredTable
        var condition: PostgreSQLQuery?
        var updating = false
        /// Shown fields the server's tables lack (a schema an older binary left), read at
        /// their values by default.
        var missing: Set<String> = []

        /// The server's SELECT: the file's columns in order, booleans read as text `t` and `f`.
        var select: PostgreSQLQuery {
            let columns = StoredTable.names(table.columns) { column in
                guard let shown = column.shown, missing.contains(column.postgresql) else {
                    return column.postgresqlRead
                }
                return "'\(shown.defaultText)'"
            }
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

}

extension PostgreSQLStore.RowCopy {
    /// Whether a row of this table may enter a copy, by `screen`'s rules (items and lists;
    /// every row of the other tables).
    func admission(_ screen: BroughtRows) -> (PostgreSQLRow) throws -> Bool {
        let columns = table.columns
        func index(_ column: StoredColumn) -> Int32 {
            Int32(columns.firstIndex(of: column) ?? 0)
        }
        let id = index(StoredTables.id)
        switch table.sqlite {
        case StoredTables.lists.sqlite:
            let name = index(StoredTables.listName)
            return { row in screen.admitsList(id: try row.int64(id), name: row.bytes(name)) }
        case StoredTables.items.sqlite:
            let list = index(StoredTables.listID)
            let title = index(StoredTables.title)
            let fields = StoredTables.moreShownItemFields.map(index)
            return { row in
                screen.admitsItem(
                    id: try row.int64(id), listID: try row.int64(list), title: row.bytes(title),
                    fields: fields.map { row.bytes($0) })
            }
        default:
            return { _ in true }
        }
    }
}

extension PostgreSQLStore {
    /// Every row of every table a copy of the whole database holds, in the order the foreign
    /// keys need (`StoredTables.all`).
    static let copiedTables = StoredTables.all.map { RowCopy(table: $0) }
}
