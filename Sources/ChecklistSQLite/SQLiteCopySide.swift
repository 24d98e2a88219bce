import ChecklistModel
import ChecklistSync
import GRDB
import GRDBSQLite

/// An offline copy's side of a sync and a clone, in its SQLite file, inside the transaction that
/// holds the file throughout (`SyncConductor`): its state (`syncState`), its unsent changes and
/// undos read from its journal, and the server's rows written in.
package struct SQLiteCopySide: CopySide {
    let db: Database

    /// The copy's state; nil on a file that is not a copy.
    package func state() throws -> OfflineCopy.State? {
        // A file of a program before copies has no such table (asked of sqlite_master itself:
        // GRDB's `tableExists` reads the whole schema into a cache first, 1.7 M instructions).
        guard
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'syncState'")
                != nil
        else { return nil }
        return try Row.fetchOne(
            db,
            sql: """
                SELECT uri, author, copyId, syncedThrough, serverRevision, seen, firstReservedId,
                    lastReservedId, generation, syncedAt
                FROM syncState
                """
        ).map { row in
            OfflineCopy.State(
                uri: try row.decode(forColumn: "uri"), author: try row.decode(forColumn: "author"),
                copyID: try row.decode(forColumn: "copyId"),
                syncedThrough: try row.decode(forColumn: "syncedThrough"),
                serverRevision: try row.decode(forColumn: "serverRevision"),
                seen: try row.decode(forColumn: "seen"),
                firstReservedID: try row.decode(forColumn: "firstReservedId"),
                lastReservedID: try row.decode(forColumn: "lastReservedId"),
                generation: try row.decode(forColumn: "generation"),
                syncedAt: try row.decode(forColumn: "syncedAt"))
        }
    }

    package func write(_ state: OfflineCopy.State, syncedAt: String) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO syncState (singleton, uri, author, copyId, syncedThrough,
                    serverRevision, seen, firstReservedId, lastReservedId, syncedAt, generation)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                state.uri, state.author, state.copyID, state.syncedThrough, state.serverRevision,
                state.seen, state.firstReservedID, state.lastReservedID, syncedAt,
                state.generation,
            ])
    }

    package func undos() throws -> [OfflineCopy.Undo] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, changeId, afterChange, createdAt, author, copyChange, changeCreatedAt,
                    changeAuthor, changeCommand, changeDescription
                FROM syncUndos ORDER BY id
                """
        ).map { row in
            // A copy's change undone before it was sent carries its own entry (migration 0007).
            var unsent: Change?
            if let copyChange: Int64 = try row.decode(atIndex: 5) {
                unsent = Change(
                    id: copyChange, command: try row.decode(atIndex: 8),
                    description: try row.decode(atIndex: 9), itemCount: 0,
                    createdAt: try row.decode(atIndex: 6), author: try row.decode(atIndex: 7))
            }
            return OfflineCopy.Undo(
                id: try row.decode(atIndex: 0), changeID: try row.decode(atIndex: 1),
                afterChange: try row.decode(atIndex: 2), createdAt: try row.decode(atIndex: 3),
                author: try row.decode(atIndex: 4), unsent: unsent)
        }
    }

    /// Remembers an `undo` made on a copy (when `db` is one), for the next sync: of a change
    /// the server already holds, to be made there; of one the copy had not sent, with what
    /// names it on the server, in case a sync cut as the server committed had it taken there.
    func noteUndo(of change: Change, author: String?) throws {
        try db.execute(
            sql: """
                INSERT INTO syncUndos (changeId, afterChange, createdAt, author, copyChange,
                    changeCreatedAt, changeAuthor, changeCommand, changeDescription)
                SELECT CASE WHEN :id <= syncedThrough THEN :id ELSE 0 END,
                       coalesce((SELECT max(id) FROM changes), 0),
                       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), :undoer,
                       CASE WHEN :id > syncedThrough THEN :id END,
                       :createdAt, :author, :command, :description
                FROM syncState
                """,
            arguments: [
                "id": change.id, "undoer": author ?? change.author, "createdAt": change.createdAt,
                "author": change.author, "command": change.command,
                "description": change.description,
            ])
    }

    package func itemCounter() throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'items'")
    }

    package func largestItemID() throws -> ItemID {
        try Int64.fetchOne(db, sql: "SELECT max(id) FROM items") ?? 0
    }

    package func setCounters(items: Int64, changes: Int64) throws {
        try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name IN ('items', 'changes')")
        try db.execute(
            sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('items', ?), ('changes', ?)",
            arguments: [items, changes])
    }

    package func counts() throws -> (lists: Int, items: Int) {
        (
            try Int.fetchOne(db, sql: "SELECT count(*) FROM lists") ?? 0,
            try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0
        )
    }

    package func forgetUndos() throws {
        try db.execute(sql: "DELETE FROM syncUndos")
    }

    package func removeAll() throws {
        try db.execute(sql: "DELETE FROM changes; DELETE FROM items; DELETE FROM lists")
    }

    package func removeItems(_ ids: Set<ItemID>) throws {
        guard !ids.isEmpty else { return }
        try db.execute(
            sql: "DELETE FROM items WHERE id IN (SELECT value FROM json_each(?))",
            arguments: [SQLiteItemsTable.jsonArray(ids.sorted())])
    }

    package func setListsAside(keeping ids: [Int64]) throws {
        try db.execute(
            sql: "DELETE FROM lists WHERE id NOT IN (SELECT value FROM json_each(?))",
            arguments: [SQLiteItemsTable.jsonArray(ids)])
        try db.execute(sql: "UPDATE lists SET name = char(1) || id")
    }

    package func removeListsSetAside() throws {
        try db.execute(
            sql: """
                DELETE FROM items WHERE listId IN (SELECT id FROM lists WHERE name = char(1) || id);
                DELETE FROM lists WHERE name = char(1) || id
                """)
    }

    package func keepJournal(through: Int64, holding ids: Set<Int64>) throws -> Set<Int64> {
        try db.execute(
            sql: "DELETE FROM changes WHERE id > ? OR id NOT IN (SELECT value FROM json_each(?))",
            arguments: [through, SQLiteItemsTable.jsonArray(ids.sorted())])
        return Set(try Int64.fetchAll(db, sql: "SELECT id FROM changes"))
    }
}
