import ChecklistModel
import ChecklistStore
import GRDB

/// The steps of `undo` on a file, in SQLite's SQL.
struct SQLiteUndo: UndoSteps {
    let db: Database

    func newestChange(by author: String?) throws -> Change? {
        let mine: SQL = author.map { "WHERE author = \($0) OR author IS NULL" } ?? ""
        return try SQLRequest<Change>(
            literal: "SELECT * FROM changes \(mine) ORDER BY id DESC LIMIT 1"
        ).fetchOne(db)
    }

    func changeCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM changes") ?? 0
    }

    func changes(after id: Int64) throws -> [Change] {
        try SQLRequest<Change>(literal: "SELECT * FROM changes WHERE id > \(id) ORDER BY id DESC")
            .fetchAll(db)
    }

    func conflicts(undoing target: Int64) -> SQLiteUndoConflicts {
        SQLiteUndoConflicts(db, target: target)
    }

    func revert(_ id: Int64, keepingUnchangedLists: Bool) throws -> Bool {
        do {
            try revertRecords(id, keepingUnchangedLists: keepingUnchangedLists)
            return true
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CONSTRAINT && keepingUnchangedLists
        {
            return false
        }
    }

    func forget(_ id: Int64) throws {
        try db.execute(literal: "DELETE FROM changes WHERE id = \(id)")
    }

    func listsTouched(by id: Int64) throws -> [(id: Int64, name: String)] {
        let rows = try SQLRequest<Row>(
            literal: """
                WITH touched(listId) AS (
                    SELECT listId FROM changedItems WHERE changeId = \(id)
                    UNION SELECT listId FROM changedLists WHERE changeId = \(id)
                    UNION SELECT i.listId FROM changedSelections AS s, json_each(s.itemIds) AS j
                        JOIN items AS i ON i.id = j.value WHERE s.changeId = \(id)
                    UNION SELECT i.listId FROM addedItems AS a
                        JOIN items AS i ON i.id BETWEEN a.firstId AND a.lastId
                        WHERE a.changeId = \(id))
                SELECT t.listId, coalesce(l.name, (SELECT r.name FROM changedLists AS r
                    WHERE r.changeId = \(id) AND r.listId = t.listId), '?')
                FROM touched AS t LEFT JOIN lists AS l ON l.id = t.listId ORDER BY 2
                """
        ).fetchAll(db)
        return try rows.map {
            (try $0.decode(Int64.self, atIndex: 0), try $0.decode(String.self, atIndex: 1))
        }
    }

    /// Writes back what change `id` recorded. Lists first (restored items need their list),
    /// then items; the lists the change created go last, once nothing refers to them.
    ///
    /// `keepingUnchangedLists` (another author changed things since): a list whose name and
    /// mode are as the change found them keeps its row (the change only touched its
    /// `updatedAt`, and another author may have since).
    private func revertRecords(_ id: Int64, keepingUnchangedLists: Bool) throws {
        let unchanged: SQL =
            keepingUnchangedLists
            ? """
            AND NOT EXISTS (SELECT 1 FROM lists WHERE lists.id = changedLists.listId
                AND lists.name = changedLists.name AND lists.mode = changedLists.mode)
            """ : ""
        // An UPSERT updates a row in place; INSERT OR REPLACE would delete it first, and a
        // deleted list takes its items with it (ON DELETE CASCADE).
        let fields = SQLiteChange.listFields
        let updates = SQL(
            sql: StoredTables.listFields.map { "\($0.sqlite) = excluded.\($0.sqlite)" }
                .joined(separator: ", "))
        try db.execute(
            literal: """
                INSERT INTO lists (id, \(fields))
                SELECT listId, \(fields) FROM changedLists
                WHERE changeId = \(id) AND name IS NOT NULL \(unchanged) ORDER BY rowid DESC
                ON CONFLICT (id) DO UPDATE SET \(updates)
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
        try SQLiteItemsTable(db).restore(recordedIn: id)
        try db.execute(
            literal: """
                DELETE FROM lists WHERE id IN (
                    SELECT listId FROM changedLists WHERE changeId = \(id) AND name IS NULL)
                """)
    }
}
