import GRDB

extension ChecklistStore {
    // MARK: - Undo

    /// Reverts the most recent change and removes it from the history, so the next `undo`
    /// walks further back. Returns the change that was undone.
    @discardableResult
    public func undo() throws -> Change {
        try write { db in
            guard try db.tableExists("changes"),
                let change = try SQLRequest<Change>(
                    literal: """
                        SELECT id, command, description, itemCount, createdAt FROM changes
                        ORDER BY id DESC LIMIT 1
                        """
                ).fetchOne(db)
            else { throw ChecklistError.nothingToUndo }
            try revert(change.id, db)
            try db.execute(literal: "DELETE FROM changes WHERE id = \(change.id)")
            return change
        }
    }

    /// Writes back what change `id` recorded. Lists first (restored items need their list),
    /// then items; the lists the change created go last, once nothing refers to them.
    private func revert(_ id: Int64, _ db: Database) throws {
        // An UPSERT updates a row in place; INSERT OR REPLACE would delete it first, and a
        // deleted list takes its items with it (ON DELETE CASCADE).
        try db.execute(
            literal: """
                INSERT INTO lists (id, name, mode, createdAt, updatedAt)
                SELECT listId, name, mode, createdAt, updatedAt FROM changedLists
                WHERE changeId = \(id) AND name IS NOT NULL ORDER BY rowid DESC
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode,
                    createdAt = excluded.createdAt, updatedAt = excluded.updatedAt
                """)
        try db.execute(
            literal: """
                DELETE FROM items WHERE id IN (
                    SELECT items.id FROM addedItems JOIN items
                    ON items.id BETWEEN addedItems.firstId AND addedItems.lastId
                    WHERE addedItems.changeId = \(id))
                """)
        // Each group of items that shared a selection gets it back in one statement (a
        // correlated UPDATE over json_each would be quadratic in the group's size).
        let selections = try SQLRequest<Row>(
            literal: """
                SELECT isSelected, updatedAt, itemIds FROM changedSelections
                WHERE changeId = \(id)
                """
        ).fetchAll(db)
        for selection in selections {
            let isSelected: Bool = try selection.decode(forColumn: "isSelected")
            let updatedAt: String = try selection.decode(forColumn: "updatedAt")
            let itemIDs: String = try selection.decode(forColumn: "itemIds")
            try db.execute(
                literal: """
                    UPDATE items SET isSelected = \(isSelected), updatedAt = \(updatedAt)
                    WHERE id IN (SELECT value FROM json_each(\(itemIDs)))
                    """)
        }
        try ItemsTable(db).restore(recordedIn: id)
        try db.execute(
            literal: """
                DELETE FROM lists WHERE id IN (
                    SELECT listId FROM changedLists WHERE changeId = \(id) AND name IS NULL)
                """)
    }
}
