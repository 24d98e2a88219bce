/// The steps of `undo` (`UndoSteps`) on a server, in PostgreSQL's SQL over the server's
/// journal.
struct ServerUndo: UndoSteps {
    let connection: ServerConnection

    private static let columns = "id, command, description, item_count, created_at, author"

    func newestChange(by author: String?) throws -> Change? {
        try connection.query(
            "SELECT \(Self.columns) FROM checklist.changes"
                + (author == nil ? "" : " WHERE author = $1") + " ORDER BY id DESC LIMIT 1",
            author.map { [$0] } ?? []
        ).first.map(ServerStore.change)
    }

    func changeCount() throws -> Int {
        let count = try connection.query("SELECT count(*) FROM checklist.changes").first?.first
        return Int(count??.description ?? "") ?? 0
    }

    func changes(after id: Int64) throws -> [Change] {
        try connection.query(
            "SELECT \(Self.columns) FROM checklist.changes WHERE id > $1 ORDER BY id DESC",
            [String(id)]
        ).map(ServerStore.change)
    }

    func conflicts(undoing target: Int64) -> ServerUndoConflicts {
        ServerUndoConflicts(connection: connection, target: target)
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
        ServerStore.changed(connection)
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
            INSERT INTO checklist.lists (id, name, mode, created_at, updated_at)
            SELECT list_id, name, mode, created_at, updated_at
            FROM checklist.changed_lists r
            WHERE change_id = $1 AND name IS NOT NULL \(unchanged)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, mode = excluded.mode,
                created_at = excluded.created_at, updated_at = excluded.updated_at
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
            INSERT INTO checklist.items
                (id, list_id, title, is_selected, position, created_at, updated_at)
            SELECT item_id, list_id, title, is_selected, position, created_at, updated_at
            FROM checklist.changed_items WHERE change_id = $1
            ON CONFLICT (id) DO UPDATE SET list_id = excluded.list_id, title = excluded.title,
                is_selected = excluded.is_selected, position = excluded.position,
                created_at = excluded.created_at, updated_at = excluded.updated_at
            """, parameters)
        _ = try connection.query(
            """
            DELETE FROM checklist.lists WHERE id IN (
                SELECT list_id FROM checklist.changed_lists WHERE change_id = $1 AND name IS NULL)
            """, parameters)
    }
}

/// `UndoConflicts` on a server.
struct ServerUndoConflicts: UndoConflictChecks {
    let connection: ServerConnection
    let target: Int64

    private func exists(_ sql: String) throws -> Bool {
        try connection.query("SELECT " + sql).first?.first == "t"
    }

    private var targetItems: String {
        "SELECT item_id FROM checklist.changed_items WHERE change_id = \(target)"
            + " UNION SELECT unnest(item_ids) FROM checklist.changed_selections"
            + " WHERE change_id = \(target)"
    }

    /// The IDs a later change recorded by selection, as rows `x(id)`.
    private func selected(by change: Int64) -> String {
        "checklist.changed_selections s CROSS JOIN LATERAL unnest(s.item_ids) AS x(id)"
            + " WHERE s.change_id = \(change)"
    }

    func sharesItems(with later: Int64) throws -> Bool {
        let added = "SELECT 1 FROM checklist.added_items a WHERE a.change_id = \(target)"
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
        let created =
            "SELECT list_id FROM checklist.changed_lists WHERE change_id = \(target)"
            + " AND name IS NULL"
        let reshaped = """
            SELECT list_id FROM checklist.changed_lists r WHERE r.change_id = \(target)
            AND r.name IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM checklist.lists l WHERE l.id = r.list_id
                AND l.name = r.name AND l.mode = r.mode)
            """
        let homes = "SELECT list_id FROM checklist.changed_items WHERE change_id = \(target)"
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
            _ = try connection.query(
                """
                UPDATE checklist.items SET position = position + 1
                WHERE list_id = $1 AND position >= $2 AND id NOT IN (\(targetItems))
                """, [clash[0], clash[1]])
        }
    }
}
