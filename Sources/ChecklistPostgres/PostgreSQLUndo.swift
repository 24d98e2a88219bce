import ChecklistModel
import ChecklistStore

/// The steps of `undo` (`UndoSteps`) on a server, in PostgreSQL's SQL over the server's
/// journal.
struct PostgreSQLUndo: UndoSteps {
    let connection: PostgreSQLConnection

    private static let columns = PostgreSQLReads.changeColumns

    func newestChange(by author: String?) throws -> Change? {
        try connection.query(
            "SELECT \(Self.columns) FROM checklist.changes"
                + (author == nil ? "" : " WHERE author = $1") + " ORDER BY id DESC LIMIT 1",
            author.map { [$0] } ?? []
        ).first.map(PostgreSQLReads.change)
    }

    func changeCount() throws -> Int {
        try connection.query("SELECT count(*) FROM checklist.changes").onlyRow().int(0)
    }

    func changes(after id: Int64) throws -> [Change] {
        try connection.query(
            "SELECT \(Self.columns) FROM checklist.changes WHERE id > $1 ORDER BY id DESC",
            [String(id)]
        ).map(PostgreSQLReads.change)
    }

    func conflicts(undoing target: Int64) -> PostgreSQLUndoConflicts {
        PostgreSQLUndoConflicts(connection: connection, target: target)
    }

    func revert(_ id: Int64, keepingUnchangedLists: Bool) throws -> Bool {
        try connection.execute("SAVEPOINT revert")
        do {
            try revertRecords(id, keepingUnchangedLists: keepingUnchangedLists)
            return true
        } catch  where keepingUnchangedLists && connection.lastFailure?.hasPrefix("23") == true {
            // An integrity constraint (a list name taken since): back to before the revert, so
            // the transaction can still name the change in the way.
            try connection.execute("ROLLBACK TO SAVEPOINT revert")
            return false
        }
    }

    func forget(_ id: Int64) throws {
        _ = try connection.query("DELETE FROM checklist.changes WHERE id = $1", [String(id)])
        PostgreSQLStore.changed(connection)
    }

    func listsTouched(by id: Int64) throws -> [(id: Int64, name: String)] {
        try connection.query(
            """
            WITH touched(list_id) AS (
                SELECT list_id FROM checklist.changed_items WHERE change_id = $1
                UNION SELECT list_id FROM checklist.changed_lists WHERE change_id = $1
                UNION SELECT i.list_id FROM checklist.changed_selections s
                    CROSS JOIN LATERAL unnest(s.item_ids) AS x(id)
                    JOIN checklist.items i ON i.id = x.id WHERE s.change_id = $1
                UNION SELECT i.list_id FROM checklist.added_items a
                    JOIN checklist.items i ON i.id BETWEEN a.first_id AND a.last_id
                    WHERE a.change_id = $1)
            SELECT t.list_id, coalesce(l.name, (SELECT r.name FROM checklist.changed_lists r
                WHERE r.change_id = $1 AND r.list_id = t.list_id), '?')
            FROM touched t LEFT JOIN checklist.lists l ON l.id = t.list_id ORDER BY 2
            """, [String(id)]
        ).compactMap { row in
            guard let id = row[0].flatMap({ Int64($0) }), let name = row[1] else { return nil }
            return (id, name)
        }
    }

    /// Writes back what change `id` recorded: lists (the first record of each), then items;
    /// the lists it created go last.
    /// Undo's restore of a list sets every stored field (`StoredTables.listFields`).
    private static let listUpdates = StoredTables.listFields.map {
        "\($0.postgresql) = excluded.\($0.postgresql)"
    }.joined(separator: ", ")

    private func revertRecords(_ id: Int64, keepingUnchangedLists: Bool) throws {
        let parameters = [String(id)]
        let unchanged =
            keepingUnchangedLists
            ? """
            AND NOT EXISTS (SELECT 1 FROM checklist.lists l WHERE l.id = r.list_id
                AND l.name = r.name AND l.mode = r.mode)
            """ : ""
        _ = try connection.query(
            """
            INSERT INTO checklist.lists (id, \(PostgreSQLChange.listFields))
            SELECT list_id, \(PostgreSQLChange.listFields)
            FROM checklist.changed_lists r
            WHERE change_id = $1 AND name IS NOT NULL \(unchanged)
            ON CONFLICT (id) DO UPDATE SET \(Self.listUpdates)
            """, parameters)
        _ = try connection.query(
            """
            DELETE FROM checklist.items i USING checklist.added_items a
            WHERE a.change_id = $1 AND i.id BETWEEN a.first_id AND a.last_id
            """, parameters)
        _ = try connection.run(
            """
            UPDATE checklist.items i SET is_selected = s.is_selected, updated_at = s.updated_at
            FROM checklist.changed_selections s CROSS JOIN LATERAL unnest(s.item_ids) AS x(id)
            WHERE s.change_id = $1 AND i.id = x.id
            """, parameters)
        _ = try connection.query(
            """
            INSERT INTO checklist.items (id, \(Self.fields))
            SELECT item_id, \(Self.fields) FROM checklist.changed_items WHERE change_id = $1
            ON CONFLICT (id) DO UPDATE SET \(Self.restoredFields)
            """, parameters)
        _ = try connection.query(
            """
            DELETE FROM checklist.lists WHERE id IN (
                SELECT list_id FROM checklist.changed_lists WHERE change_id = $1 AND name IS NULL)
            """, parameters)
    }

    /// An item's stored fields, as the journal keeps them (`StoredTables.itemFields`).
    private static let fields = StoredTable.names(StoredTables.itemFields, \.postgresql)
    private static let restoredFields = StoredTables.itemFields.map {
        "\($0.postgresql) = excluded.\($0.postgresql)"
    }.joined(separator: ", ")
}
