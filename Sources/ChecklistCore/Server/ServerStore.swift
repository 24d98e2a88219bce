/// The PostgreSQL engine behind `ChecklistStore`: the same lists, in the schema `checklist` of
/// a server's database, written in PostgreSQL's own SQL. Every public operation is one
/// transaction. A write holds one lock, as `BEGIN IMMEDIATE` does on a file: it waits up to
/// 5 s for another write's (then `databaseBusy`, exit 74), while reads never wait. The schema
/// is created and migrated by the first write, inside that write's transaction.
final class ServerStore {
    let connection: ServerConnection
    /// The role the server knows this connection as: the author of its changes.
    lazy var role: String =
        (try? connection.query("SELECT current_user"))?
        .first?.first??.description ?? "?"

    /// The lock the first writers of an empty database take while they create the schema
    /// (a transaction-scoped advisory lock, released at commit or rollback): "CHKL" in ASCII.
    /// Once the schema is there, writes lock its row of `checklist.state` instead, which only
    /// a role that may change the lists can do.
    static let schemaLock = 0x4348_4B4C

    /// Whether a transaction is open: a read inside another read joins it.
    private var isInTransaction = false
    /// Whether this connection listens for other connections' writes; the revision it saw last,
    /// and how often it connected again.
    private var isListening = false
    private var revision: Int64 = 0
    private var reconnections: Int64 = 0

    init(_ connection: ServerConnection) {
        self.connection = connection
    }

    var shown: String { connection.uri.shown }

    /// A number that moves when a write commits on the server: the schema's revision, which
    /// every write bumps, with the number of reconnections above it. The first call starts
    /// listening; later calls look at what the server sent without a query, and read the
    /// revision again only after a notification. A notification is only a hint to look:
    /// any role that may connect can send `NOTIFY checklist_changes`, and one that cannot write
    /// moves nothing, so an editor reads nothing again for it. A connection that broke is
    /// made again here, and the number moves (everything is read again); until then this
    /// throws, and writes fail with nothing changed.
    func changeCount() throws -> Int64 {
        if !connection.isConnected {
            try connection.reconnect()
            isListening = false
            reconnections += 1
        }
        var mustLook = false
        if !isListening {
            try connection.execute("LISTEN checklist_changes")
            isListening = true
            mustLook = true
        }
        if try connection.takeNotifications() > 0 { mustLook = true }
        if mustLook { revision = try readRevision() }
        return reconnections << 48 &+ revision
    }

    /// The schema's revision; 0 while there is no schema.
    private func readRevision() throws -> Int64 {
        let exists = try connection.query(
            "SELECT pg_catalog.to_regclass('checklist.state') IS NOT NULL")
        guard exists.first?.first == "t" else { return 0 }
        let rows = try connection.query("SELECT revision FROM checklist.state")
        guard let text = rows.first?.first ?? nil, let value = Int64(text) else { return 0 }
        return value
    }

    // MARK: - Transactions

    /// Whether the schema is known to be there and of a version this program reads (the
    /// opener looked; a write made it).
    var hasSchema = false
    /// Whether the schema is known to be at this program's version (the opener looked; a
    /// write made it): a write then need not look.
    var schemaIsCurrent = false

