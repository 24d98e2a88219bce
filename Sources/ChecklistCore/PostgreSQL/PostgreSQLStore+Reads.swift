/// The reads, in PostgreSQL's words. A database without the `checklist` schema reads as an
/// empty one, where only the default list may be named (`ListName.requiredID`).
extension PostgreSQLStore {
    /// The list's ID, by `ListName.requiredID`'s rule: nil for the default list before its
    /// first item; any other missing list throws.
    func requiredList(_ name: ListName, _ connection: PostgreSQLConnection) throws -> Int64? {
        try name.requiredID(try listID(name, connection))
    }

    /// `read`, for a body that reads `scope`: nil when the database has no schema yet, where a
    /// named list is missing as it is in an empty file.
    private func read<T>(in scope: ListScope, _ body: (PostgreSQLConnection) throws -> T) throws
        -> T?
    {
        if let result = try read(body) { return result }
        if case .list(let name) = scope { _ = try name.requiredID(nil) }
        return nil
    }

    func listID(_ name: ListName, _ connection: PostgreSQLConnection) throws -> Int64? {
        try Self.listID(name, connection)
    }

    static func listID(_ name: ListName, _ connection: PostgreSQLConnection) throws -> Int64? {
        // Through the index of the names' MD5, then the whole text.
        try connection.query(
            "SELECT id FROM checklist.lists WHERE md5(name) = md5($1) AND name = $1", [name.text]
        )
        .first.flatMap { $0[0].flatMap(Int64.init) }
    }

    func lists(in scope: ListScope) throws -> [Checklist] {
        try read(in: scope) { connection in
            var condition = ""
            var parameters: [String?] = []
            if case .list(let name) = scope {
                guard let id = try requiredList(name, connection) else { return [] }
                condition = "WHERE l.id = $1"
                parameters = [String(id)]
            }
            return try connection.query(
                """
                SELECT l.name, l.mode, count(i.id) FILTER (WHERE i.is_selected), count(i.id)
                FROM checklist.lists l LEFT JOIN checklist.items i ON i.list_id = l.id
                \(condition) GROUP BY l.id ORDER BY l.name
                """, parameters
            ).map { row in
                Checklist(
                    name: ListName(stored: try row.text(0)), mode: try row.mode(1),
                    checkedCount: try row.int(2), totalCount: try row.int(3))
            }
        } ?? []
    }

    /// The scope's items in order, each with its 1-based place in its list, then filtered.
    func items(in scope: ListScope, filter: ItemFilter) throws -> [Item] {
        var items: [Item] = []
        try forEachItem(in: scope, filter: filter) { items.append($0) }
        return items
    }

    /// Each item of the scope in order, a batch of rows at a time (never the whole list).
    func forEachItem(
        in scope: ListScope, filter: ItemFilter, _ body: (Item) throws -> Void
    ) throws {
        try forEachItemRow(in: scope, filter: filter) { row in
            try body(
                Item(
                    id: row.int64(0), list: ListName(stored: row.string(1)), title: row.string(2),
                    isSelected: row.bool(3), position: row.int64(4), createdAt: row.string(5),
                    updatedAt: row.string(6)))
        }
    }

    /// The largest ID among the scope's items that pass the filter (0 when none): one query.
    func largestItemID(in scope: ListScope, filter: ItemFilter) throws -> Int64 {
        try read(in: scope) { connection in
            guard let (clause, parameters) = try whereClause(scope, filter, connection) else {
                return 0
            }
            return try connection.query(
                "SELECT coalesce(max(i.id), 0) FROM checklist.items i \(clause)", parameters
            ).onlyRow().int64(0)
        } ?? 0
    }

    /// The lists of the scope, then each of their items, from one snapshot (for export).
    func forEachList(
        in scope: ListScope, lists listsBody: ([Checklist]) throws -> Void,
        items itemBody: (Item) throws -> Void
    ) throws {
        // Both reads in one transaction: REPEATABLE READ gives them one snapshot.
        let found = try read(in: scope) { _ -> Bool in
            try listsBody(try lists(in: scope))
            try forEachItem(in: scope, filter: .any, itemBody)
            return true
        }
        if found == nil { try listsBody([]) }
    }

    /// `ChecklistStore.forEachItemBytes` on a server: each item's bytes as the server sent them.
    func forEachItemBytes(
        in scope: ListScope, filter: ItemFilter, _ body: (ItemBytes) throws -> Void
    ) throws {
        try forEachItemRow(in: scope, filter: filter) { row in
            try body(
                ItemBytes(
                    id: row.int64(0), isSelected: row.bool(3), position: row.int64(4),
                    list: row.bytes(1), title: row.bytes(2), createdAt: row.bytes(5),
                    updatedAt: row.bytes(6)))
        }
    }

