import ChecklistModel

/// The page's links on a server: `ChecklistStore+PageLinks`, in PostgreSQL's SQL.
extension PostgreSQLStore {
    /// Whether the role is exempt from the journal's row-level security; true while there is
    /// no schema (the first write makes this role its owner).
    package func mayRecordOtherAuthors() throws -> Bool {
        let rows = try connection.query(
            """
            SELECT r.rolsuper OR r.rolbypassrls OR c.relowner = r.oid
            FROM pg_catalog.pg_roles r, pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE r.rolname = current_user AND n.nspname = 'checklist' AND c.relname = 'changes'
            """)
        guard let first = rows.first else { return true }
        return try first.bool(0)
    }

    /// Replaces `person`'s link; the revision moves (and NOTIFY is sent), so a running page
    /// server refuses the old link at once.
    package func replacePageLink(person: String, secretSHA256: String) throws {
        try write { connection in
            _ = try connection.query(
                """
                INSERT INTO checklist.page_links (person, secret_sha256, created_at)
                VALUES ($1, $2, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                ON CONFLICT (person) DO UPDATE
                SET secret_sha256 = excluded.secret_sha256, created_at = excluded.created_at
                """, [person, secretSHA256])
            Self.changed(connection)
        }
    }
}
