import ChecklistModel
import ChecklistStore
import ChecklistTransfer

extension PostgreSQLChange {
    /// `import` on a server, in a few statements for the whole document, where a group at a
    /// time cost about seven round trips a list (issue 29, 25). The rule is
    /// `importGroupsOneByOne`'s, taken in bulk, as on a file (`SQLiteChange+Import`):
    /// lists found by name byte for byte or created with the group's mode (IDs from the
    /// counter, in the document's order); found lists recorded and touched; a single-choice
    /// list with one checked imported item has its other checked items unchecked; items at the
    /// end of their lists with IDs from the counter, recorded a group at a time. The tests hold
    /// the two to the same rows. A document naming one list twice goes one group at a time.
    func importGroups(_ groups: [ImportDocument.Group]) throws -> ImportSummary {
        guard Set(groups.map { Array($0.name.text.utf8) }).count == groups.count else {
            return try importGroupsOneByOne(groups)
        }
        var lists: [[UInt8]: ListRow] = [:]
        let columns = [StoredTables.id, StoredTables.listName, StoredTables.listMode]
        try connection.forEachRow(
            "SELECT \(sql: StoredTable.names(columns, \.postgresql)) FROM checklist.lists"
        ) { row in
            func at(_ column: StoredColumn) -> Int32 {
                guard let index = columns.firstIndex(of: column) else {
                    preconditionFailure("\(column.postgresql) is not read")
                }
                return Int32(index)
            }
            let (id, name, mode) = (
                at(StoredTables.id), at(StoredTables.listName), at(StoredTables.listMode)
            )
            lists[Array(row.bytes(name))] = ListRow(
                id: try row.int64(id), name: ListName(stored: row.string(name)),
                mode: try row.mode(mode))
        }
        var found: [Int64] = []
        var missing: [ImportDocument.Group] = []
        for group in groups {
            if let list = lists[Array(group.name.text.utf8)] {
                found.append(list.id)
            } else {
                missing.append(group)
            }
        }
        if !found.isEmpty {
            let ids = Self.bigintArray(found)
            _ = try connection.query(
                """
                INSERT INTO checklist.changed_lists (change_id, list_id, \(Self.listFields))
                SELECT $1, id, \(Self.listFields) FROM checklist.lists
                WHERE id = ANY($2::bigint[])
                ON CONFLICT (change_id, list_id) DO NOTHING
                """, [String(changeID), ids])
            connection.queue(
                "UPDATE checklist.lists SET updated_at = $2 WHERE id = ANY($1::bigint[])",
                [ids, now])
        }
        if !missing.isEmpty {
            let last = try connection.query(
                "UPDATE checklist.state SET last_list_id = last_list_id + $1"
                    + " RETURNING last_list_id", [String(missing.count)]
            ).onlyRow().int64(0)
            let first = last - Int64(missing.count) + 1
            for (offset, group) in missing.enumerated() {
                let list = ListRow(
                    id: first + Int64(offset), name: group.name, mode: group.mode ?? .multiple)
                lists[Array(group.name.text.utf8)] = list
            }
            connection.queue(
                """
                INSERT INTO checklist.lists (\(Self.importedList.columns))
                SELECT \(Self.importedList.values.joined(separator: ", "))
                FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(name, mode, n)
                """,
                [
                    String(first), Self.textArray(missing.map(\.name.text)),
                    Self.textArray(missing.map { ($0.mode ?? .multiple).rawValue }), now,
                ])
            connection.queue(
                """
                INSERT INTO checklist.changed_lists (change_id, list_id)
                SELECT $1, generate_series($2::bigint, $3::bigint)
                ON CONFLICT (change_id, list_id) DO NOTHING
                """, [String(changeID), String(first), String(last)])
        }
        // Every group's list was found or made above.
        let targets = try groups.map { group in
            guard let list = lists[Array(group.name.text.utf8)] else {
                throw ChecklistError.listNotFound(group.name.text)
            }
            return list
        }
        let uncheckedOthers = try uncheckOthersForImport(groups, in: targets)
        let count = try appendAll(groups, to: targets, foundLists: found)
        return ImportSummary(
            itemCount: count, lists: groups.map(\.name), uncheckedOthers: uncheckedOthers)
    }

