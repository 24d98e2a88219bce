import ChecklistModel
import ChecklistStore

/// An editor window's reads on a server: the same keyset reads on `(position, id)`; a filter
/// (the `--match` rule, in Swift) is matched here over the rows read, in batches.
struct PostgreSQLEditorSource: EditorRowSource {
    let listID: Int64
    let connection: PostgreSQLConnection
    /// The row's columns (`columns`, or on an older schema with stand-ins).
    var columns = Self.columns

    /// Rows read per round trip when matching a filter here.
    private static let batch = 1_000

    func listCounts(knownTotal: Int?) throws -> ItemCounts {
        let row = try connection.query(
            """
            SELECT count(*) FILTER (WHERE is_selected), count(*) FROM checklist.items
            WHERE list_id = \(listID)
            """
        ).onlyRow()
        return ItemCounts(checked: try row.int(0), total: try knownTotal ?? row.int(1))
    }

    func counts(matching filter: EditorFilter) throws -> ItemCounts {
        var counts = ItemCounts(checked: 0, total: 0)
        try scan(past: nil, descending: false, limit: Int.max) { row in
            if filter.matches(row) {
                counts.total += 1
                if row.isSelected { counts.checked += 1 }
            }
            return true
        }
        return counts
    }

    func row(_ id: ItemID) throws -> EditorRow? {
        try rows(where: "id = \(id) AND list_id = \(listID)", order: "", limit: 1).first
    }

    func rows(
        past place: EditorPlace?, descending: Bool, limit: Int, matching filter: EditorFilter?
    ) throws -> [EditorRow] {
        guard let filter else {
            return try rows(
                where: "list_id = \(listID) \(boundary(place, descending))",
                order: order(descending), limit: limit)
        }
        var found: [EditorRow] = []
        try scan(past: place, descending: descending, limit: Int.max) { row in
            if filter.matches(row) { found.append(row) }
            return found.count < limit
        }
        return found
    }

    func scan(
        past place: EditorPlace?, descending: Bool, limit: Int,
        _ body: (EditorRow) throws -> Bool
    ) throws {
        var place = place
        var left = limit
        while left > 0 {
            let batch = try rows(
                where: "list_id = \(listID) \(boundary(place, descending))",
                order: order(descending), limit: min(left, Self.batch))
            for row in batch {
                if try !body(row) { return }
            }
            guard batch.count == min(left, Self.batch), let last = batch.last else { return }
            left -= batch.count
            place = last.place
        }
    }

    func ids(matching filter: EditorFilter?, checkedOnly: Bool) throws -> IDSet {
        var ids: [ItemID] = []
        let checked = checkedOnly ? " AND is_selected" : ""
        let read = ItemReadColumns.editorRow
        let (id, title, selected) = (
            read.index(of: StoredTables.id), read.index(of: StoredTables.title),
            read.index(of: StoredTables.isSelected)
        )
        for row in try connection.query(
            """
            SELECT \(sql: columns) FROM checklist.items
            WHERE list_id = \(listID)\(sql: checked) ORDER BY id
            """)
        {
            if let filter,
                !filter.matches(
                    try row.text(title), isSelected: try row.bool(selected),
                    more: try read.moreIndexes.map { try row.text($0) })
            {
                continue
            }
            ids.append(try row.int64(id))
        }
        return IDSet(ascending: ids)
    }

    func count(before place: EditorPlace) throws -> Int {
        let rows = try connection.query(
            "SELECT count(*) FROM checklist.items WHERE list_id = \(listID) \(boundary(place, true))"
        )
        return try rows.onlyRow().int(0)
    }

    private func boundary(_ place: EditorPlace?, _ descending: Bool) -> PostgreSQLQuery {
        guard let place else { return "" }
        return descending
            ? "AND (position, id) < (\(place.sortKey), \(place.id))"
            : "AND (position, id) > (\(place.sortKey), \(place.id))"
    }

    private func order(_ descending: Bool) -> String {
        descending ? "ORDER BY position DESC, id DESC" : "ORDER BY position, id"
    }

    private func rows(where condition: PostgreSQLQuery, order: String, limit: Int) throws
        -> [EditorRow]
    {
        let read = ItemReadColumns.editorRow
        let (id, title, selected, position) = (
            read.index(of: StoredTables.id), read.index(of: StoredTables.title),
            read.index(of: StoredTables.isSelected), read.index(of: StoredTables.position)
        )
        return try connection.query(
            """
            SELECT \(sql: columns) FROM checklist.items WHERE \(condition)
            \(sql: order) LIMIT \(limit)
            """
        ).map {
            let row = $0
            return EditorRow(
                id: try row.int64(id), title: try row.text(title),
                isSelected: try row.bool(selected),
                sortKey: try row.int64(position),
                more: try read.moreIndexes.map { try row.text($0) })
        }
    }

    /// The columns an `EditorRow` is decoded from (`ItemReadColumns.editorRow`).
    static let columns = ItemReadColumns.editorRow.selectList(
        item: \.postgresql, listName: StoredTables.listName.postgresql)
}
