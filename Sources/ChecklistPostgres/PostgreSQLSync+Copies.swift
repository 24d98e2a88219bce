import ChecklistModel
import ChecklistSync

/// The copies a server keeps (`checklist copies`, `copies forget N`).
extension PostgreSQLSync {
    /// Notes who the copy's changes are by and when it last synced (and, the first time, when
    /// it was made): what `checklist copies` shows.
    package func describe(copy copyID: String, author: String, syncedAt: String?) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET author = \(text: author),
                made_at = CASE WHEN made_at = '' THEN pg_catalog.to_char(
                    pg_catalog.clock_timestamp() AT TIME ZONE 'UTC',
                    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ELSE made_at END,
                synced_at = coalesce(\(text: syncedAt), synced_at)
            WHERE copy_id = \(text: copyID)
            """)
    }

    /// The copies the server keeps, oldest first.
    package func copies() throws -> [ServerCopy] {
        try connection.query(
            """
            SELECT number, author, made_at, synced_at FROM checklist.copies
            WHERE NOT retired ORDER BY number
            """
        ).map { try ServerCopy(row: $0) }
    }

    /// Retires the copy numbered `number`: its sync is refused from then on, and what only it
    /// needed goes (what it sent, its new IDs, the deletions no other copy still needs).
    package func forget(_ number: Int64) throws -> ServerCopy {
        guard
            let row = try connection.query(
                """
                UPDATE checklist.copies SET retired = true WHERE number = \(number) AND NOT retired
                RETURNING number, author, made_at, synced_at, copy_id
                """
            ).first
        else { throw ChecklistError.copyNotFound(number: number) }
        let copyID = try row.text(4)
        _ = try connection.run(
            "DELETE FROM checklist.sent_changes WHERE copy_id = \(text: copyID)")
        _ = try connection.run(
            "DELETE FROM checklist.copy_renumbered WHERE copy_id = \(text: copyID)")
        try dropDeletionsSeen()
        return try ServerCopy(row: row)
    }
}

extension ServerCopy {
    /// A row of the server's `copies`: number, author, made, synced (empty when never).
    init(row: [String?]) throws {
        let synced = try row.text(3)
        self.init(
            number: try row.int64(0), author: try row.text(1), madeAt: try row.text(2),
            syncedAt: synced.isEmpty ? nil : synced)
    }
}
