import ChecklistModel
import ChecklistStore

/// `UndoConflictChecks` on a server (`SQLiteUndoConflicts` on a file).
struct PostgreSQLUndoConflicts: UndoConflictChecks {
    let connection: PostgreSQLConnection
    let target: Int64

    private func exists(_ condition: PostgreSQLQuery) throws -> Bool {
        try connection.query("SELECT \(condition)").onlyRow().bool(0)
    }

    private var targetItems: PostgreSQLQuery {
        """
        SELECT item_id FROM checklist.changed_items WHERE change_id = \(target)
        UNION SELECT unnest(item_ids) FROM checklist.changed_selections
        WHERE change_id = \(target)
        """
    }

    /// The IDs a later change recorded by selection, as rows `x(id)`.
    private func selected(by change: Int64) -> PostgreSQLQuery {
        """
        checklist.changed_selections s CROSS JOIN LATERAL unnest(s.item_ids) AS x(id)
        WHERE s.change_id = \(change)
        """
    }

    func sharesItems(with later: Int64) throws -> Bool {
        let added: PostgreSQLQuery =
            "SELECT 1 FROM checklist.added_items a WHERE a.change_id = \(target)"
        return try exists(
            """
            EXISTS (
                SELECT 1 FROM checklist.changed_items c WHERE c.change_id = \(later)
                AND (c.item_id IN (\(targetItems))
                     OR EXISTS (\(added) AND c.item_id BETWEEN a.first_id AND a.last_id))
            ) OR EXISTS (
                SELECT 1 FROM \(selected(by: later))
                AND (x.id IN (\(targetItems))
                     OR EXISTS (\(added) AND x.id BETWEEN a.first_id AND a.last_id)))
            """)
    }

    func sharesLists(with later: Int64) throws -> Bool {
        let created: PostgreSQLQuery = """
            SELECT list_id FROM checklist.changed_lists WHERE change_id = \(target)
            AND name IS NULL
            """
        let reshaped: PostgreSQLQuery = """
            SELECT list_id FROM checklist.changed_lists r WHERE r.change_id = \(target)
            AND r.name IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM checklist.lists l WHERE l.id = r.list_id
                AND l.name = r.name AND l.mode = r.mode)
            """
        let homes: PostgreSQLQuery =
            "SELECT list_id FROM checklist.changed_items WHERE change_id = \(target)"
        return try exists(
            """
            EXISTS (
                SELECT 1 FROM checklist.changed_lists r WHERE r.change_id = \(later)
                AND (r.list_id IN (\(created)) OR r.list_id IN (\(reshaped))
                     OR (r.list_id IN (\(homes)) AND (r.name IS NULL OR NOT EXISTS (
                         SELECT 1 FROM checklist.lists l WHERE l.id = r.list_id))))
            ) OR EXISTS (
                SELECT 1 FROM checklist.changed_items c
                LEFT JOIN checklist.items i ON i.id = c.item_id
                WHERE c.change_id = \(later)
                AND (c.list_id IN (\(created)) OR i.list_id IN (\(created)))
            ) OR EXISTS (
                SELECT 1 FROM checklist.added_items a
                JOIN checklist.items i ON i.id BETWEEN a.first_id AND a.last_id
                WHERE a.change_id = \(later) AND i.list_id IN (\(created))
            ) OR EXISTS (
                SELECT 1 FROM \(selected(by: later))
                AND (SELECT list_id FROM checklist.items WHERE id = x.id) IN (\(created)))
            """)
    }

    func listWithSeveralChecked() throws -> Int64? {
        try connection.query(
            """
            SELECT i.list_id FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
            WHERE l.mode = 'single' AND i.is_selected
            GROUP BY i.list_id HAVING count(*) > 1 LIMIT 1
            """
        ).first.flatMap { $0[0].flatMap(Int64.init) }
    }

    func newestTouching(list: Int64, among later: [Change]) throws -> Change? {
        for change in later {
            let touched = try exists(
                """
                EXISTS (
                    SELECT 1 FROM checklist.changed_items c
                    LEFT JOIN checklist.items i ON i.id = c.item_id
                    WHERE c.change_id = \(change.id) AND (c.list_id = \(list) OR i.list_id = \(list))
                ) OR EXISTS (
                    SELECT 1 FROM \(selected(by: change.id))
                    AND (SELECT list_id FROM checklist.items WHERE id = x.id) = \(list)
                ) OR EXISTS (
                    SELECT 1 FROM checklist.added_items a
                    JOIN checklist.items i ON i.id BETWEEN a.first_id AND a.last_id
                    WHERE a.change_id = \(change.id) AND i.list_id = \(list))
                """)
            if touched { return change }
        }
        return nil
    }

    func newestListChange(among later: [Change]) throws -> Change? {
        for change in later {
            if try exists(
                "EXISTS (SELECT 1 FROM checklist.changed_lists WHERE change_id = \(change.id))")
            {
                return change
            }
        }
        return nil
    }

    func makeRoomForRestoredItems() throws {
        while let clash = try connection.query(
            """
            SELECT i.list_id, i.position FROM checklist.items i
            JOIN checklist.changed_items c ON c.change_id = \(target) AND c.item_id = i.id
            WHERE EXISTS (
                SELECT 1 FROM checklist.items o WHERE o.list_id = i.list_id
                AND o.position = i.position AND o.id <> i.id AND o.id NOT IN (\(targetItems)))
            ORDER BY i.list_id, i.position LIMIT 1
            """
        ).first {
            _ = try connection.run(
                """
                UPDATE checklist.items SET position = position + 1
                WHERE list_id = \(text: clash[0])::bigint AND position >= \(text: clash[1])::bigint
                AND id NOT IN (\(targetItems))
                """)
        }
    }
}
