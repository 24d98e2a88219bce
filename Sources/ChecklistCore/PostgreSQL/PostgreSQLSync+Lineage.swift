/// Where a syncing copy stands with its server, told by generations, not numbers
/// (`migrations/postgresql/0007`): a side may come back from an older state.
enum CopyLineage: Equatable, Sendable {
    /// The copy the server last saw (or that copy again after a sync cut as the server
    /// committed: it presents the generation before, and holds every change that sync sent).
    case same
    /// An older state of the copy: its file put back from a backup, or a duplicate whose twin
    /// synced since. It syncs as a new copy, its adds given new IDs.
    case forked
    /// The server never gave the copy's generation, or its counters are behind the copy's:
    /// it went back in time.
    case serverBehind
    /// The server holds no record of the copy (its row of `checklist.copies` removed, or a
    /// backup from before its clone): it went back in time if it lacks changes the copy saw.
    case unknown
    /// Retired on the server (`checklist copies forget N`): it syncs no more.
    case retired(number: Int64)
}

extension PostgreSQLSync {
    /// How the copy `copyID`, at `generation`, whose last sync ended at the server's
    /// `revision` and journal entry `lastChange`, holding its unsent changes and undos `held`
    /// (`SentKey`), stands with the server.
    func lineage(
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

    /// Notes who the copy's changes are by and when it last synced (and, the first time, when
    /// it was made): what `checklist copies` shows.
    func describe(copy copyID: String, author: String, syncedAt: String?) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET author = \(text: author),
                made_at = CASE WHEN made_at = '' THEN \(text: try now()) ELSE made_at END,
                synced_at = coalesce(\(text: syncedAt), synced_at)
            WHERE copy_id = \(text: copyID)
            """)
    }

    /// The copies the server keeps, oldest first.
    func copies() throws -> [ServerCopy] {
        try connection.query(
            """
            SELECT number, author, made_at, synced_at FROM checklist.copies
            WHERE NOT retired ORDER BY number
            """
        ).map { try ServerCopy(row: $0) }
    }

    /// Retires the copy numbered `number`: its sync is refused from then on, and what only it
    /// needed goes (what it sent, its new IDs, the deletions no other copy still needs).
    func forget(_ number: Int64) throws -> ServerCopy {
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

    /// Records what `copyID` sent (each change's key and stamp) in the sync that gives it
    /// `generation`.
    func recordSent(
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

    /// Tells the copies whose edits are the other side of `conflicts` (the syncing copy's,
    /// `copyID`'s, told now): each at its next sync, from its side. A notice moves the
    /// server's revision, so that a copy with nothing to send and nothing else new still
    /// finds something to do (a lost edit of the syncing copy changes nothing there, and
    /// moves nothing else): the sync with nothing to do asks the server nothing more.
    func notify(_ conflicts: [SyncConflict], besides copyID: String) throws {
        var others: [(stamp: String, conflict: SyncConflict)] = []
        for conflict in conflicts {
            let other = conflict.loser.isYours ? conflict.winner : conflict.loser
            guard !other.isYours, let author = other.author, let time = other.time else {
                continue
            }
            others.append((Stamp(time: time, author: author).text, conflict))
        }
        guard !others.isEmpty else { return }
        var copies: [String: [String]] = [:]
        for row in try connection.query(
            """
            SELECT DISTINCT stamp, copy_id FROM checklist.sent_changes
            WHERE stamp = ANY(\(text: PostgreSQLChange.textArray(others.map(\.stamp)))::text[])
                AND copy_id <> \(text: copyID)
            """)
        {
            copies[try row.text(0), default: []].append(try row.text(1))
        }
        var told = false
        for (stamp, conflict) in others {
            for copy in copies[stamp] ?? [] {
                try keep(conflict.mirrored, for: copy, toldIn: nil)
                told = true
            }
        }
        if told { _ = try connection.run("UPDATE checklist.state SET revision = revision + 1") }
    }

    /// Keeps what the syncing copy is told now, marked told in the generation this sync gives
    /// it: a sync cut after the server committed, before the copy did, printed none of it,
    /// and the next tells it then (`takeNotices`).
    func keep(told conflicts: [SyncConflict], ofCopy copyID: String, generation: String) throws {
        for conflict in conflicts { try keep(conflict, for: copyID, toldIn: generation) }
    }

    private func keep(_ conflict: SyncConflict, for copyID: String, toldIn: String?) throws {
        connection.queue(
            """
            INSERT INTO checklist.copy_notices (copy_id, item_id, title, loser_what,
                loser_author, loser_time, loser_is_yours, winner_what, winner_author,
                winner_time, winner_is_yours, told_in)
            VALUES (\(text: copyID), \(text: conflict.itemID.map(String.init)),
                \(text: conflict.title), \(text: conflict.loser.what),
                \(text: conflict.loser.author), \(text: conflict.loser.time),
                \(conflict.loser.isYours), \(text: conflict.winner.what),
                \(text: conflict.winner.author), \(text: conflict.winner.time),
                \(conflict.winner.isYours), \(text: toldIn))
            """)
    }

    /// What the copy is to be told of edits overruled since its last sync, and what a sync of
    /// it cut after the server committed told it without its hearing: each told until the copy
    /// shows the generation of the sync that told it (`heard`: the copy's now), marked with
    /// the one this sync gives it (`generation`).
    func takeNotices(ofCopy copyID: String, heard: String, generation: String) throws
        -> [SyncConflict]
    {
        connection.queue(
            """
            DELETE FROM checklist.copy_notices
            WHERE copy_id = \(text: copyID) AND told_in = \(text: heard)
            """)
        return try connection.query(
            """
            UPDATE checklist.copy_notices SET told_in = \(text: generation)
            WHERE copy_id = \(text: copyID)
            RETURNING id, item_id, title, loser_what, loser_author, loser_time, loser_is_yours,
                winner_what, winner_author, winner_time, winner_is_yours
            """
        ).sorted { (try? $0.int64(0)) ?? 0 < (try? $1.int64(0)) ?? 0 }.map { row in
            SyncConflict(
                itemID: row[1].flatMap { Int64($0) }, title: try row.text(2),
                loser: .init(
                    what: try row.text(3), author: row[4], time: row[5],
                    isYours: try row.bool(6)),
                winner: .init(
                    what: try row.text(7), author: row[8], time: row[9],
                    isYours: try row.bool(10)))
        }
    }

    /// Gives the copy a new generation, after the ones it had (its first, '', among them).
    func renew(generation: String, ofCopy copyID: String) throws {
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

    /// The new IDs syncs gave the copy's adds that the copy may not hold yet (a sync cut as
    /// the server committed), after dropping those of syncs up to `generation`, which the copy
    /// shows and so holds.
    func renumbered(ofCopy copyID: String, holding generation: String) throws
        -> [ItemID: ItemID]
    {
        _ = try connection.run(
            """
            DELETE FROM checklist.copy_renumbered r USING checklist.copy_generations g,
                checklist.copy_generations shown
            WHERE r.copy_id = \(text: copyID) AND g.copy_id = r.copy_id
                AND g.generation = r.generation AND shown.copy_id = r.copy_id
                AND shown.generation = \(text: generation) AND g.made <= shown.made
            """)
        var ids: [ItemID: ItemID] = [:]
        for row in try connection.query(
            """
            SELECT from_id, to_id FROM checklist.copy_renumbered WHERE copy_id = \(text: copyID)
            """)
        {
            ids[try row.int64(0)] = try row.int64(1)
        }
        return ids
    }

    func recordRenumbered(_ ids: [ItemID: ItemID], ofCopy copyID: String, generation: String)
        throws
    {
        guard !ids.isEmpty else { return }
        let pairs = ids.sorted { $0.key < $1.key }
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_renumbered (copy_id, generation, from_id, to_id)
            SELECT \(text: copyID), \(text: generation), r.f, r.t
            FROM ROWS FROM (pg_catalog.unnest(\(ids: pairs.map(\.key))),
                pg_catalog.unnest(\(ids: pairs.map(\.value)))) AS r(f, t)
            ON CONFLICT (copy_id, from_id) DO UPDATE SET to_id = excluded.to_id,
                generation = excluded.generation
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

    /// Which of `ids` the server forgot: it has no such item, and no change of its journal
    /// that the copy does not hold (`known`: the copy's journal, matched by time and command)
    /// touched one (a change the copy knows of deleted it before the copy saw it again, as
    /// an undo the server forgot brought it back).
    func forgotten(_ ids: [ItemID], known: [Change]) throws -> Set<ItemID> {
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
    /// no longer holds: no entry of the same time and command (a change given back by
    /// `--restore-server` keeps both, whatever author or new IDs it was recorded with), while
    /// it holds an entry as new (an entry older than all it keeps may have left its journal's
    /// depth instead: a count, as the generation already told that something was lost).
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
                    WHERE s.created_at = c.created_at AND s.command = c.command)
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

/// A copy a server keeps (`checklist copies`): its number there, the author of its changes,
/// when it was made and when it last synced (ISO 8601 UTC; nil: not since it was made).
public struct ServerCopy: Equatable, Sendable {
    public var number: Int64
    public var author: String
    public var madeAt: String
    public var syncedAt: String?

    init(row: [String?]) throws {
        number = try row.int64(0)
        author = try row.text(1)
        madeAt = try row.text(2)
        let synced = try row.text(3)
        syncedAt = synced.isEmpty ? nil : synced
    }
}
