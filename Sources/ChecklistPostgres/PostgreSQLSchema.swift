import ChecklistMigrations
import ChecklistModel

/// The `checklist` schema's migrations (`migrations/postgresql/`), applied in order, each once,
/// recorded in `checklist.migrations`.
package enum PostgreSQLSchema {
    package enum State: Equatable {
        case missing, current, pending, tooNew
    }

    static let migrations: [(identifier: String, sql: String)] =
        (embeddedServerMigrations + DemoField.serverMigrations)
        .map { ($0.identifier, String(decoding: $0.bytes, as: UTF8.self)) }
        .sorted { $0.identifier < $1.identifier }

    /// Where `needle` first starts in `bytes`, at or after `from`.
    static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from: Int
    ) -> Int? {
        guard let first = needle.first else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == first,
                (1..<needle.count).allSatisfy({ bytes[index + $0] == needle[$0] })
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Queued before the first statement that reads the schema's tables (the opening's, and
    /// `state`'s), in the same round trip: fails (invalid_text_representation, 22P02: the
    /// schema's name is no number) when the schema lets another role's code in
    /// (`PostgreSQLTrust.isUntrusted`), so nothing of the schema's is read or run by that
    /// round trip's statements; `refuseUntrusted` then names what.
    static let trustGuard =
        "SELECT n.nspname::pg_catalog.text::pg_catalog.int4 FROM pg_catalog.pg_namespace n"
        + " WHERE n.nspname = 'checklist' AND (" + PostgreSQLTrust.isUntrusted + ")"

    /// After `trustGuard` failed: refuses (65), naming what it found. Found nothing now, the
    /// owners or grants changed between the two looks (the guard's own failure, "invalid
    /// input syntax for type integer", would mean nothing to a person): 74, to run again.
    static func refuseUntrusted(_ connection: PostgreSQLConnection) throws {
        let row = try connection.query("SELECT \(sql: PostgreSQLTrust.problems)").onlyRow()
        try PostgreSQLTrust.refuse(row[0], connection)
        throw ChecklistError.databaseUnavailable(
            path: connection.uri.shown,
            reason: "the schema checklist's owners or grants changed while this command looked"
                + " at them; nothing changed (run it again)")
    }

    /// The schema's tables: those the migrations create, and `migrations`. (Found in the
    /// migrations' bytes: a scan by Foundation's `range(of:)` cost every command about 1 ms.)
    static let tables: [String] =
        ["migrations"] + migrations.flatMap { tableNames(createdBy: $0.sql) }

    /// The names after each `CREATE TABLE checklist.` in `sql`.
    static func tableNames(createdBy sql: String) -> [String] {
        tableNames(after: "CREATE TABLE checklist.", in: sql)
    }

    /// The names after each `prefix` in `sql`.
    static func tableNames(after prefix: String, in sql: String) -> [String] {
        var sql = sql
        var prefix = prefix
        return sql.withUTF8 { bytes in
            prefix.withUTF8 { prefix in
                var names: [String] = []
                var index = 0
                while let found = Self.firstIndex(of: prefix, in: bytes, from: index) {
                    let start = found + prefix.count
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
        }
    }

    /// The tables the migrations turn row-level security on for (`ALTER TABLE checklist.NAME
    /// ENABLE ROW LEVEL SECURITY`): the journal's authors' rules, which `PostgreSQLTrust`
    /// requires on.
    static let tablesWithRowSecurity: [(table: String, migration: String)] = {
        var found: [(table: String, migration: String)] = []
        for migration in migrations {
            for name in tableNames(after: "ALTER TABLE checklist.", in: migration.sql)
            where !found.contains(where: { $0.table == name })
                && migration.sql.contains("ALTER TABLE checklist.\(name) ENABLE ROW LEVEL SECURITY")
            {
                found.append((name, migration.identifier))
            }
        }
        return found
    }()

    /// What opening needs, in one round trip: whether the schema lets another role's code in
    /// (`trustGuard`, refused), then the schema's state, the role this connection writes as,
    /// the revision, whether a list is single choice (a predicted write's question) and, for an
    /// offline copy's sync (`copy`), the generation the server holds for it. Without `checklist.migrations` the statement fails and `state`'s own answers.
    static func opening(_ connection: PostgreSQLConnection, copy: String? = nil) throws
        -> Opening
    {
        let found: [[String?]]?
        connection.queue(trustGuard, [])
        // Read whatever columns the copies' row has: a schema from before 0007 has no
        // generation (nil), and one from before 0004 no table (the statement fails, as above).
        let generation: PostgreSQLQuery =
            copy.map {
                """
                , (SELECT pg_catalog.to_jsonb(c) OPERATOR(pg_catalog.->>) 'generation'
                    FROM checklist.copies c WHERE c.copy_id = \(text: $0))
                """
            } ?? ""
        do {
            found = try failing("42P01", connection) {
                try connection.query(
                    """
                    SELECT current_user::pg_catalog.text,
                        (SELECT pg_catalog.string_agg(identifier, ' ') FROM checklist.migrations),
                        (SELECT revision FROM checklist.state), \(sql: PostgreSQLTrust.rowSecurityOff),
                        EXISTS (SELECT 1 FROM checklist.lists WHERE mode = 'single')\(generation)
                    """)
            }
        } catch {
            if connection.lastFailure == "22P02" { try refuseUntrusted(connection) }
            throw error
        }
        guard let row = found?.first else { return Opening(state: try state(connection)) }
        let applied = Set((row[1] ?? "").split(separator: " ").map(String.init))
        let off = PostgreSQLTrust.rowSecurityProblems(off: row[3], applied: applied)
        try PostgreSQLTrust.refuse(off.isEmpty ? nil : off.joined(separator: "; "), connection)
        return Opening(
            state: state(applied: applied), role: row[0], revision: row[2].flatMap { Int64($0) },
            singleChoice: row[4] == "t", generation: row.count > 5 ? row[5] : nil)
    }

    /// What `opening` found.
    struct Opening {
        var state: State
        package var role: String?
        var revision: Int64?
        /// Whether a list is single choice.
        var singleChoice = false
        /// The generation of the syncing copy's last sync, as the server holds it.
        var generation: String?
    }

    /// `body`'s result, or nil when it failed with SQLSTATE `code`.
    private static func failing<T>(
        _ code: String, _ connection: PostgreSQLConnection, _ body: () throws -> T
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

    static func state(_ connection: PostgreSQLConnection) throws -> State {
        connection.queue(trustGuard, [])
        let found: [[String?]]
        do {
            found = try connection.query(
                "SELECT pg_catalog.to_regclass('checklist.migrations') IS NOT NULL")
        } catch {
            if connection.lastFailure == "22P02" { try refuseUntrusted(connection) }
            throw error
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
    /// (the one that waited finds it made; see `PostgreSQLStore.write`).
    static func migrate(_ connection: PostgreSQLConnection, at shown: String) throws {
        var found = try state(connection)
        if found == .missing || found == .pending {
            _ = try connection.query(
                "SELECT pg_catalog.pg_advisory_xact_lock($1::pg_catalog.int8)",
                [String(PostgreSQLStore.schemaLock)])
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
