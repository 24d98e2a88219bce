import ChecklistModel
import ChecklistSync

/// What each side of an overruled edit is told, and when: the syncing copy now, the other copy
/// at its next sync, each kept until the copy is known to have heard it
/// (`checklist.copy_notices`, `migrations/postgresql/0008`).
extension PostgreSQLSync {
    /// Tells the copies whose edits are the other side of `conflicts` (the syncing copy's,
    /// `copyID`'s, told now): each at its next sync, from its side. A notice moves the
    /// server's revision, so that a copy with nothing to send and nothing else new still
    /// finds something to do (a lost edit of the syncing copy changes nothing there, and
    /// moves nothing else): the sync with nothing to do asks the server nothing more.
    package func notify(_ conflicts: [SyncConflict], besides copyID: String) throws {
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
    package func keep(told conflicts: [SyncConflict], ofCopy copyID: String, generation: String)
        throws
    {
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
    package func takeNotices(ofCopy copyID: String, heard: String, generation: String) throws
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
}
