import ChecklistModel
import ChecklistStore
import GRDB

/// Whether undoing one change (the target) would overwrite what another author did after it.
/// The journal says what each change touched: items recorded whole (`changedItems`) or by
/// selection (`changedSelections`), items added (`addedItems`), lists (`changedLists`, with a
/// NULL name for a list the change created).
///
/// A later change stands in the way when it touched an item the target recorded or added;
/// touched a list the target created (undo deletes it) in any way; recorded a list whose name
/// or mode the target changed; or created or deleted a list the target's restored items
/// belong to (list IDs of deleted lists are given out again). A later change to other items,
/// even in the same list, does not.
public struct SQLiteUndoConflicts: UndoConflictChecks {

    let db: Database
    let target: Int64

    init(_ db: Database, target: Int64) {
        self.db = db
        self.target = target
    }

    /// The items the target recorded (not those it added: see `addedByTarget`).
    private var targetItems: SQL {
        """
        SELECT itemId FROM changedItems WHERE changeId = \(target)
        UNION SELECT value FROM changedSelections, json_each(itemIds) WHERE changeId = \(target)
        """
    }

    package func sharesItems(with later: Int64) throws -> Bool {
        let added: SQL = "SELECT 1 FROM addedItems WHERE changeId = \(target)"
        return try SQLRequest<Bool>(
            literal: """
                SELECT EXISTS (
                    SELECT 1 FROM changedItems AS c WHERE c.changeId = \(later)
                    AND (c.itemId IN (\(targetItems))
                         OR EXISTS (\(added) AND c.itemId BETWEEN firstId AND lastId))
                ) OR EXISTS (
                    SELECT 1 FROM changedSelections AS s, json_each(s.itemIds) AS j
                    WHERE s.changeId = \(later)
                    AND (j.value IN (\(targetItems))
                         OR EXISTS (\(added) AND j.value BETWEEN firstId AND lastId))
                )
                """
        ).fetchOne(db) ?? false
    }

    package func sharesLists(with later: Int64) throws -> Bool {
        let created: SQL =
            "SELECT listId FROM changedLists WHERE changeId = \(target) AND name IS NULL"
        // Lists whose name or mode the target changed (or deleted): they are not as it found.
        let reshaped: SQL = """
            SELECT listId FROM changedLists AS r WHERE r.changeId = \(target)
            AND r.name IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM lists WHERE lists.id = r.listId
                AND lists.name = r.name AND lists.mode = r.mode)
            """
        let homes: SQL = "SELECT listId FROM changedItems WHERE changeId = \(target)"
        return try SQLRequest<Bool>(
            literal: """
                SELECT EXISTS (
                    SELECT 1 FROM changedLists WHERE changeId = \(later)
                    AND (listId IN (\(created)) OR listId IN (\(reshaped))
                         OR (listId IN (\(homes))
                             AND (name IS NULL
                                  OR NOT EXISTS (SELECT 1 FROM lists WHERE id = listId))))
                ) OR EXISTS (
                    SELECT 1 FROM changedItems AS c LEFT JOIN items ON items.id = c.itemId
                    WHERE c.changeId = \(later)
                    AND (c.listId IN (\(created)) OR items.listId IN (\(created)))
                ) OR EXISTS (
                    SELECT 1 FROM addedItems AS a
                    JOIN items ON items.id BETWEEN a.firstId AND a.lastId
                    WHERE a.changeId = \(later) AND items.listId IN (\(created))
                ) OR EXISTS (
                    SELECT 1 FROM changedSelections AS s, json_each(s.itemIds) AS j
                    JOIN items ON items.id = j.value
                    WHERE s.changeId = \(later) AND items.listId IN (\(created))
                )
                """
        ).fetchOne(db) ?? false
    }

    // MARK: - After the revert

    /// A single-choice list with more than one checked item, if the revert left one.
    package func listWithSeveralChecked() throws -> Int64? {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT items.listId FROM items JOIN lists ON lists.id = items.listId
                WHERE lists.mode = 'single' AND items.isSelected
                GROUP BY items.listId HAVING count(*) > 1 LIMIT 1
                """)
    }

    /// The newest later change that touched an item of `list`.
    package func newestTouching(list: Int64, among later: [Change]) throws -> Change? {
        for change in later {
            let touched =
                try SQLRequest<Bool>(
                    literal: """
                        SELECT EXISTS (
                            SELECT 1 FROM changedItems WHERE changeId = \(change.id)
                            AND listId = \(list)
                        ) OR EXISTS (
                            SELECT 1 FROM changedSelections AS s, json_each(s.itemIds) AS j
                            JOIN items ON items.id = j.value
                            WHERE s.changeId = \(change.id) AND items.listId = \(list)
                        ) OR EXISTS (
                            SELECT 1 FROM addedItems AS a
                            JOIN items ON items.id BETWEEN a.firstId AND a.lastId
                            WHERE a.changeId = \(change.id) AND items.listId = \(list))
                        """
                ).fetchOne(db) ?? false
            if touched { return change }
        }
        return nil
    }

    /// The newest later change that recorded a list.
    package func newestListChange(among later: [Change]) throws -> Change? {
        for change in later {
            let recorded =
                try SQLRequest<Bool>(
                    literal: """
                        SELECT EXISTS (SELECT 1 FROM changedLists WHERE changeId = \(change.id))
                        """
                ).fetchOne(db) ?? false
            if recorded { return change }
        }
        return nil
    }

    /// Restored items take their old places; an item another author added or moved there
    /// since moves down one, so no two items of a list share a place (`move` relies on it).
    package func makeRoomForRestoredItems() throws {
        while let clash = try SQLRequest<Row>(
            literal: """
                SELECT items.listId AS listId, items.position AS position FROM items
                JOIN changedItems AS c ON c.changeId = \(target) AND c.itemId = items.id
                WHERE EXISTS (
                    SELECT 1 FROM items AS other WHERE other.listId = items.listId
                    AND other.position = items.position AND other.id <> items.id
                    AND other.id NOT IN (\(targetItems)))
                ORDER BY items.listId, items.position LIMIT 1
                """
        ).fetchOne(db) {
            let listID: Int64 = clash["listId"]
            let position: Int64 = clash["position"]
            try db.execute(
                literal: """
                    UPDATE items SET position = position + 1
                    WHERE listId = \(listID) AND position >= \(position)
                    AND id NOT IN (\(targetItems))
                    """)
        }
    }
}
