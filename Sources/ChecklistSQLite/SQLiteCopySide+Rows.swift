import ChecklistModel
import ChecklistStore
import ChecklistSync
import GRDB
import GRDBSQLite

extension SQLiteCopySide {
    /// Writes the batch's rows with one INSERT of that many rows (the statement of a full batch
    /// kept by GRDB's cache), each value's text bound as it came, without SQLite copying it
    /// (its column affinity makes numbers of digits), a flag as 1 or 0, NULL as NULL, with
    /// SQLite's own calls (GRDB's arguments cost a clone of 100,000 items about three times its
    /// SQLite work; callgrind).
    package func take(_ batch: RowBatch) throws {
        guard !batch.isEmpty else { return }
        let sql = Self.insert(batch.table, updating: batch.updating, rows: batch.rowCount)
        let statement =
            batch.isFull ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        let code = batch.bytes.withUnsafeBufferPointer { buffer -> Int32 in
            // Never nil: the bytes begin with one that no value uses.
            guard let start = buffer.baseAddress else { return SQLITE_MISUSE }
            let empty = unsafeBitCast(0, to: sqlite3_destructor_type.self)
            for (index, value) in batch.values.enumerated() {
                let place = Int32(index + 1)
                switch value.count {
                case RowBatch.Value.null: sqlite3_bind_null(handle, place)
                case RowBatch.Value.true: sqlite3_bind_int(handle, place, 1)
                case RowBatch.Value.false: sqlite3_bind_int(handle, place, 0)
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
    }

    /// The INSERT of `rows` rows of `table`'s columns; `updating` the rows of the same key.
    static func insert(_ table: StoredTable, updating: Bool, rows: Int) -> String {
        let names = table.columns.map(\.sqlite)
        let row = "(" + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        var sql =
            "INSERT INTO \(table.sqlite) (\(names.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
        if updating {
            let key = table.order.map(\.sqlite)
            sql +=
                " ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET "
                + names.filter { !key.contains($0) }.map { "\($0) = excluded.\($0)" }
                .joined(separator: ", ")
        }
        return sql
    }
}

extension SQLiteCopySide {
    /// Runs `body` on a new copy held in memory, then writes its image to `path` (which must
    /// not exist) through a private file beside it, checked and renamed: a clone that fails,
    /// or is killed while it reads the server, leaves no file.
    package static func newCopy<T>(at path: String, _ body: (SQLiteCopySide) throws -> T) throws
        -> T
    {
        var configuration = Configuration()
        // The rows come whole from a database that enforced them.
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try SQLiteSchema.migrate(queue)
        let result = try queue.write { try body(SQLiteCopySide(db: $0)) }
        try ChecklistStore.writeNewDatabase(at: path) { temporary in
            try SQLiteImage.write(queue, to: temporary)
        }
        try queue.close()
        return result
    }

    /// Runs `body` on the new, private, empty file at `path` (`ChecklistStore.writeNewDatabase`
    /// hands its writer one), made a checklist database of this program's schema: no rollback
    /// journal and no syncs while it is filled (a failure throws the file away, and the rename
    /// follows one flush of the whole file), and a page cache that holds the fill, so that
    /// SQLite never writes a page twice (a clone of 100,000 items: 0.70 s before, most of it
    /// journal syncs and spilled pages).
    static func filling(newFileAt path: String, _ body: (any CopySide) throws -> Void) throws {
        var configuration = Configuration()
        // The rows come whole from a database that enforced them.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = OFF")
            try db.execute(sql: "PRAGMA synchronous = OFF; PRAGMA cache_size = -131072")
        }
        let queue = try DatabaseQueue(
            path: SQLiteOpener.plainPath(path), configuration: configuration)
        try SQLiteSchema.migrate(queue)
        try queue.write { try body(SQLiteCopySide(db: $0)) }
        try queue.close()
    }
}

extension SQLiteEngine {
    /// Runs `body` on this file as an offline copy's side, in one write transaction.
    package func asCopy<T>(_ body: (SQLiteCopySide) throws -> T) throws -> T {
        try translatingErrors { try writer.write { try body(SQLiteCopySide(db: $0)) } }
    }

    /// Where this file's last sync left it, when it is an offline copy; nil otherwise.
    package func copyState() throws -> OfflineCopy.State? {
        try translatingErrors { try writer.read { try SQLiteCopySide(db: $0).state() } }
    }
}
