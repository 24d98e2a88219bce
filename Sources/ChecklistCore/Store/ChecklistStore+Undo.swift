import GRDB

extension ChecklistStore {
    // MARK: - Undo

    /// Reverts this store's author's newest change (or, `anyone`, the newest of all) and
    /// removes it from the history, so the next `undo` walks further back. Returns the change
    /// that was undone. Changes recorded before authors were kept count as anyone's.
    ///
    /// Another author's later changes stay, unless they touched the same items or lists, or
    /// the revert would leave a single-choice list with two checked items: then nothing
    /// changes and `undoConflict` names the later change.
    @discardableResult
    public func undo(anyone: Bool = false) throws -> Change {
        let author = anyone ? nil : self.author
        return try write { db in
            guard try db.tableExists("changes") else { throw ChecklistError.nothingToUndo }
            let mine: SQL = author.map { "WHERE author = \($0) OR author IS NULL" } ?? ""
            guard
                let change = try SQLRequest<Change>(
                    literal: "SELECT * FROM changes \(mine) ORDER BY id DESC LIMIT 1"
                ).fetchOne(db)
            else {
                let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM changes") ?? 0
                if let author, others > 0 {
                    throw ChecklistError.nothingToUndoBy(author: author, others: others)
                }
                throw ChecklistError.nothingToUndo
            }
            // Every later change is another author's (the target is this author's newest).
            let later = try SQLRequest<Change>(
                literal: "SELECT * FROM changes WHERE id > \(change.id) ORDER BY id DESC"
            ).fetchAll(db)
            if let conflict = try later.first(where: { try overlaps(change.id, with: $0.id, db) }) {
                throw ChecklistError.undoConflict(change, laterChange: conflict)
            }
            do {
                try revert(change.id, db)
            } catch let error as DatabaseError
                where error.resultCode == .SQLITE_CONSTRAINT && !later.isEmpty
            {
                // A list name another author has taken since, for one.
                throw ChecklistError.undoConflict(change, laterChange: later[0])
            }
            if let newest = later.first, try hasSeveralChecked(db) {
                throw ChecklistError.undoConflict(change, laterChange: newest)
            }
            try db.execute(literal: "DELETE FROM changes WHERE id = \(change.id)")
            return change
        }
    }

    /// Whether change `later` touched an item change `id` recorded, or, when `id` changed a
    /// list itself (created, renamed, deleted, its mode), changed any list or an item of that
    /// list.
    private func overlaps(_ id: Int64, with later: Int64, _ db: Database) throws -> Bool {
        let items: SQL = """
            SELECT itemId FROM changedItems WHERE changeId = \(id)
            UNION SELECT value FROM changedSelections, json_each(itemIds) WHERE changeId = \(id)
            """
        let added: SQL = "SELECT 1 FROM addedItems WHERE changeId = \(id)"
        let sharesItems = try SQLRequest<Bool>(
            literal: """
                SELECT EXISTS (
                    SELECT 1 FROM changedItems AS c WHERE c.changeId = \(later)
                    AND (c.itemId IN (\(items))
                         OR EXISTS (\(added) AND c.itemId BETWEEN firstId AND lastId))
                ) OR EXISTS (
                    SELECT 1 FROM changedSelections AS s, json_each(s.itemIds) AS j
                    WHERE s.changeId = \(later)
                    AND (j.value IN (\(items))
                         OR EXISTS (\(added) AND j.value BETWEEN firstId AND lastId))
                )
                """
        ).fetchOne(db)
        if sharesItems == true { return true }
        let lists: SQL = "SELECT listId FROM changedLists WHERE changeId = \(id)"
        return try SQLRequest<Bool>(
            literal: """
                SELECT EXISTS (\(lists)) AND (
                    EXISTS (SELECT 1 FROM changedLists WHERE changeId = \(later))
                    OR EXISTS (
                        SELECT 1 FROM changedItems AS c LEFT JOIN items ON items.id = c.itemId
                        WHERE c.changeId = \(later)
                        AND (c.listId IN (\(lists)) OR items.listId IN (\(lists))))
                    OR EXISTS (
                        SELECT 1 FROM addedItems AS a
                        JOIN items ON items.id BETWEEN a.firstId AND a.lastId
                        WHERE a.changeId = \(later) AND items.listId IN (\(lists)))
                    OR EXISTS (
                        SELECT 1 FROM changedSelections AS s, json_each(s.itemIds) AS j
                        JOIN items ON items.id = j.value
                        WHERE s.changeId = \(later) AND items.listId IN (\(lists))))
                """
        ).fetchOne(db) ?? false
    }

    /// Whether a single-choice list has more than one checked item.
    private func hasSeveralChecked(_ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (
                    SELECT 1 FROM items JOIN lists ON lists.id = items.listId
                    WHERE lists.mode = 'single' AND items.isSelected
                    GROUP BY items.listId HAVING count(*) > 1)
                """) ?? false
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
