/// Who the `checklist` schema trusts, as PostgreSQL defines it (its manual, "Function
/// Security"): code put in the database by an object's owner runs as whoever uses the object,
/// so a role writes only where the owners are trusted and nobody else may create. The schema's
/// owner is trusted, as PostgreSQL trusts a table's owner: what the owner puts on the tables
/// (a trigger, a policy, a default) is theirs to put there. What is refused (65) is anything
/// that lets another role's code in, so a command never runs it:
/// - an object of the schema (a table, sequence, index, view, function, type) owned by a role
///   other than the schema's owner or a superuser;
/// - another role (or every role, `PUBLIC`) allowed to create objects in the schema (`CREATE`),
///   or to create triggers on, or references to, its tables (`TRIGGER`, `REFERENCES`, on a
///   table or a column);
/// - row-level security off on a table the migrations turn it on for (the journal's authors'
///   rules, which the owner could turn off unnoticed).
///
/// Against roles that are not trusted the rest stands: every name qualified, a fixed
/// `search_path`, the journal's row-level security, the write lock.
enum PostgreSQLTrust {
    /// One column: what makes the schema untrusted, each named with its role (`function
    /// checklist.helper is owned by bob, not by the schema's owner ana`), joined by "; ", or
    /// NULL. Sent in the opening's own statement, in the same round trip; a database without
    /// the schema gives NULL.
    static let problems: String = {
        func trusted(_ role: String) -> String {
            "(\(role) = s.nspowner OR EXISTS (SELECT 1 FROM pg_catalog.pg_roles r"
                + " WHERE r.oid = \(role) AND r.rolsuper))"
        }
        func name(_ role: String) -> String {
            "CASE WHEN \(role) = 0 THEN 'every role (PUBLIC)'"
                + " ELSE pg_catalog.pg_get_userbyid(\(role))::pg_catalog.text END"
        }
        func owned(_ kind: String, _ object: String, _ owner: String) -> String {
            "\(kind) || ' checklist.' || \(object)::pg_catalog.text || ' is owned by '"
                + " || \(name(owner)) || ', not by the schema''s owner ' || \(name("s.nspowner"))"
        }
        /// The grants of TRIGGER or REFERENCES to a role not trusted, in `acl` (a table's, or a
        /// column's `x`), the column named by `column`.
        func granted(on acl: String, naming column: String) -> String {
            "SELECT \(name("a.grantee")) || CASE a.privilege_type"
                + " WHEN 'TRIGGER' THEN ' may create triggers on checklist.'"
                + " ELSE ' may make references to checklist.' END"
                + " || c.relname::pg_catalog.text || \(column) || ' (' || a.privilege_type || ')'"
                + " FROM s JOIN pg_catalog.pg_class c ON c.relnamespace = s.oid"
                + (acl.hasPrefix("x.")
                    ? " JOIN pg_catalog.pg_attribute x ON x.attrelid = c.oid AND x.attnum > 0" : "")
                + ", pg_catalog.aclexplode(\(acl)) a"
                + " WHERE a.privilege_type IN ('TRIGGER', 'REFERENCES')"
                + " AND (a.grantee = 0 OR NOT \(trusted("a.grantee")))"
        }
        let rowSecurity = PostgreSQLSchema.tablesWithRowSecurity.map { "'\($0)'" }
            .joined(separator: ", ")
        return """
            (SELECT pg_catalog.string_agg(problem, '; ' ORDER BY problem) FROM (
                WITH s AS (SELECT n.oid, n.nspowner, n.nspacl FROM pg_catalog.pg_namespace n
                    WHERE n.nspname = 'checklist')
                SELECT \(owned(
                    "CASE c.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table'"
                        + " WHEN 'S' THEN 'sequence' WHEN 'i' THEN 'index' WHEN 'I' THEN 'index'"
                        + " WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view'"
                        + " ELSE 'relation' END", "c.relname", "c.relowner")) AS problem
                FROM s JOIN pg_catalog.pg_class c ON c.relnamespace = s.oid
                WHERE NOT \(trusted("c.relowner"))
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
                WHERE a.privilege_type = 'CREATE' AND (a.grantee = 0 OR NOT \(trusted("a.grantee")))
                UNION ALL
                \(granted(on: "c.relacl", naming: "''"))
                UNION ALL
                \(granted(on: "x.attacl", naming: "'.' || x.attname::pg_catalog.text"))
                UNION ALL
                SELECT 'row-level security is off on checklist.' || c.relname::pg_catalog.text
                FROM s JOIN pg_catalog.pg_class c ON c.relnamespace = s.oid
                WHERE c.relkind = 'r' AND c.relname IN (\(rowSecurity)) AND NOT c.relrowsecurity
            ) AS problems)
            """
    }()

    /// Refuses (65) a schema with `problems` (the column's value).
    static func refuse(_ problems: String?, _ connection: PostgreSQLConnection) throws {
        guard let problems else { return }
        throw ChecklistError.untrustedServerSchema(path: connection.uri.shown, objects: problems)
    }
}
