import GRDB

/// The undo record of one change, written inside the change's own transaction (see
/// `migrations/0002_undo_journal.sql`): a crash can never keep a change and lose its record.
///
/// A write opens a journal entry first, records the state of every row before it touches it,
/// and finishes the entry with a description and a count; an entry that recorded nothing is
/// dropped, so `undo` never "undoes" a command that changed nothing.
struct Journal {
    /// How many changes `undo` can walk back; older entries are dropped.
    static let depth = 50

    let changeID: Int64
    let now: String
    private let command: String
    private let db: Database

    /// Opens an entry for `command` (e.g. "delete"). Its `changes` row is written by `finish`,
    /// and only when the change recorded something, so a command that changes nothing writes
    /// nothing at all (no page of the file, no history number). The records written before it
    /// name its ID, so foreign keys are checked at commit for this transaction.
    static func begin(_ command: String, now: String, _ db: Database) throws -> Journal {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        let last =
            try Int64.fetchOne(
                db,
                sql: """
                    SELECT max(
                        coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0),
                        coalesce((SELECT max(id) FROM changes), 0))
                    """) ?? 0
        return Journal(changeID: last + 1, now: now, command: command, db: db)
    }

    /// Records the items `condition` selects, as they are now, before the change touches them.
    /// An item already recorded by this change keeps its first record: that is its state
    /// before the change. `condition` is a fixed SQL fragment chosen by the store, never user
    /// input.
    func recordItems(where condition: String, _ arguments: StatementArguments) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO changedItems
                    (changeId, itemId, listId, title, isSelected, position, createdAt, updatedAt)
                SELECT ?, id, listId, title, isSelected, position, createdAt, updatedAt
                FROM items WHERE \(condition)
                """)
        try statement.execute(arguments: [changeID] + arguments)
    }

    /// Records the selection (isSelected and updatedAt) of the items `condition` selects, before
    /// the change sets it; items that share both share one row. For changes that touch nothing
    /// else of an item.
    func recordSelections(where condition: String, _ arguments: StatementArguments) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO changedSelections (changeId, isSelected, updatedAt, itemIds)
                SELECT ?, isSelected, updatedAt, json_group_array(id) FROM items
                WHERE \(condition) GROUP BY isSelected, updatedAt
                """)
        try statement.execute(arguments: [changeID] + arguments)
    }

    /// Records items the change created, as one range of consecutive IDs.
    func recordAdded(_ ids: ClosedRange<ItemID>) throws {
        try db.execute(
            sql: "INSERT INTO addedItems (changeId, firstId, lastId) VALUES (?, ?, ?)",
            arguments: [changeID, ids.lowerBound, ids.upperBound])
    }

    /// Records a list as it is now, before the change renames, re-modes or deletes it.
    func recordList(_ listID: Int64) throws {
        try db.execute(
            sql: """
                INSERT INTO changedLists (changeId, listId, name, mode, createdAt, updatedAt)
                SELECT ?, id, name, mode, createdAt, updatedAt FROM lists WHERE id = ?
                """, arguments: [changeID, listID])
    }

    /// Records a list the change created (undo deletes it).
    func recordCreatedList(_ listID: Int64) throws {
        try db.execute(
            sql: "INSERT INTO changedLists (changeId, listId) VALUES (?, ?)",
            arguments: [changeID, listID])
    }

    /// Completes the entry, or drops it when the change recorded nothing; keeps the newest
    /// `depth` entries.
    func finish(_ description: String, itemCount: Int) throws {
        let recordedSomething =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM changedItems WHERE changeId = ?1)
                        OR EXISTS (SELECT 1 FROM changedSelections WHERE changeId = ?1)
                        OR EXISTS (SELECT 1 FROM addedItems WHERE changeId = ?1)
                        OR EXISTS (SELECT 1 FROM changedLists WHERE changeId = ?1)
                    """, arguments: [changeID]) ?? false
        guard recordedSomething else { return }
        try db.execute(
            sql: """
                INSERT INTO changes (id, command, description, itemCount, createdAt)
                VALUES (?, ?, ?, ?, ?)
                """, arguments: [changeID, command, description, itemCount, now])
        // Keeps the newest `depth` entries by rank, not by ID: undone IDs leave gaps. The
        // cascade drops the old entries' rows (foreign keys are on for every connection).
        try db.execute(
            sql: """
                DELETE FROM changes WHERE id <= (
                    SELECT id FROM changes ORDER BY id DESC LIMIT 1 OFFSET ?)
                """, arguments: [Journal.depth])
    }
}
