/// Where a syncing copy stands with its server, told by generations, not numbers
/// (`migrations/postgresql/0007`): a side may come back from an older state.
enum CopyLineage: Equatable, Sendable {
    /// The copy the server last saw (or that copy again after a sync cut as the server
    /// committed: it presents the generation before, and holds every change that sync sent).
    case same
    /// An older state of the copy: its file put back from a backup, or a duplicate whose twin
    /// synced since. It syncs as a new copy, its adds given new IDs.
    case forked
    /// The server never gave the copy's generation (nor knows the copy): it went back in time.
    case serverBehind
}

extension PostgreSQLSync {
    /// How the copy `copyID`, at `generation`, holding unsent changes and undos `keys`
    /// (`SentKey`), stands with the server.
    func lineage(ofCopy copyID: String, generation: String, keys: [String]) throws
        -> CopyLineage
    {
        let rows = try connection.query(
            """
            SELECT c.generation, c.previous_generation,
                EXISTS (SELECT 1 FROM checklist.copy_generations g
                    WHERE g.copy_id = c.copy_id AND g.generation = \(text: generation)),
                (SELECT count(*) FROM checklist.sent_changes s
                    WHERE s.copy_id = c.copy_id AND s.generation = c.generation
                        AND s.key <> ALL (SELECT pg_catalog.md5(k)
                            FROM pg_catalog.unnest(\(text: PostgreSQLChange.textArray(keys))::text[]) AS k))
            FROM checklist.copies c WHERE c.copy_id = \(text: copyID)
            """)
        guard let row = rows.first else { return .serverBehind }
        let current = try row.text(0)
        if current == generation { return .same }
        // The sync before was cut after the server committed: the copy holds all it sent.
        if try row.text(1) == generation, try row.int64(3) == 0 { return .same }
        // A copy from before generations ('') that the server has synced since is older too.
        if try row.bool(2) || generation.isEmpty { return .forked }
        return .serverBehind
    }

    /// Which of `keys` the server holds as sent (by any copy).
    func sent(_ keys: [String]) throws -> Set<String> {
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

    /// Records `keys` as sent by `copyID` in the sync that gives it `generation`.
    func recordSent(_ keys: [String], ofCopy copyID: String, generation: String) throws {
        guard !keys.isEmpty else { return }
        _ = try connection.run(
            """
            INSERT INTO checklist.sent_changes (key, copy_id, generation)
            SELECT pg_catalog.md5(k), \(text: copyID), \(text: generation)
            FROM pg_catalog.unnest(\(text: PostgreSQLChange.textArray(keys))::text[]) AS k
            ON CONFLICT (key) DO NOTHING
            """)
    }

    /// Gives the copy a new generation, remembering the one before (a cut sync's retry).
    func renew(generation: String, ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET previous_generation = generation,
                generation = \(text: generation)
            WHERE copy_id = \(text: copyID)
            """)
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_generations (copy_id, generation)
            VALUES (\(text: copyID), \(text: generation)) ON CONFLICT DO NOTHING
            """)
    }

    /// The item IDs set aside for `copyID`; empty for a copy cloned before they were kept.
    func ranges(ofCopy copyID: String) throws -> [ClosedRange<ItemID>] {
        try connection.query(
            """
            SELECT first_id, last_id FROM checklist.copy_ranges WHERE copy_id = \(text: copyID)
            """
        ).map { (try $0.int64(0))...(try $0.int64(1)) }
    }

    /// Remembers that `ids` are `copyID`'s.
    func recordRange(_ ids: ClosedRange<ItemID>, ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_ranges (copy_id, first_id, last_id)
            VALUES (\(text: copyID), \(ids.lowerBound), \(ids.upperBound)) ON CONFLICT DO NOTHING
            """)
    }

    /// Which of `ids` name an item on the server, or one deleted there.
    func taken(_ ids: [ItemID]) throws -> Set<ItemID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try connection.query(
                """
                SELECT id FROM checklist.items WHERE id = ANY(\(ids: ids))
                UNION SELECT id FROM checklist.deleted_items WHERE id = ANY(\(ids: ids))
                UNION SELECT item_id FROM checklist.changed_items WHERE item_id = ANY(\(ids: ids))
                """
            ).map { try $0.int64(0) })
    }

    /// Of the journal's entries `entries` (the server's, as a copy holds them), those the server
    /// no longer holds: no entry of the same time, author, command and description, while it
    /// holds an entry as new (an entry older than all it keeps may have left its journal's
    /// depth instead).
    func lost(_ entries: [Change]) throws -> [Change] {
        guard !entries.isEmpty else { return [] }
        let found = try connection.query(
            """
            SELECT c.i FROM ROWS FROM (pg_catalog.unnest(\(ids: entries.map(\.id))),
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(entries.map(\.createdAt)))::text[]),
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(entries.map { $0.author ?? "" }))::text[]),
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(entries.map(\.command)))::text[]),
                pg_catalog.unnest(\(text: PostgreSQLChange.textArray(entries.map(\.description)))::text[]))
                AS c(i, created_at, author, command, description)
            WHERE NOT EXISTS (SELECT 1 FROM checklist.changes s
                    WHERE s.created_at = c.created_at AND coalesce(s.author, '') = c.author
                        AND s.command = c.command AND s.description = c.description)
                AND c.i >= coalesce((SELECT min(id) FROM checklist.changes), 0)
            """
        ).map { try $0.int64(0) }
        let lost = Set(found)
        return entries.filter { lost.contains($0.id) }
    }

    /// Whether the journal's row-level security holds this role to its own name (not the
    /// schema's owner nor a superuser).
    func journalIsGuarded() throws -> Bool {
        try connection.query(
            "SELECT pg_catalog.row_security_active('checklist.changes'::pg_catalog.regclass)"
        ).onlyRow().bool(0)
    }

    /// Moves the server's item counter past `id`: a server restored from a backup must not give
    /// again IDs a copy holds.
    func keepItemIDs(above id: ItemID) throws {
        _ = try connection.run(
            """
            UPDATE checklist.state SET last_item_id = \(id) WHERE last_item_id < \(id)
            """)
    }
}

/// What names a copy's change or undo on the server once sent (`checklist.sent_changes`): its
/// time, author, command and description, which a copy put back from a backup or duplicated
/// repeats only for the changes it shares with the copy that sent them.
enum SentKey {
    static func of(_ change: Change, author: String) -> String {
        "change \(change.createdAt) \(author) \(change.command) \(change.description)"
    }

    static func of(_ undo: OfflineCopy.Undo, author: String) -> String {
        let undone = undo.unsent.map { "unsent \(of($0, author: $0.author ?? author))" }
        return "undo \(undo.createdAt) \(author) \(undo.changeID) \(undone ?? "")"
    }
}
