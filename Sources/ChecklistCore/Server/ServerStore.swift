/// The PostgreSQL engine behind `ChecklistStore`: the same lists, in the schema `checklist` of
/// a server's database, written in PostgreSQL's own SQL. Every public operation is one
/// transaction. A write holds one lock, as `BEGIN IMMEDIATE` does on a file: it waits up to
/// 5 s for another write's (then `databaseBusy`, exit 74), while reads never wait. The schema
/// is created and migrated by the first write, inside that write's transaction.
final class ServerStore {
    let connection: ServerConnection
    /// The role the server knows this connection as: the author of its changes.
    private(set) lazy var role: String = (try? connection.query("SELECT current_user"))?
        .first?.first??.description ?? "?"

    /// Every write takes this advisory lock (a transaction-scoped one, released at commit or
    /// rollback): "CHKL" in ASCII.
    static let writeLock = 0x4348_4B4C

    /// Whether a transaction is open: a read inside another read joins it.
    private var isInTransaction = false
    /// Whether this connection listens for other connections' writes, and how many it saw.
    private var isListening = false
    private var changesSeen: Int64 = 0

    init(_ connection: ServerConnection) {
        self.connection = connection
    }

    var shown: String { connection.uri.shown }

    /// A number that moves when a write commits on the server (every write sends `NOTIFY
    /// checklist_changes`): the first call starts listening, later calls look at what the
    /// server sent without a query, so an open editor costs a busy server nothing between
    /// changes. A connection that broke is made again here, and the number moves (everything
    /// is read again); until then this throws, and writes fail with nothing changed.
    func changeCount() throws -> Int64 {
        if !connection.isConnected {
            try connection.reconnect()
            isListening = false
            changesSeen += 1
        }
        if !isListening {
            try connection.execute("LISTEN checklist_changes")
            isListening = true
        }
        changesSeen += Int64(try connection.takeNotifications())
        return changesSeen
    }

    // MARK: - Transactions

    /// Whether the schema is known to be there and of a version this program reads (the
    /// opener looked; a write made it).
    var hasSchema = false

    /// Runs `body` in one read-only transaction over one snapshot; nil when the database has no
    /// `checklist` schema yet (it reads as empty, and nothing is created). A schema recorded at
    /// a newer version than this program knows is refused.
    func read<T>(_ body: (ServerConnection) throws -> T) throws -> T? {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            if !hasSchema {
                switch try ServerSchema.state(connection) {
                case .missing: return nil
                case .tooNew: throw ChecklistError.schemaTooNew(path: shown)
                case .current, .pending: hasSchema = true
                }
            }
            return try body(connection)
        }
    }

    /// Runs `body` in one write transaction holding the write lock, after creating or migrating
    /// the schema as needed. (A change that changed something bumps the revision and tells
    /// the editors: `changed()`.)
    func write<T>(_ body: (ServerConnection) throws -> T) throws -> T {
        let result = try transaction("BEGIN") {
            _ = try connection.query("SET LOCAL lock_timeout = '5s'")
            _ = try connection.query("SELECT pg_advisory_xact_lock($1)", [String(Self.writeLock)])
            try ServerSchema.migrate(connection, at: shown)
            return try body(connection)
        }
        // Committed: the schema is there now.
        hasSchema = true
        return result
    }

    /// Inside a write that changed something: bumps the revision, and tells the editors that
    /// listen (NOTIFY is sent at commit, and not at all on a rollback).
    static func changed(_ connection: ServerConnection) throws {
        try connection.execute(
            "UPDATE checklist.state SET revision = revision + 1; NOTIFY checklist_changes")
    }

    private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        _ = try connection.query(begin)
        isInTransaction = true
        defer { isInTransaction = false }
        do {
            let result = try body()
            _ = try connection.query("COMMIT")
            return result
        } catch {
            // A lost connection rolls back by itself; the first error is the one to report.
            _ = try? connection.query("ROLLBACK")
            throw error
        }
    }
}

/// The `checklist` schema's migrations (`migrations/postgresql/`), applied in order, each once,
/// recorded in `checklist.migrations`.
enum ServerSchema {
    enum State: Equatable {
        case missing, current, pending, tooNew
    }

    static let migrations: [(identifier: String, sql: String)] = embeddedServerMigrations
        .map { ($0.identifier, String(decoding: $0.bytes, as: UTF8.self)) }
        .sorted { $0.identifier < $1.identifier }

    static func state(_ connection: ServerConnection) throws -> State {
        let exists = try connection.query("SELECT to_regclass('checklist.migrations') IS NOT NULL")
        guard exists.first?.first == "t" else { return .missing }
        let applied = Set(
            try connection.query("SELECT identifier FROM checklist.migrations").compactMap {
                $0.first ?? nil
            })
        let known = Set(migrations.map(\.identifier))
        if !applied.isSubset(of: known) { return .tooNew }
        return applied == known ? .current : .pending
    }

    /// Creates the schema when it is missing and applies the pending migrations. Runs inside a
    /// write's transaction, under its lock, so two first writers cannot both create it.
    static func migrate(_ connection: ServerConnection, at shown: String) throws {
        switch try state(connection) {
        case .current: return
        case .tooNew: throw ChecklistError.schemaTooNew(path: shown)
        case .missing:
            try connection.execute(
                """
                CREATE SCHEMA IF NOT EXISTS checklist;
                CREATE TABLE checklist.migrations (
                    identifier text PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now())
                """)
        case .pending: break
        }
        let applied = Set(
            try connection.query("SELECT identifier FROM checklist.migrations").compactMap {
                $0.first ?? nil
            })
        for migration in migrations where !applied.contains(migration.identifier) {
            try connection.execute(migration.sql)
            _ = try connection.query(
                "INSERT INTO checklist.migrations (identifier) VALUES ($1)", [migration.identifier])
        }
    }
}
