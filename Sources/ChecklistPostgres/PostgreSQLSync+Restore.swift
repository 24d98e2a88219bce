import ChecklistModel

/// A server that went back in time, given back what it lost (`sync --restore-server`), and
/// what a copy holds that a server forgot.
extension PostgreSQLSync {
    /// Which of `ids` the server forgot: it has no such item, and no change of its journal
    /// that the copy does not hold (`known`: the copy's journal, matched by time and command)
    /// touched one (a change the copy knows of deleted it before the copy saw it again, as
    /// an undo the server forgot brought it back).
    package func forgotten(_ ids: [ItemID], known: [Change]) throws -> Set<ItemID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try connection.query(
                """
                SELECT i FROM pg_catalog.unnest(\(ids: ids)) AS i
                WHERE NOT EXISTS (SELECT 1 FROM checklist.items t WHERE t.id = i)
                    AND NOT EXISTS (SELECT 1 FROM checklist.changed_items r
                        JOIN checklist.changes c ON c.id = r.change_id
                        WHERE r.item_id = i AND NOT EXISTS (SELECT 1
                            FROM ROWS FROM (
                                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(known.map(\.createdAt)))::text[]),
                                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(known.map(\.command)))::text[]))
                                AS k(created_at, command)
                            WHERE k.created_at = c.created_at AND k.command = c.command))
                """
            ).map { try $0.int64(0) })
    }

    /// Of the journal's entries `entries` (the server's, as a copy holds them), those the server
    /// no longer holds: no entry of the same time and command (a change given back by
    /// `--restore-server` keeps both, whatever author or new IDs it was recorded with), while
    /// it holds an entry as new (an entry older than all it keeps may have left its journal's
    /// depth instead: a count, as the generation already told that something was lost).
    ///
    /// And whether the server's journal, over the IDs the copy's covers (`entries` are all the
    /// copy holds through its last sync, the server's entry `through`), is the copy's again
    /// (`allFound`): every entry found, and no entry there the copy never held. Such an entry
    /// is a change the server made again or anew after going back, or one whose undo the copy
    /// saw and the server lost (an undo deletes its entry): the copy cannot tell which, so it
    /// does not take the server's word untold.
    package func lost(_ entries: [Change], through last: Int64) throws -> (
        lost: [Change], allFound: Bool
    ) {
        let first = entries.map(\.id).min() ?? 1
        let times = PostgreSQLChange.textArray(entries.map(\.createdAt))
        let commands = PostgreSQLChange.textArray(entries.map(\.command))
        let found = try connection.query(
            """
            SELECT c.i, c.i >= coalesce((SELECT min(id) FROM checklist.changes), 0)
            FROM ROWS FROM (pg_catalog.unnest(\(ids: entries.map(\.id))),
                pg_catalog.unnest(\(text: times)::text[]),
                pg_catalog.unnest(\(text: commands)::text[]))
                AS c(i, created_at, command)
            WHERE NOT EXISTS (SELECT 1 FROM checklist.changes s
                    WHERE s.created_at = c.created_at AND s.command = c.command)
            UNION ALL
            (SELECT 0, false FROM checklist.changes s
                WHERE s.id BETWEEN \(first) AND \(last) AND NOT EXISTS (SELECT 1
                    FROM ROWS FROM (pg_catalog.unnest(\(text: times)::text[]),
                        pg_catalog.unnest(\(text: commands)::text[])) AS k(created_at, command)
                    WHERE k.created_at = s.created_at AND k.command = s.command)
                LIMIT 1)
            """
        )
        let lost = Set(try found.filter { try $0.bool(1) }.map { try $0.int64(0) })
        return (entries.filter { lost.contains($0.id) }, found.isEmpty)
    }

    /// Whether the journal's row-level security holds this role to its own name (not the
    /// schema's owner nor a superuser).
    package func journalIsGuarded() throws -> Bool {
        try connection.query(
            "SELECT pg_catalog.row_security_active('checklist.changes'::pg_catalog.regclass)"
        ).onlyRow().bool(0)
    }

    /// Moves the server's item counter past `id`: a server restored from a backup must not give
    /// again IDs a copy holds.
    package func keepItemIDs(above id: ItemID) throws {
        _ = try connection.run(
            """
            UPDATE checklist.state SET last_item_id = \(id) WHERE last_item_id < \(id)
            """)
    }
}
