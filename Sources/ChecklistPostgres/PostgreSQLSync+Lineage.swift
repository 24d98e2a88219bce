import ChecklistModel
import ChecklistSync

extension PostgreSQLSync {
    /// How the copy `copyID`, at `generation`, whose last sync ended at the server's
    /// `revision` and journal entry `lastChange`, holding its unsent changes and undos `held`
    /// (`SentKey`), stands with the server.
    package func lineage(
        ofCopy copyID: String, generation: String, revision: Int64, lastChange: Int64,
        held: [String]
    ) throws -> CopyLineage {
        let rows = try connection.query(
            """
            SELECT c.generation, g.made IS NOT NULL,
                (SELECT count(*) FROM checklist.sent_changes s
                    JOIN checklist.copy_generations n
                        ON n.copy_id = s.copy_id AND n.generation = s.generation
                    WHERE s.copy_id = c.copy_id AND n.made > g.made
                        AND s.key NOT IN (SELECT pg_catalog.md5(k)
                            FROM pg_catalog.unnest(\(text: PostgreSQLChange.textArray(held))::text[]) AS k)),
                st.revision < \(revision) OR st.last_change_id < \(lastChange),
                c.retired, c.number
            FROM checklist.copies c CROSS JOIN checklist.state st
            LEFT JOIN checklist.copy_generations g
                ON g.copy_id = c.copy_id AND g.generation = \(text: generation)
            WHERE c.copy_id = \(text: copyID)
            """)
        guard let row = rows.first else { return .unknown }
        if try row.bool(4) { return .retired(number: try row.int64(5)) }
        // Its counters are behind what the copy saw.
        if try row.bool(3) { return .serverBehind }
        if try row.text(0) == generation { return .same }
        guard try row.bool(1) else { return .serverBehind }
        // Syncs cut as the server committed: the copy holds every change they sent.
        return try row.int64(2) == 0 ? .same : .forked
    }

    /// Which of `keys` the server holds as sent (by any copy).
    package func sent(_ keys: [String]) throws -> Set<String> {
        guard !keys.isEmpty else { return [] }
        return Set(
            try connection.query(
                """
                SELECT k FROM pg_catalog.unnest(\(text: PostgreSQLChange.textArray(keys))::text[]) AS k
                WHERE EXISTS (SELECT 1 FROM checklist.sent_changes s
                    WHERE s.key = pg_catalog.md5(k))
                """
            ).map { try $0.text(0) })
    }

    /// Records what `copyID` sent (each change's key and stamp) in the sync that gives it
    /// `generation`.
    package func recordSent(
        _ sent: [(key: String, stamp: String)], ofCopy copyID: String, generation: String
    ) throws {
        guard !sent.isEmpty else { return }
        _ = try connection.run(
            """
            INSERT INTO checklist.sent_changes (key, copy_id, generation, stamp)
            SELECT pg_catalog.md5(k.key), \(text: copyID), \(text: generation), k.stamp
            FROM ROWS FROM (
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(sent.map(\.key)))::text[]),
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(sent.map(\.stamp)))::text[]))
                AS k(key, stamp)
            ON CONFLICT (key) DO NOTHING
            """)
    }

    /// Gives the copy a new generation, after the ones it had (its first, '', among them).
    package func renew(generation: String, ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_generations (copy_id, generation)
            SELECT copy_id, generation FROM checklist.copies WHERE copy_id = \(text: copyID)
            UNION ALL SELECT \(text: copyID), \(text: generation)
            ON CONFLICT DO NOTHING
            """)
        _ = try connection.run(
            """
            UPDATE checklist.copies SET generation = \(text: generation)
            WHERE copy_id = \(text: copyID)
            """)
    }
}