    /// Every group's items at the end of its list in one statement, each group's IDs recorded
    /// as added; returns how many.
    private func appendAll(
        _ groups: [ImportDocument.Group], to lists: [ListRow], foundLists: [Int64]
    ) throws -> Int {
        var lastPositions: [Int64: Int64] = [:]
        var lastID: Int64 = 0
        try connection.forEachRow(
            """
            SELECT 0, last_item_id FROM checklist.state
            UNION ALL
            SELECT list_id, max(position) FROM checklist.items
            WHERE list_id = ANY($1::bigint[]) GROUP BY list_id
            """, [Self.bigintArray(foundLists)]
        ) { row in
            if try row.int64(0) == 0 {
                lastID = try row.int64(1)
            } else {
                lastPositions[try row.int64(0)] = try row.int64(1)
            }
        }
        var listIDs: [Int64] = []
        var titles: [String] = []
        var selected: [String] = []
        var positions: [Int64] = []
        var firsts: [Int64] = []
        var lasts: [Int64] = []
        for (group, list) in zip(groups, lists) where !group.entries.isEmpty {
            let last = lastPositions[list.id] ?? 0
            firsts.append(lastID + Int64(titles.count) + 1)
            for (index, entry) in group.entries.enumerated() {
                listIDs.append(list.id)
                titles.append(entry.title.text)
                selected.append(entry.isSelected ? "t" : "f")
                positions.append(last + Int64(index) + 1)
            }
            lasts.append(lastID + Int64(titles.count))
        }
        guard !titles.isEmpty else { return 0 }
        connection.queue(
            """
            INSERT INTO checklist.items (\(Self.imported.columns))
            SELECT \(Self.imported.values.joined(separator: ", "))
            FROM unnest($2::bigint[], $3::text[], $4::boolean[], $5::bigint[])
                WITH ORDINALITY AS t(list, title, selected, place, n)
            """,
            [
                String(lastID), Self.bigintArray(listIDs), Self.textArray(titles),
                "{" + selected.joined(separator: ",") + "}", Self.bigintArray(positions), now,
            ])
        connection.queue(
            "UPDATE checklist.state SET last_item_id = $1", [String(lastID + Int64(titles.count))])
        connection.queue(
            """
            INSERT INTO checklist.added_items (change_id, first_id, last_id)
            SELECT $1, first_id, last_id FROM unnest($2::bigint[], $3::bigint[]) AS t(first_id, last_id)
            """, [String(changeID), Self.bigintArray(firsts), Self.bigintArray(lasts)])
        return titles.count
    }

    /// What `importGroups` inserts of a list: the first ID ($1) and the time ($4), and a row of
    /// the arrays of names and modes.
    private static let importedList = StoredTables.lists.insert(
        setting: [
            (StoredTables.id, "$1::bigint + n - 1"), (StoredTables.listName, "name"),
            (StoredTables.listMode, "mode"), (StoredTables.createdAt, "$4"),
            (StoredTables.updatedAt, "$4"),
        ], \.postgresql)

    /// What `importGroups` inserts: the last ID ($1) and the time ($6), and a row of the
    /// arrays of lists, titles, states and positions for each item.
    private static let imported = StoredTables.items.insert(
        setting: [
            (StoredTables.id, "$1::bigint + n"), (StoredTables.listID, "list"),
            (StoredTables.title, "title"), (StoredTables.isSelected, "selected"),
            (StoredTables.position, "place"), (StoredTables.createdAt, "$6"),
            (StoredTables.updatedAt, "$6"),
        ], \.postgresql)

    static func bigintArray(_ values: [Int64]) -> String {
        "{" + values.map(String.init).joined(separator: ",") + "}"
    }
}