    /// What text and ID output show of each item, in order, as the server sent it: no place
    /// is counted, so a filter reads only its rows.
    func forEachHeadlineBytes(
        in scope: ListScope, filter: ItemFilter, _ body: (HeadlineBytes) throws -> Void
    ) throws {
        _ = try read(in: scope) { connection in
            guard let (clause, parameters) = try whereClause(scope, filter, connection) else {
                return
            }
            try connection.forEachRowStreaming(
                """
                SELECT i.id, l.name, i.title, i.is_selected
                FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
                \(clause) ORDER BY l.name, i.position, i.id
                """, parameters
            ) { row in
                try body(
                    HeadlineBytes(
                        id: row.int64(0), isSelected: row.bool(3), list: row.bytes(1),
                        title: row.bytes(2)))
            }
        }
    }

    /// `WHERE` over `checklist.items i` for the scope and the filter (empty for every item);
    /// nil when the scope is the default list and it does not exist yet.
    private func whereClause(
        _ scope: ListScope, _ filter: ItemFilter, _ connection: PostgreSQLConnection
    ) throws -> (String, [String?])? {
        guard let (condition, parameters) = try condition(for: scope, connection) else {
            return nil
        }
        var conditions = condition.isEmpty ? [] : [condition]
        switch filter {
        case .any: break
        case .checked: conditions.append("i.is_selected")
        case .unchecked: conditions.append("NOT i.is_selected")
        }
        let clause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return (clause, parameters)
    }

    /// The condition on `i.list_id` for the scope (empty for every list); nil when the scope
    /// is the default list and it does not exist yet.
    private func condition(for scope: ListScope, _ connection: PostgreSQLConnection) throws
        -> (String, [String?])?
    {
        guard case .list(let name) = scope else { return ("", []) }
        guard let id = try requiredList(name, connection) else { return nil }
        return ("i.list_id = $1", [String(id)])
    }

    /// Rows of `id, name, title, is_selected, place, created_at, updated_at`, in order.
    private func forEachItemRow(
        in scope: ListScope, filter: ItemFilter, _ body: (PostgreSQLRow) throws -> Void
    ) throws {
        _ = try read(in: scope) { connection in
            guard let (condition, parameters) = try condition(for: scope, connection) else {
                return
            }
            let selected =
                switch filter {
                case .any: ""
                case .checked: "WHERE is_selected"
                case .unchecked: "WHERE NOT is_selected"
                }
            try connection.forEachRowStreaming(
                """
                SELECT id, name, title, is_selected, place, created_at, updated_at FROM (
                    SELECT i.id, l.name, i.title, i.is_selected, i.created_at, i.updated_at,
                           row_number() OVER (PARTITION BY i.list_id
                                              ORDER BY i.position, i.id) AS place,
                           i.position
                    FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
                    \(condition.isEmpty ? "" : "WHERE " + condition)) AS placed
                \(selected) ORDER BY name, position, id
                """, parameters, body)
        }
    }

    func counts(in scope: ListScope) throws -> ItemCounts {
        try read(in: scope) { connection in
            var condition = ""
            var parameters: [String?] = []
            if case .list(let name) = scope {
                guard let id = try requiredList(name, connection) else {
                    return ItemCounts(checked: 0, total: 0)
                }
                condition = "WHERE list_id = $1"
                parameters = [String(id)]
            }
            let row = try connection.query(
                "SELECT count(*) FILTER (WHERE is_selected), count(*) FROM checklist.items "
                    + condition, parameters
            ).onlyRow()
            return ItemCounts(checked: try row.int(0), total: try row.int(1))
        } ?? ItemCounts(checked: 0, total: 0)
    }

    func history(limit: Int) throws -> [Change] {
        try read { connection in
            try connection.query(
                """
                SELECT id, command, description, item_count, created_at, author
                FROM checklist.changes ORDER BY id DESC LIMIT $1
                """, [String(limit)]
            ).map(Self.change)
        } ?? []
    }

    static func change(_ row: [String?]) throws -> Change {
        Change(
            id: try row.int64(0), command: try row.text(1), description: try row.text(2),
            itemCount: try row.int(3), createdAt: try row.text(4), author: row[5])
    }
}
