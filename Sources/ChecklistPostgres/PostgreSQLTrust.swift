import ChecklistModel

/// Who the `checklist` schema trusts, as PostgreSQL defines it (its manual, "Function
/// Security"): code put in the database by an object's owner runs as whoever uses the object,
/// so a role writes only where the owners are trusted and nobody else may create. The schema's
/// owner is trusted, as PostgreSQL trusts a table's owner: what the owner puts on the tables
/// (a trigger, a policy, a default) is theirs to put there. What is refused (65) is anything
/// that lets another role's code in, so a command never runs it:
/// - an object of the schema (a table, sequence, index, view, function, type) owned by a role
///   that may not act as the schema's owner (the owner, a member of its role, a superuser);
/// - another role (or every role, `PUBLIC`) allowed to create objects in the schema (`CREATE`),
///   or to create triggers on, or references to, its tables (`TRIGGER`, `REFERENCES`, on a
///   table or a column);
/// - row-level security off on a table an applied migration turned it on for (the journal's
///   authors' rules, which the owner could turn off unnoticed): `rowSecurityOff`, read with
///   the opening's statement, since which migrations are applied is read there.
///
/// Against roles that are not trusted the rest stands: every name qualified, a fixed
/// `search_path`, the journal's row-level security, the write lock.
enum PostgreSQLTrust {
    /// One column: what makes the schema untrusted, each named with its role (`function
    /// checklist.helper is owned by bob, not by the schema's owner ana`), joined by "; ", or
    /// NULL; a database without the schema gives NULL. Asked for only once the guard
    /// (`isUntrusted`) failed.
    ///
    /// A role is trusted when it may act as the schema's owner: the owner, a member of the
    /// owner's role, or a superuser (`pg_has_role(…, 'MEMBER')`, a function, so the catalog of
    /// roles is not planned into the statement).
    static let problems: String = {
        func trusted(_ role: String) -> String {
            "pg_catalog.pg_has_role(\(role), s.nspowner, 'MEMBER')"
        }
        /// A grantee that is not trusted: `PUBLIC` (0, which `pg_has_role` would not take), or
        /// a role that may not act as the owner. (A CASE: the order is kept.)
        func untrusted(_ grantee: String) -> String {
            "CASE WHEN \(grantee) = 0 THEN true ELSE NOT \(trusted(grantee)) END"
        }
        func name(_ role: String) -> String {
            "CASE WHEN \(role) = 0 THEN 'every role (PUBLIC)'"
                + " ELSE pg_catalog.pg_get_userbyid(\(role))::pg_catalog.text END"
        }
        func owned(_ kind: String, _ object: String, _ owner: String) -> String {
            "\(kind) || ' checklist.' || \(object)::pg_catalog.text || ' is owned by '"
                + " || \(name(owner)) || ', not by the schema''s owner ' || \(name("s.nspowner"))"
        }
        func granted(_ column: String) -> String {
            "\(name("a.grantee")) || CASE a.privilege_type"
                + " WHEN 'TRIGGER' THEN ' may create triggers on checklist.'"
                + " ELSE ' may make references to checklist.' END"
                + " || c.relname::pg_catalog.text || \(column) || ' (' || a.privilege_type || ')'"
        }
        let relationKind =
            "CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'S' THEN 'sequence'"
            + " WHEN 'i' THEN 'index' WHEN 'I' THEN 'index' WHEN 'v' THEN 'view'"
            + " WHEN 'm' THEN 'materialized view' ELSE 'relation' END"
        // Each relation once (its owner, its grants, its columns' grants): fewer joins to plan
        // than a look of each kind.
        return """
            (SELECT pg_catalog.string_agg(problem, '; ' ORDER BY problem) FROM (
                WITH s AS (SELECT n.oid, n.nspowner, n.nspacl FROM pg_catalog.pg_namespace n
                    WHERE n.nspname = 'checklist')
                SELECT r.problem FROM s JOIN pg_catalog.pg_class c ON c.relnamespace = s.oid
                CROSS JOIN LATERAL (
                    SELECT \(owned(relationKind, "c.relname", "c.relowner"))
                    WHERE NOT \(trusted("c.relowner"))
                    UNION ALL
                    SELECT \(granted("''")) FROM pg_catalog.aclexplode(c.relacl) a
                    WHERE a.privilege_type IN ('TRIGGER', 'REFERENCES') AND \(untrusted("a.grantee"))
                    UNION ALL
                    SELECT \(granted("'.' || x.attname::pg_catalog.text"))
                    FROM pg_catalog.pg_attribute x, pg_catalog.aclexplode(x.attacl) a
                    WHERE x.attrelid = c.oid AND x.attnum > 0 AND x.attacl IS NOT NULL
                        AND a.privilege_type = 'REFERENCES' AND \(untrusted("a.grantee"))
                ) AS r(problem)
                UNION ALL
                SELECT \(owned("'function'", "p.proname", "p.proowner"))
                FROM s JOIN pg_catalog.pg_proc p ON p.pronamespace = s.oid
                WHERE NOT \(trusted("p.proowner"))
                UNION ALL
                SELECT \(owned("'type'", "t.typname", "t.typowner"))
                FROM s JOIN pg_catalog.pg_type t ON t.typnamespace = s.oid
                WHERE NOT \(trusted("t.typowner"))
                UNION ALL
                SELECT \(name("a.grantee")) || ' may create objects in schema checklist (CREATE)'
                FROM s, pg_catalog.aclexplode(s.nspacl) a
                WHERE a.privilege_type = 'CREATE' AND \(untrusted("a.grantee"))
            ) AS problems(problem))
            """
    }()

