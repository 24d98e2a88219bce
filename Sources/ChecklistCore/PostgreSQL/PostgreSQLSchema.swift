/// The `checklist` schema's migrations (`migrations/postgresql/`), applied in order, each once,
/// recorded in `checklist.migrations`.
enum PostgreSQLSchema {
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

    /// Whether a trigger (its name, table and function columns of `pg_trigger`) is one the
    /// migrations create on the items: `items_stamps`, calling `checklist.stamp_item()`, or
    /// `items_deletions`, calling `checklist.bury_items()` (which only their owner can replace).
    static func ownTrigger(_ name: String, _ table: String, _ function: String) -> String {
        let items = "\(table) = pg_catalog.to_regclass('checklist.items')"
        return "(\(items) AND ((\(name) = 'items_stamps'"
            + " AND \(function) = pg_catalog.to_regprocedure('checklist.stamp_item()'))"
            + " OR (\(name) = 'items_deletions'"
            + " AND \(function) = pg_catalog.to_regprocedure('checklist.bury_items()'))))"
    }

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

    /// What opening needs, in one statement: the schema's state, the role this connection
    /// writes as, the revision, and (`checkingTrust`) someone else's code on the schema's
    /// tables, refused (`checkTrust`). Without `checklist.migrations` the statement fails and
    /// `state`'s own answers (it always looks for such code).
    ///
    /// A command that may find nothing to do (a sync with nothing to send, nothing new there)
    /// opens without `checkingTrust`, and the store checks before its first transaction: the
    /// catalogs of triggers and policies cost a new connection about 2 ms of the server's time
    /// (their first reads in a backend; `log_min_duration_statement`), which a command that
    /// reads only `checklist.state` need not pay. Reading it runs no trigger or rule, and a
    /// policy on it would run in this statement whether or not the statement also looked.
    static func opening(_ connection: PostgreSQLConnection, checkingTrust: Bool = true) throws
        -> (state: State, role: String?, revision: Int64?)
    {
        let trust = checkingTrust ? ", " + trustColumns : ""
        let found: [[String?]]?
        do {
            found = try failing("42P01", connection) {
                try connection.query(
                    """
                    \(sql: checkingTrust ? tablesCTE : "")SELECT current_user::pg_catalog.text,
                        (SELECT pg_catalog.string_agg(identifier, ' ') FROM checklist.migrations),
                        (SELECT revision FROM checklist.state)\(sql: trust)
                    """)
            }
        } catch {
            // insufficient_privilege: a policy on what the opening reads (row-level security
            // is off, so the statement failed instead of running it), named here; or a
            // privilege missing, reported as it is.
            guard connection.lastFailure == "42501" else { throw error }
            try checkTrust(connection)
            throw error
        }
        guard let row = found?.first else { return (try state(connection), nil, nil) }
        if checkingTrust { try refuseForeign(row[3...], connection) }
        let applied = Set((row[1] ?? "").split(separator: " ").map(String.init))
        return (state(applied: applied), row[0], row[2].flatMap { Int64($0) })
    }

    /// Refuses (65) a schema whose tables carry triggers, rules or policies the migrations did
    /// not create: they would run as whoever writes or reads.
    static func checkTrust(_ connection: PostgreSQLConnection) throws {
        let row = try connection.query("\(sql: tablesCTE)SELECT \(sql: trustColumns)").onlyRow()
        try refuseForeign(row[...], connection)
    }

    /// The schema's tables, found by name without a join over the catalogs (a new connection
    /// plans this about 1 ms faster), once, in a materialized CTE that the looks of
    /// `trustColumns` share (about 1.5 ms faster again than naming them in each: `psql -f` of
    /// both on new connections, hyperfine).
    private static let tablesCTE: String = {
        let oids =
            "ARRAY["
            + tables.map { "pg_catalog.to_regclass('checklist.\($0)')" }
            .joined(separator: ", ") + "]::pg_catalog.oid[]"
        let names = "ARRAY[" + tables.map { "'\($0)'" }.joined(separator: ", ") + "]"
        return "WITH k AS MATERIALIZED (SELECT \(oids) AS oids, \(names) AS names)\n"
    }()

    /// Two columns over `tablesCTE`: the triggers and policies the migrations did not create,
    /// named; and the tables with (or once with) a rule, whose rules `refuseForeign` reads.
    private static let trustColumns: String = {
        func named(_ column: String) -> String {
            "k.names[pg_catalog.array_position(k.oids, \(column))]"
        }
        let policies = ownPolicies.map { "'\($0)'" }.joined(separator: ", ")
        return """
            (SELECT pg_catalog.string_agg(what, ', ' ORDER BY what) FROM k, LATERAL (
                SELECT 'trigger ' || t.tgname::pg_catalog.text || ' on ' || \(named("t.tgrelid"))
                    AS what
                FROM pg_catalog.pg_trigger t
                WHERE t.tgrelid = ANY(k.oids) AND NOT t.tgisinternal
                    AND NOT \(ownTrigger("t.tgname", "t.tgrelid", "t.tgfoid"))
                UNION ALL
                SELECT 'policy ' || p.polname::pg_catalog.text || ' on ' || \(named("p.polrelid"))
                FROM pg_catalog.pg_policy p
                WHERE p.polrelid = ANY(k.oids) AND p.polname NOT IN (\(policies))
            ) AS foreign_objects),
            (SELECT pg_catalog.string_agg(c.oid::pg_catalog.text, ',') FROM k,
                pg_catalog.pg_class c WHERE c.oid = ANY(k.oids) AND c.relhasrules)
            """
    }()

    /// Throws when `columns` (the values of `trustColumns`) name someone else's code.
    private static func refuseForeign(
        _ columns: ArraySlice<String?>, _ connection: PostgreSQLConnection
    ) throws {
        var foreign = columns[columns.startIndex].map { [$0] } ?? []
        // Rules: the program makes none, and `relhasrules` says which tables have (or once
        // had) one, from pg_class, which a new connection has at hand; pg_rewrite itself is
        // read only then (naming it in every opening cost each command about 1 ms of the
        // server's time on a new connection: pgbench -C).
        if let tables = columns[columns.startIndex + 1] {
            foreign += try connection.query(
                """
                SELECT 'rule ' || r.rulename::pg_catalog.text || ' on ' || c.relname::pg_catalog.text
                FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
                WHERE r.ev_class = ANY(pg_catalog.string_to_array($1, ',')::pg_catalog.oid[])
                """, [tables]
            ).compactMap { $0[0] }
        }
        if !foreign.isEmpty {
            throw ChecklistError.untrustedServerSchema(
                path: connection.uri.shown, objects: foreign.joined(separator: ", "))
        }
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
                        AND NOT \(sql: ownTrigger("t.tgname", "t.tgrelid", "t.tgfoid"))
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
                    WHERE n.nspname = 'checklist' AND p.polname NOT IN (\(sql: policies))
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