    /// Runs `body` in one read-only transaction over one snapshot; nil when the database has no
    /// `checklist` schema yet (it reads as empty, and nothing is created). A schema recorded at
    /// a newer version than this program knows is refused.
    func read<T>(_ body: (ServerConnection) throws -> T) throws -> T? {
        try transaction(["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"]) {
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
    ///
    /// The write lock is a row lock on `checklist.state` (`FOR UPDATE`, which needs the UPDATE
    /// privilege there): a role that may only connect cannot take it and hold every writer
    /// back. It waits `lock_timeout` (5 s), then `databaseBusy`. A write's transaction that
    /// the network leaves silent is ended by the server after 10 s
    /// (`idle_in_transaction_session_timeout`), so its lock is freed for the other writers.
    func write<T>(_ body: (ServerConnection) throws -> T) throws -> T {
        do {
            return try writeOnce(body)
        } catch {
            // Another first writer created the schema while this one waited for the schema
            // lock: this session's catalog cache still said it was missing (PostgreSQL reads
            // other sessions' catalog changes at the start of a transaction and when it locks
            // a table, not after an advisory lock), so its CREATE collided. Nothing was
            // changed; a new transaction sees the schema and writes.
            guard isSchemaRace, !isInTransaction else { throw error }
            return try writeOnce(body)
        }
    }

    /// Set when a write failed because another first writer created the schema meanwhile.
    private var isSchemaRace = false

    private func writeOnce<T>(_ body: (ServerConnection) throws -> T) throws -> T {
        isSchemaRace = false
        let begin = [
            "BEGIN", "SET LOCAL lock_timeout = '5s'",
            "SET LOCAL idle_in_transaction_session_timeout = '10s'",
        ]
        let lock = "SELECT revision FROM checklist.state FOR UPDATE"
        // A current schema: the transaction, its settings and the lock go with the write's
        // first statement.
        let result = try transaction(schemaIsCurrent ? begin + [lock] : begin) {
            if !schemaIsCurrent {
                do {
                    try ServerSchema.migrate(connection, at: shown)
                } catch let error as ChecklistError {
                    isSchemaRace = ServerSchema.raceStates.contains(connection.lastFailure ?? "")
                    throw error
                }
                _ = try connection.query(lock)
            }
            return try body(connection)
        }
        // Committed: the schema is there now, at this program's version.
        hasSchema = true
        schemaIsCurrent = true
        return result
    }

    /// Inside a write that changed something: bumps the revision, and tells the editors that
    /// listen (NOTIFY is sent at commit, and not at all on a rollback).
    static func changed(_ connection: ServerConnection) {
        connection.queue("UPDATE checklist.state SET revision = revision + 1")
        connection.queue("NOTIFY checklist_changes")
    }

    /// Runs `body` between `begin` (`BEGIN` and what goes with it, queued to go with the first
    /// statement of `body`, or with `COMMIT`) and `COMMIT`; anything that fails rolls back,
    /// `begin` included.
    private func transaction<T>(_ begin: [String], _ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        for statement in begin { connection.queue(statement) }
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

    static let migrations: [(identifier: String, sql: String)] =
        embeddedServerMigrations
        .map { ($0.identifier, String(decoding: $0.bytes, as: UTF8.self)) }
        .sorted { $0.identifier < $1.identifier }

    /// The policies the migrations create; any other trigger, rule or policy on the schema's
    /// tables is someone else's code that would run as whoever writes.
    static let ownPolicies = [
        "changes_read", "changes_insert_own", "changes_update_own", "changes_delete",
    ]

    /// The schema's tables: those the migrations create, and `migrations`. (Found in the
    /// migrations' bytes: a scan by Foundation's `range(of:)` cost every command about 1 ms.)
    static let tables: [String] =
        ["migrations"] + migrations.flatMap { tableNames(createdBy: $0.sql) }

    /// The names after each `CREATE TABLE checklist.` in `sql`.
    static func tableNames(createdBy sql: String) -> [String] {
        let bytes = Array(sql.utf8)
        let prefix = Array("CREATE TABLE checklist.".utf8)
        var names: [String] = []
        var index = 0
        while index + prefix.count <= bytes.count {
            guard bytes[index..<index + prefix.count].elementsEqual(prefix) else {
                index += 1
                continue
            }
            let start = index + prefix.count
            var end = start
            while end < bytes.count,
                bytes[end] == UInt8(ascii: "_")
                    || (bytes[end] | 0x20 >= UInt8(ascii: "a")
                        && bytes[end] | 0x20 <= UInt8(ascii: "z"))
            {
                end += 1
            }
            names.append(String(decoding: bytes[start..<end], as: UTF8.self))
            index = end
        }
        return names
    }

    /// What opening needs, in one statement: the schema's state, someone else's code on its
    /// tables (as `state`), and the role this connection writes as. Its tables are found by
    /// name, without a join over the catalogs: a new connection plans this about 1 ms faster
    /// (measured: psql's `\timing` on new connections). Without `checklist.migrations` the
    /// statement fails and `state`'s own answers.
    static func opening(_ connection: ServerConnection) throws -> (state: State, role: String?) {
        let oids =
            "ARRAY["
            + tables.map { "pg_catalog.to_regclass('checklist.\($0)')" }
            .joined(separator: ", ") + "]::pg_catalog.oid[]"
        let names = "ARRAY[" + tables.map { "'\($0)'" }.joined(separator: ", ") + "]"
        func named(_ column: String) -> String {
            "(\(names))[pg_catalog.array_position(\(oids), \(column))]"
        }
        let policies = ownPolicies.map { "'\($0)'" }.joined(separator: ", ")
        let found: [[String?]]? = try failing("42P01", connection) {
            try connection.query(
                """
                SELECT current_user::pg_catalog.text,
                    (SELECT pg_catalog.string_agg(identifier, ' ') FROM checklist.migrations),
                    (SELECT pg_catalog.string_agg(what, ', ' ORDER BY what) FROM (
                        SELECT 'trigger ' || tgname::pg_catalog.text || ' on ' || \(named("tgrelid"))
                            AS what
                        FROM pg_catalog.pg_trigger
                        WHERE tgrelid = ANY(\(oids)) AND NOT tgisinternal
                        UNION ALL
                        SELECT 'rule ' || rulename::pg_catalog.text || ' on ' || \(named("ev_class"))
                        FROM pg_catalog.pg_rewrite WHERE ev_class = ANY(\(oids))
                        UNION ALL
                        SELECT 'policy ' || polname::pg_catalog.text || ' on ' || \(named("polrelid"))
                        FROM pg_catalog.pg_policy
                        WHERE polrelid = ANY(\(oids)) AND polname NOT IN (\(policies))
                    ) AS foreign_objects)
                """)
        }
        guard let row = found?.first else { return (try state(connection), nil) }
        if let foreign = row[2] {
            throw ChecklistError.untrustedServerSchema(path: connection.uri.shown, objects: foreign)
        }
        let applied = Set((row[1] ?? "").split(separator: " ").map(String.init))
        return (state(applied: applied), row[0])
    }

    /// `body`'s result, or nil when it failed with SQLSTATE `code`.
    private static func failing<T>(
        _ code: String, _ connection: ServerConnection, _ body: () throws -> T
    ) throws -> T? {
        do {
            return try body()
        } catch {
            guard connection.lastFailure == code else { throw error }
            return nil
        }
    }

    /// Where the migrations `applied` leave this program.
    private static func state(applied: Set<String>) -> State {
        let known = Set(migrations.map(\.identifier))
        if !applied.isSubset(of: known) { return .tooNew }
        return applied == known ? .current : .pending
    }

    static func state(_ connection: ServerConnection) throws -> State {
        let policies = ownPolicies.map { "'\($0)'" }.joined(separator: ", ")
        let found = try connection.query(
            """
            SELECT pg_catalog.to_regclass('checklist.migrations') IS NOT NULL,
                (SELECT pg_catalog.string_agg(what, ', ' ORDER BY what) FROM (
                    SELECT 'trigger ' || t.tgname::text || ' on ' || c.relname::text AS what
                    FROM pg_catalog.pg_trigger t
                    JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
                    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'checklist' AND NOT t.tgisinternal
                    UNION ALL
                    SELECT 'rule ' || r.rulename::text || ' on ' || c.relname::text
                    FROM pg_catalog.pg_rewrite r
                    JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
                    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'checklist' AND r.rulename <> '_RETURN'
                    UNION ALL
                    SELECT 'policy ' || p.polname::text || ' on ' || c.relname::text
                    FROM pg_catalog.pg_policy p
                    JOIN pg_catalog.pg_class c ON c.oid = p.polrelid
                    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'checklist' AND p.polname NOT IN (\(policies))
                ) AS foreign_objects)
            """)
        if let foreign = found.first?[1] {
            throw ChecklistError.untrustedServerSchema(path: connection.uri.shown, objects: foreign)
        }
        guard found.first?.first == "t" else { return .missing }
        let applied = Set(
            try connection.query("SELECT identifier FROM checklist.migrations").compactMap {
                $0.first ?? nil
            })
        return state(applied: applied)
    }

    /// What a first writer's CREATE gets when another one created the schema while it waited
    /// for the schema lock: duplicate_schema, duplicate_table, unique_violation (a catalog's
    /// index).
    static let raceStates: Set<String> = ["42P06", "42P07", "23505"]

    /// Creates the schema when it is missing and applies the pending migrations. Runs inside a
    /// write's transaction, under the schema lock, so two first writers cannot both create it
    /// (the one that waited finds it made; see `ServerStore.write`).
    static func migrate(_ connection: ServerConnection, at shown: String) throws {
        var found = try state(connection)
        if found == .missing || found == .pending {
            _ = try connection.query(
                "SELECT pg_catalog.pg_advisory_xact_lock($1::pg_catalog.int8)",
                [String(ServerStore.schemaLock)])
            found = try state(connection)
        }
        switch found {
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
