import GRDB
import GRDBSQLite

/// The repository: the only code that speaks SQL. Each public method is one transaction, so a
/// command happens completely or not at all; writes are IMMEDIATE transactions (GRDB's default
/// for writes), so two processes never both read and then race to upgrade their locks. Every
/// write goes through `recordingChange`, which journals it for `undo`.
public struct ChecklistStore: @unchecked Sendable {
    /// Where the lists are: a SQLite file (this file's methods and their extensions speak its
    /// SQL) or a PostgreSQL server (`PostgreSQLStore` speaks its own).
    enum Engine {
        case file(any DatabaseWriter)
        case server(PostgreSQLStore)
    }

    let engine: Engine
    private let chosenAuthor: String?

    /// A store over a database that is already migrated (see `DatabaseOpener`), writing as
    /// `author` (by default the login name).
    public init(_ writer: any DatabaseWriter, author: String? = nil) {
        self.engine = .file(writer)
        self.chosenAuthor = author
    }

    /// A store over a PostgreSQL server; changes record the server's role as their author.
    init(server: PostgreSQLStore, author: String? = nil) {
        self.engine = .server(server)
        self.chosenAuthor = author
    }

    /// Whom the changes made through this store record as their author, and whose newest
    /// change `undo` reverts: the login name on a file, the role on a server. Looked up when a
    /// change needs it: a read never asks the system for the user's name (without LOGNAME that
    /// reads the password database).
    public var author: String {
        if let chosenAuthor { return chosenAuthor }
        if case .server(let server) = engine { return server.role }
        return FileSystem.loginName
    }

    /// The same database, with changes made as `author`.
    public func actingAs(_ author: String) -> ChecklistStore {
        switch engine {
        case .file(let writer): ChecklistStore(writer, author: author)
        case .server(let server): ChecklistStore(server: server, author: author)
        }
    }

    /// The server, when the lists are on one.
    var server: PostgreSQLStore? {
        if case .server(let server) = engine { return server }
        return nil
    }

    /// The file's database. On a server, a command whose server SQL is not written yet stops
    /// here, before it reads or changes anything.
    private var writer: any DatabaseWriter {
        get throws {
            switch engine {
            case .file(let writer): return writer
            case .server(let server):
                throw ChecklistError.databaseUnavailable(
                    path: server.shown,
                    reason: "this command does not work on a PostgreSQL server yet;"
                        + " nothing changed (use it on a SQLite file: pass --db PATH)")
            }
        }
    }

    /// A migrated, empty in-memory store: what a missing file reads as, and what tests use.
    public static func empty() throws -> ChecklistStore {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        return ChecklistStore(queue)
    }

    /// Closes a file's connection now, as its deinitializer would: the last connection to a
    /// file checkpoints it and removes its `-wal` and `-shm` files. Returns false, and does
    /// nothing, on a server, whose connection ends with the store. A closed file's store must
    /// not be used again (GRDB treats that as a programming error).
    ///
    /// For a process about to exit, which keeps the closed store rather than let it go: GRDB's
    /// deinitializer then unregisters notification observers and disposes a dispatch queue,
    /// which starts a thread, about 8% of `count`'s instructions (callgrind).
    public func closeFile() throws -> Bool {
        guard case .file(let writer) = engine else { return false }
        try writer.close()
        return true
    }

    /// Closes the file from inside its own serialized access and then runs `exit` there, so
    /// that no other thread can reach the closed connection in between: for `serve`, whose
    /// other threads still read when it stops (a read on a closed connection hands SQLite a
    /// null handle: SIGSEGV). Every statement is finalized first, so SQLite closes at once,
    /// checkpoints, and removes the `-wal` and `-shm` files. A server's store: `exit` alone.
    public func closeFile(thenExit exit: () -> Never) throws -> Never {
        guard case .file(let writer) = engine else { exit() }
        writer.writeWithoutTransaction { db in
            let connection = db.sqliteConnection
            while let statement = sqlite3_next_stmt(connection, nil) {
                sqlite3_finalize(statement)
            }
            sqlite3_close(connection)
            exit()
        }
        exit()  // not reached: the access above ends the process
    }

    /// Copies the database into the empty file at `path` (see `backup(to:overwriting:)`).
    func copy(to path: String) throws {
        if let server { return try server.copy(toSQLiteAt: path) }
        // VACUUM INTO cannot run inside a transaction; it reads one snapshot by itself.
        try writer.writeWithoutTransaction { db in
            try db.execute(literal: "VACUUM INTO \(DatabaseOpener.plainPath(path))")
        }
    }

    // MARK: - Transactions and errors

    /// One write, journalled: opens the change (one IMMEDIATE transaction), runs `body`, and
    /// records the change under `command` with the description `body` returns. A body that
    /// throws changes nothing and records nothing.
    func recordingChange<Change: ChangeDescribing>(
        _ command: String, _ body: (SQLiteChange) throws -> Change
    ) throws -> Change {
        try write { db in
            let transaction = try SQLiteChange(db, author: author)
            let change = try body(transaction)
            try transaction.finish(command, change)
            return change
        }
    }

    /// One journalled write whose rules are written once, over either engine's steps (see
    /// `ChangeSteps`): on a file, `recordingChange`; on a server, the server's.
    func recordingSteps<Change: ChangeDescribing>(
        _ command: String, _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change {
        if let server {
            return try server.recordingChange(command, author: author) { try body($0) }
        }
        return try recordingChange(command) { try body($0) }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.read(body) }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.write(body) }
    }

    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: (try? writer.path) ?? "the database")
        }
    }
}