    /// A condition on `n`, the schema's row of `pg_namespace`: true when `problems` would name
    /// something. The guard each command sends asks only this, and names nothing: building the
    /// names (roles' names, kinds, `||` over a dozen pieces) cost a new backend's first
    /// statement about 1.5 ms more to parse and plan. The names are asked for only once the
    /// guard has failed (`PostgreSQLSchema.refuseUntrusted`). An owner that is the schema's
    /// own is compared before `pg_has_role` is called.
    static let isUntrusted: String = {
        func untrustedOwner(_ owner: String) -> String {
            "\(owner) <> n.nspowner AND NOT pg_catalog.pg_has_role(\(owner), n.nspowner, 'MEMBER')"
        }
        let untrustedGrantee =
            "(a.grantee = 0 OR NOT pg_catalog.pg_has_role(a.grantee, n.nspowner, 'MEMBER'))"
        return """
            EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.relnamespace = n.oid
                    AND (\(untrustedOwner("c.relowner"))
                        OR EXISTS (SELECT FROM pg_catalog.aclexplode(c.relacl) a
                            WHERE a.privilege_type IN ('TRIGGER', 'REFERENCES') AND \(untrustedGrantee))
                        OR EXISTS (SELECT FROM pg_catalog.pg_attribute x, pg_catalog.aclexplode(x.attacl) a
                            WHERE x.attrelid = c.oid AND x.attnum > 0 AND x.attacl IS NOT NULL
                                AND a.privilege_type = 'REFERENCES' AND \(untrustedGrantee))))
                OR EXISTS (SELECT FROM pg_catalog.pg_proc p
                    WHERE p.pronamespace = n.oid AND \(untrustedOwner("p.proowner")))
                OR EXISTS (SELECT FROM pg_catalog.pg_type t
                    WHERE t.typnamespace = n.oid AND \(untrustedOwner("t.typowner")))
                OR EXISTS (SELECT FROM pg_catalog.aclexplode(n.nspacl) a
                    WHERE a.privilege_type = 'CREATE' AND \(untrustedGrantee))
            """
    }()

    /// One column: the tables of `PostgreSQLSchema.tablesWithRowSecurity` whose row-level
    /// security is off, separated by spaces, or NULL.
    static let rowSecurityOff: String = {
        let names = PostgreSQLSchema.tablesWithRowSecurity.map { "'\($0.table)'" }
            .joined(separator: ", ")
        return """
            (SELECT pg_catalog.string_agg(c.relname::pg_catalog.text, ' ')
                FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'checklist' AND c.relname IN (\(names)) AND NOT c.relrowsecurity)
            """
    }()

    /// The problem with `off` (the value of `rowSecurityOff`) once the migrations `applied`
    /// are: a table whose row-level security an applied migration turned on, now off.
    static func rowSecurityProblems(off: String?, applied: Set<String>) -> [String] {
        let tables = Set((off ?? "").split(separator: " ").map(String.init))
        return PostgreSQLSchema.tablesWithRowSecurity.filter {
            tables.contains($0.table) && applied.contains($0.migration)
        }.map { "row-level security is off on checklist.\($0.table)" }
    }

    /// Refuses (65) a schema with `problems` (the column's value).
    static func refuse(_ problems: String?, _ connection: PostgreSQLConnection) throws {
        guard let problems else { return }
        throw ChecklistError.untrustedServerSchema(path: connection.uri.shown, objects: problems)
    }
}
