import GRDB

/// One entry of `checklist history`.
public struct Change: Hashable, Sendable {
    public var id: Int64
    public var command: String
    public var description: String
    public var itemCount: Int
    /// ISO 8601 UTC.
    public var createdAt: String

    public init(id: Int64, command: String, description: String, itemCount: Int, createdAt: String)
    {
        self.id = id
        self.command = command
        self.description = description
        self.itemCount = itemCount
        self.createdAt = createdAt
    }
}

extension ChecklistStore {
    // MARK: - Undo

    /// The recorded changes, newest first.
    public func history(limit: Int = 50) throws -> [Change] {
        try read { db in
            // A database not yet migrated to the journal (opened read-only) has no history.
            guard try db.tableExists("changes") else { return [] }
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, command, description, itemCount, createdAt FROM changes
                    ORDER BY id DESC LIMIT ?
                    """, arguments: [limit])
            return try rows.map { row in
                Change(
                    id: try row.decode(atIndex: 0), command: try row.decode(atIndex: 1),
                    description: try row.decode(atIndex: 2), itemCount: try row.decode(atIndex: 3),
                    createdAt: try row.decode(atIndex: 4))
            }
        }
    }

    /// Reverts the most recent change and removes it from the history, so the next `undo`
    /// walks further back. Returns the change that was undone.
    @discardableResult
    public func undo() throws -> Change {
        try write { db in
            guard try db.tableExists("changes"),
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, command, description, itemCount, createdAt FROM changes
                        ORDER BY id DESC LIMIT 1
                        """)
            else { throw ChecklistError.nothingToUndo }
            let change = Change(
                id: try row.decode(atIndex: 0), command: try row.decode(atIndex: 1),
                description: try row.decode(atIndex: 2), itemCount: try row.decode(atIndex: 3),
                createdAt: try row.decode(atIndex: 4))
            try revert(change.id, db)
            try db.execute(sql: "DELETE FROM changes WHERE id = ?", arguments: [change.id])
            return change
        }
    }

    /// Writes back what change `id` recorded. Lists first (restored items need their list),
    /// then items; the lists the change created go last, once nothing refers to them.
    private func revert(_ id: Int64, _ db: Database) throws {
        // An UPSERT updates a row in place; INSERT OR REPLACE would delete it first, and a
        // deleted list takes its items with it (ON DELETE CASCADE).
        try db.execute(
            sql: """
                INSERT INTO lists (id, name, mode, createdAt, updatedAt)
                SELECT listId, name, mode, createdAt, updatedAt FROM changedLists
                WHERE changeId = ? AND name IS NOT NULL ORDER BY rowid DESC
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode,
                    createdAt = excluded.createdAt, updatedAt = excluded.updatedAt
                """, arguments: [id])
        try db.execute(
            sql: """
                DELETE FROM items WHERE id IN (
                    SELECT items.id FROM addedItems JOIN items
                    ON items.id BETWEEN addedItems.firstId AND addedItems.lastId
                    WHERE addedItems.changeId = ?)
                """, arguments: [id])
        let selections = try Row.fetchAll(
            db,
            sql: "SELECT isSelected, updatedAt, itemIds FROM changedSelections WHERE changeId = ?",
            arguments: [id])
        let restoreSelection = try db.cachedStatement(
            sql: """
                UPDATE items SET isSelected = ?, updatedAt = ?
                WHERE id IN (SELECT value FROM json_each(?))
                """)
        for selection in selections {
            try restoreSelection.execute(
                arguments: [
                    selection[0] as DatabaseValue, selection[1] as DatabaseValue,
                    selection[2] as DatabaseValue,
                ])
        }
        try db.execute(
            sql: """
                INSERT INTO items (id, listId, title, isSelected, position, createdAt, updatedAt)
                SELECT itemId, listId, title, isSelected, position, createdAt, updatedAt
                FROM changedItems WHERE changeId = ?
                ON CONFLICT (id) DO UPDATE SET listId = excluded.listId, title = excluded.title,
                    isSelected = excluded.isSelected, position = excluded.position,
                    createdAt = excluded.createdAt, updatedAt = excluded.updatedAt
                """, arguments: [id])
        try db.execute(
            sql: """
                DELETE FROM lists WHERE id IN (
                    SELECT listId FROM changedLists WHERE changeId = ? AND name IS NULL)
                """, arguments: [id])
    }
}
