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

    /// The policies the migrations create on `checklist.changes`: name, command (`polcmd`) and
    /// expressions as the server shows them (`pg_get_expr`; nil: none), compared without case,
    /// spaces or parentheses, so that another server version's printing of the same expression
    /// (`(author = (CURRENT_USER)::text)`) is the same (`ownExpressions`). A policy is the
    /// program's own only when all of them match: a name alone would pass another table's
    /// policy, or a rewritten one (`query_to_xml` runs any SQL from a policy's expression).
    static let ownPolicies: [(name: String, command: String, using: String?, check: String?)] = [
        ("changes_read", "r", "true", nil),
        ("changes_insert_own", "a", nil, "author = current_user"),
        ("changes_update_own", "w", "author = current_user", "author = current_user"),
        ("changes_delete", "d", "true", nil),
    ]

    /// An expression as `ownPolicy` compares it: lower case, without spaces and parentheses;
    /// `author = current_user` also in the form with the cast to text made explicit.
    static func ownExpressions(_ expression: String?) -> [String] {
        guard let expression else { return [""] }
        let bare = String(expression.lowercased().filter { !" ()".contains($0) })
        return bare.hasSuffix("current_user") ? [bare, bare + "::text"] : [bare]
    }

    /// Whether a policy (`p`, a row of `pg_policy`) is one of `ownPolicies`.
    static let ownPolicy: String = {
        func shown(_ column: String) -> String {
            "COALESCE(pg_catalog.lower(pg_catalog.translate(pg_catalog.pg_get_expr("
                + "\(column), p.polrelid), E' ()\\t\\n\\r\\f\\v', '')), '')"
        }
        let rows = ownPolicies.flatMap { policy in
            ownExpressions(policy.using).flatMap { using in
                ownExpressions(policy.check).map { check in
                    "("
                        + [policy.name, policy.command, using, check].map(literal)
                        .joined(separator: ", ") + ")"
                }
            }
        }
        return "(p.polrelid = pg_catalog.to_regclass('checklist.changes')"
            + " AND (p.polname::pg_catalog.text, p.polcmd::pg_catalog.text,"
            + " \(shown("p.polqual")), \(shown("p.polwithcheck")))"
            + " IN (VALUES \(rows.joined(separator: ", "))))"
    }()

    /// Whether a trigger (`t`, a row of `pg_trigger`, with `f`, its function's row of `pg_proc`)
    /// is one the migrations create on the items: `items_stamps`, calling
    /// `checklist.stamp_item()`, or `items_deletions`, calling `checklist.bury_items()`, each
    /// function as the migrations wrote it (its body, and whose rights it runs with), with no
    /// `WHEN` condition (code of its own, run as whoever writes): `CREATE OR REPLACE` keeps a
    /// function's OID, and `stamp_item` runs as whoever writes. (One comparison
    /// of rows over a join: a subquery a trigger, each naming its function, cost a new
    /// connection about 1 ms more of the server's time.)
    static let ownTrigger: String = {
        func asWritten(_ trigger: String, _ procedure: String, definer: Bool, config: String)
            -> String
        {
            "(\(literal(trigger)), pg_catalog.to_regprocedure('checklist.\(procedure)()')::pg_catalog.oid,"
                + " \(definer), \(literal(config)), \(literal(functionBody(procedure))))"
        }
        return "(t.tgrelid = pg_catalog.to_regclass('checklist.items') AND t.tgqual IS NULL"
            + " AND (t.tgname::pg_catalog.text, f.oid, f.prosecdef,"
            + " COALESCE(f.proconfig::pg_catalog.text, ''), f.prosrc) IN (VALUES "
            + asWritten("items_stamps", "stamp_item", definer: false, config: "") + ", "
            + asWritten(
                "items_deletions", "bury_items", definer: true,
                config: "{\"search_path=pg_catalog, pg_temp\"}") + "))"
    }()

    /// The body (between its `$$`) of the function `checklist.NAME()` as the last migration
    /// that creates or replaces it wrote it: what the server keeps as `prosrc`.
    static func functionBody(_ name: String) -> String {
        func find(_ needle: String, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
            var needle = needle
            return needle.withUTF8 { Self.firstIndex(of: $0, in: bytes, from: from) }
        }
        for migration in migrations.reversed() {
            var sql = migration.sql
            let body = sql.withUTF8 { bytes -> String? in
                guard let at = find("FUNCTION checklist.\(name)()", in: bytes, from: 0),
                    let open = find("$$", in: bytes, from: at),
                    let close = find("$$", in: bytes, from: open + 2)
                else { return nil }
                return String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
            }
            if let body { return body }
        }
        preconditionFailure("no migration creates checklist.\(name)()")
    }

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

    /// `text` as a SQL string literal (`standard_conforming_strings`, on since PostgreSQL 9.1).
    static func literal(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "'")]
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "'") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "'"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Queued before every statement that reads `checklist.migrations` or `checklist.state`
    /// (the opening's, and `state`'s): fails (invalid_text_representation, 22P02) unless both
    /// are plain tables with no rule and no row-level security, so a view or a policy put in
    /// their place never runs in this program's read. (A failed statement ends the batch it
    /// was sent in, before the read.)
    static let tablesGuard = """
        SELECT ('not a plain table: ' || c.relname::pg_catalog.text)::pg_catalog.int4
        FROM pg_catalog.pg_class c
        WHERE c.oid IN (pg_catalog.to_regclass('checklist.migrations'),
                pg_catalog.to_regclass('checklist.state'))
            AND (c.relkind <> 'r' OR c.relhasrules OR c.relrowsecurity)
        """

    /// Refuses (65) what `tablesGuard` found, naming it where the trust check can.
    static func refuseGuarded(_ connection: PostgreSQLConnection) throws -> Never {
        try checkTrust(connection)
        throw ChecklistError.untrustedServerSchema(
            path: connection.uri.shown,
            objects: "row-level security or a rule on checklist.migrations or checklist.state, or"
                + " another kind of object in place of one of them")
    }

    /// The schema's tables: those the migrations create, and `migrations`. (Found in the
    /// migrations' bytes: a scan by Foundation's `range(of:)` cost every command about 1 ms.)
    static let tables: [String] =
        ["migrations"] + migrations.flatMap { tableNames(createdBy: $0.sql) }

    /// The names after each `CREATE TABLE checklist.` in `sql`.
    static func tableNames(createdBy sql: String) -> [String] {
        var sql = sql
        var prefix = "CREATE TABLE checklist."
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

    /// What opening needs, in one statement: the schema's state, the role this connection
    /// writes as, the revision, and (`checkingTrust`) the fingerprint of the code on the
    /// schema's tables: one this user's program found clean before (`trusted`) is trusted;
    /// another is looked at in full (`checkTrust`), and someone else's code is refused.
    /// Without `checklist.migrations` the statement fails and `state`'s own answers (it always
    /// looks for such code).
    ///
    /// The full look's catalogs (the functions' bodies, the policies' expressions) cost a new
    /// connection about 1.4 ms more of the server's time than the fingerprint's row versions
    /// (`log_min_duration_statement`, one-item checks, medians of 30).
    ///
    /// A command that may find nothing to do (a sync with nothing to send, nothing new there)
    /// opens without `checkingTrust`, and the store checks before its first transaction: the
    /// catalogs of triggers and policies cost a new connection about 2 ms of the server's time
    /// (their first reads in a backend; `log_min_duration_statement`), which a command that
    /// reads only `checklist.state` need not pay. Reading it runs no trigger or rule, and a
    /// policy on it would run in this statement whether or not the statement also looked.
    static func opening(
        _ connection: PostgreSQLConnection, checkingTrust: Bool = true,
        trusted: TrustedSchemas = .standard
    ) throws -> (state: State, role: String?, revision: Int64?) {
        let trust = checkingTrust ? ", " + fingerprintColumns : ""
        let found: [[String?]]?
        connection.queue(tablesGuard, [])
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
            // The guard: not the tables the migrations made, named here.
            if connection.lastFailure == "22P02" { try refuseGuarded(connection) }
            // insufficient_privilege: a policy on what the opening reads (row-level security
            // is off, so the statement failed instead of running it), named here; or a
            // privilege missing, reported as it is.
            guard connection.lastFailure == "42501" else { throw error }
            try checkTrust(connection, trusted: trusted)
            throw error
        }
        guard let row = found?.first else { return (try state(connection), nil, nil) }
        // A table with a rule is never the program's; code not known clean is looked at.
        if checkingTrust, row[4] != nil || !trusted.contains(row[3] ?? "") {
            try checkTrust(connection, trusted: trusted)
        }
        let applied = Set((row[1] ?? "").split(separator: " ").map(String.init))
        return (state(applied: applied), row[0], row[2].flatMap { Int64($0) })
    }

    /// Looks at the schema's code again, before a transaction on a connection that the opening's
    /// look no longer covers (a second transaction: an editor's, the page's, a sync's), as the
    /// opening does: the fingerprint alone when it is of a schema found clean, else in full
    /// (`checkTrust`, which refuses someone else's code). A statement of its own, before the
    /// transaction's first: the code it looks for would run in that statement.
    static func lookAgain(_ connection: PostgreSQLConnection, trusted: TrustedSchemas = .standard)
        throws
    {
        let row = try connection.query("\(sql: tablesCTE)SELECT \(sql: fingerprintColumns)")
            .onlyRow()
        if row[1] == nil, let fingerprint = row[0], trusted.contains(fingerprint) { return }
        try checkTrust(connection, trusted: trusted)
    }

    /// Refuses (65) a schema whose tables carry triggers, rules or policies the migrations did
    /// not create: they would run as whoever writes or reads. A schema found clean is
    /// remembered by its fingerprint, read in the same statement (`trusted`).
    static func checkTrust(_ connection: PostgreSQLConnection, trusted: TrustedSchemas = .standard)
        throws
    {
        let row = try connection.query(
            "\(sql: tablesCTE)SELECT \(sql: trustColumns), \(sql: fingerprintColumns)"
        ).onlyRow()
        try refuseForeign(row[0...1], connection)
        if let fingerprint = row[2], row[3] == nil { trusted.add(fingerprint) }
    }

    /// The defaults, constraints, indexes and column types of the schema's tables that use a
    /// function, operator, operator class, type or collation that is not built in, or call a
    /// built-in function the migrations' own do not, named (`what`, over `k`): such code runs
    /// as whoever writes (a default calling the owner's function, a check constraint, an index
    /// expression, a domain's check, `query_to_xml` running any SQL). The migrations use only
    /// built-in ones, on which PostgreSQL records no dependency (they are pinned), so any
    /// dependency of these kinds that `pg_depend` records is someone else's.
    private static let dependents: String = {
        func uses(_ kind: String, _ object: String, subobject: String? = nil, of kinds: [String])
            -> String
        {
            "EXISTS (SELECT 1 FROM pg_catalog.pg_depend x"
                + " WHERE x.classid = 'pg_catalog.\(kind)'::pg_catalog.regclass"
                + " AND x.objid = \(object)"
                + (subobject.map { " AND x.objsubid = \($0)" } ?? "")
                + " AND x.refclassid IN ("
                + kinds.map { "'pg_catalog.\($0)'::pg_catalog.regclass" }.joined(separator: ", ")
                + "))"
        }
        /// Whether the expression's node tree calls a function other than the built-in ones
        /// the migrations' defaults and indexes call: a built-in one may run SQL text
        /// (`query_to_xml`), and PostgreSQL records no dependency on it.
        func callsOthers(_ tree: String) -> String {
            let allowed = [
                "now()", "int8(integer)", "text(name)", "md5(text)", "\"current_user\"()",
            ].map { "pg_catalog.to_regprocedure('pg_catalog.\($0)')" }.joined(separator: ", ")
            return "EXISTS (SELECT 1 FROM pg_catalog.regexp_matches(COALESCE(\(tree), ''),"
                + " ':funcid ([0-9]+)', 'g') AS m"
                + " WHERE m[1]::pg_catalog.oid <> ALL (pg_catalog.array_remove("
                + "ARRAY[\(allowed)]::pg_catalog.oid[], NULL)))"
        }
        let code = ["pg_proc", "pg_operator", "pg_type", "pg_collation"]
        return """
            SELECT 'default of ' || c.relname::pg_catalog.text || '.' || a.attname::pg_catalog.text
            FROM pg_catalog.pg_attrdef d JOIN pg_catalog.pg_class c ON c.oid = d.adrelid
            JOIN pg_catalog.pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
            WHERE d.adrelid = ANY(k.oids) AND (\(uses("pg_attrdef", "d.oid", of: code))
                OR \(callsOthers("d.adbin::pg_catalog.text")))
            UNION ALL
            SELECT 'constraint ' || o.conname::pg_catalog.text || ' on ' || c.relname::pg_catalog.text
            FROM pg_catalog.pg_constraint o JOIN pg_catalog.pg_class c ON c.oid = o.conrelid
            WHERE o.conrelid = ANY(k.oids) AND (\(uses("pg_constraint", "o.oid", of: code))
                OR \(callsOthers("o.conbin::pg_catalog.text")))
            UNION ALL
            SELECT 'index ' || x.relname::pg_catalog.text || ' on ' || c.relname::pg_catalog.text
            FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class x ON x.oid = i.indexrelid
            JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
            WHERE i.indrelid = ANY(k.oids)
                AND (\(uses("pg_class", "i.indexrelid", of: code + ["pg_opclass"]))
                    OR \(callsOthers("i.indexprs::pg_catalog.text || ' ' || COALESCE(i.indpred::pg_catalog.text, '')")))
            UNION ALL
            SELECT 'type of ' || c.relname::pg_catalog.text || '.' || a.attname::pg_catalog.text
            FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
            WHERE a.attrelid = ANY(k.oids) AND a.attnum > 0
                AND \(uses("pg_class", "a.attrelid", subobject: "a.attnum", of: ["pg_type", "pg_collation"]))
            """
    }()

    /// Two columns over `tablesCTE`: the fingerprint of the code on the schema's tables
    /// (`TrustedSchemas`): an MD5 of the tables' OIDs, of the OID and row version of each
    /// trigger, its function, each policy, default, constraint (and foreign key pointing at the
    /// tables from elsewhere) and index, and of each column's
    /// type and collation (`dependents`), or nil when a row version is too old to stand for
    /// its row (`young`); and `notPlainColumn`. (Looking at `dependents` on every opening cost
    /// 4 ms, most of it planning.)
    private static let fingerprintColumns = """
        (SELECT CASE WHEN pg_catalog.bool_and(young) THEN pg_catalog.md5(
                pg_catalog.array_to_string(k.oids, ' ', '-') || ' '
                || pg_catalog.string_agg(code, ' ' ORDER BY code)) END
            FROM k, LATERAL (
                SELECT 't' || t.oid::pg_catalog.text || ':' || t.xmin::pg_catalog.text
                    || ':' || COALESCE(f.oid::pg_catalog.text, '-')
                    || ':' || COALESCE(f.xmin::pg_catalog.text, '-') AS code,
                    \(young("t.xmin")) AND \(young("COALESCE(f.xmin, t.xmin)")) AS young
                FROM pg_catalog.pg_trigger t LEFT JOIN pg_catalog.pg_proc f ON f.oid = t.tgfoid
                WHERE t.tgrelid = ANY(k.oids) AND NOT t.tgisinternal
                UNION ALL
                SELECT 'p' || p.oid::pg_catalog.text || ':' || p.xmin::pg_catalog.text,
                    \(young("p.xmin"))
                FROM pg_catalog.pg_policy p WHERE p.polrelid = ANY(k.oids)
                UNION ALL
                SELECT 'd' || d.oid::pg_catalog.text || ':' || d.xmin::pg_catalog.text,
                    \(young("d.xmin"))
                FROM pg_catalog.pg_attrdef d WHERE d.adrelid = ANY(k.oids)
                UNION ALL
                SELECT 'c' || o.oid::pg_catalog.text || ':' || o.xmin::pg_catalog.text,
                    \(young("o.xmin"))
                FROM pg_catalog.pg_constraint o
                WHERE o.conrelid = ANY(k.oids) OR o.confrelid = ANY(k.oids)
                UNION ALL
                SELECT 'i' || i.indexrelid::pg_catalog.text || ':' || i.xmin::pg_catalog.text,
                    \(young("i.xmin"))
                FROM pg_catalog.pg_index i WHERE i.indrelid = ANY(k.oids)
                UNION ALL
                SELECT 'a' || a.attrelid::pg_catalog.text || '.' || a.attnum::pg_catalog.text
                    || ':' || a.atttypid::pg_catalog.text || ':' || a.attcollation::pg_catalog.text,
                    true
                FROM pg_catalog.pg_attribute a WHERE a.attrelid = ANY(k.oids) AND a.attnum > 0
            ) AS code GROUP BY k.oids),
        \(notPlainColumn)
        """

    /// Whether a row version is young enough to stand for its row: its transaction ID less than
    /// 2^30 transactions old. The same 32-bit ID comes round again only 2^32 transactions
    /// later, so a row made since cannot carry it while this holds; an older schema is looked
    /// at in full by every command (a fingerprint of the code's text instead cost each command
    /// about 1 ms more of the server's time).
    static func young(_ xid: String) -> String {
        "pg_catalog.age(\(xid)) BETWEEN 0 AND 1073741823"
    }

    /// The schema's tables that are not plain tables alone: with (or once with) a rule, with
    /// tables that inherit from them or partitions (an update or delete of the table reaches
    /// their rows, and runs their triggers and constraints), or of another kind (partitioned).
    /// Read from `pg_class`, which a new connection has at hand; what they are is named by
    /// `refuseForeign`.
    private static let notPlainColumn = """
        (SELECT pg_catalog.string_agg(c.oid::pg_catalog.text, ',') FROM k, pg_catalog.pg_class c
            WHERE c.oid = ANY(k.oids)
                AND (c.relhasrules OR c.relhassubclass OR c.relkind <> 'r'))
        """

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
    /// and foreign keys from tables outside the schema (a delete of an item cascades into such
    /// a table and runs its triggers as whoever deletes), named; and the tables with (or once
    /// with) a rule, whose rules `refuseForeign` reads.
    private static let trustColumns: String = {
        func named(_ column: String) -> String {
            "k.names[pg_catalog.array_position(k.oids, \(column))]"
        }
        return """
            (SELECT pg_catalog.string_agg(what, ', ' ORDER BY what) FROM k, LATERAL (
                SELECT 'trigger ' || t.tgname::pg_catalog.text || ' on ' || \(named("t.tgrelid"))
                    AS what
                FROM pg_catalog.pg_trigger t LEFT JOIN pg_catalog.pg_proc f ON f.oid = t.tgfoid
                WHERE t.tgrelid = ANY(k.oids) AND NOT t.tgisinternal
                    AND NOT \(ownTrigger)
                UNION ALL
                SELECT 'policy ' || p.polname::pg_catalog.text || ' on ' || \(named("p.polrelid"))
                FROM pg_catalog.pg_policy p
                WHERE p.polrelid = ANY(k.oids) AND NOT \(ownPolicy)
                UNION ALL
                SELECT 'foreign key ' || o.conname::pg_catalog.text || ' on '
                    || o.conrelid::pg_catalog.regclass::pg_catalog.text || ' referencing '
                    || \(named("o.confrelid"))
                FROM pg_catalog.pg_constraint o
                WHERE o.confrelid = ANY(k.oids)
                    AND o.conrelid <> ALL(pg_catalog.array_remove(k.oids, NULL))
                UNION ALL
                \(dependents)
            ) AS foreign_objects),
            \(notPlainColumn)
            """
    }()

    /// Throws when `columns` (the values of `trustColumns`) name someone else's code.
    private static func refuseForeign(
        _ columns: ArraySlice<String?>, _ connection: PostgreSQLConnection
    ) throws {
        var foreign = columns[columns.startIndex].map { [$0] } ?? []
        // Tables that are not plain tables alone (`notPlainColumn`): their rules (the program
        // makes none), the tables that inherit from them or are their partitions, their kind.
        // pg_rewrite and pg_inherits are read only then (naming rules in every opening cost
        // each command about 1 ms of the server's time on a new connection: pgbench -C).
        if let tables = columns[columns.startIndex + 1] {
            foreign += try connection.query(
                """
                SELECT 'rule ' || r.rulename::pg_catalog.text || ' on ' || c.relname::pg_catalog.text
                FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
                WHERE r.ev_class = ANY(pg_catalog.string_to_array($1, ',')::pg_catalog.oid[])
                UNION ALL
                SELECT 'table ' || h.inhrelid::pg_catalog.regclass::pg_catalog.text
                    || ' inheriting from ' || c.relname::pg_catalog.text
                FROM pg_catalog.pg_inherits h JOIN pg_catalog.pg_class c ON c.oid = h.inhparent
                WHERE h.inhparent = ANY(pg_catalog.string_to_array($1, ',')::pg_catalog.oid[])
                UNION ALL
                SELECT c.relname::pg_catalog.text || ', not a plain table'
                FROM pg_catalog.pg_class c
                WHERE c.oid = ANY(pg_catalog.string_to_array($1, ',')::pg_catalog.oid[])
                    AND c.relkind <> 'r'
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
        connection.queue(tablesGuard, [])
        let found: [[String?]]
        do {
            found = try connection.query(
                """
                \(sql: tablesCTE)SELECT pg_catalog.to_regclass('checklist.migrations') IS NOT NULL,
                    (SELECT pg_catalog.string_agg(what, ', ' ORDER BY what) FROM (
                        SELECT 'trigger ' || t.tgname::text || ' on ' || c.relname::text AS what
                        FROM pg_catalog.pg_trigger t
                        LEFT JOIN pg_catalog.pg_proc f ON f.oid = t.tgfoid
                        JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
                        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                        WHERE n.nspname = 'checklist' AND NOT t.tgisinternal
                            AND NOT \(sql: ownTrigger)
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
                        WHERE n.nspname = 'checklist' AND NOT \(sql: ownPolicy)
                        UNION ALL
                        SELECT what FROM k, LATERAL (\(sql: dependents)) AS d(what)
                    ) AS foreign_objects)
                """)
        } catch {
            if connection.lastFailure == "22P02" { try refuseGuarded(connection) }
            throw error
        }
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
