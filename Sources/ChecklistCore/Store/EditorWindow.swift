import GRDB

/// The keyset reads of one editor page, inside one read transaction, in `SQL` values like
/// every other read: the list and the filter make one condition, each read adds its own.
struct EditorWindow {
    let listID: Int64
    let filter: EditorFilter?
    let db: Database

    init(listID: Int64, filter: EditorFilter?, _ db: Database) {
        self.listID = listID
        self.filter = filter
        self.db = db
        if let filter {
            // Registered on this connection for this read only; the SQL stays fixed text.
            db.add(
                function: DatabaseFunction("checklist_editor_matches", argumentCount: 1) {
                    values in
                    guard let title = String.fromDatabaseValue(values[0]) else { return false }
                    return filter.matches(title)
                })
        }
    }

    /// The shown items of the list.
    private var shown: SQL {
        filter == nil
            ? "listId = \(listID)" : "listId = \(listID) AND checklist_editor_matches(title)"
    }

    func listCounts(knownTotal: Int?) throws -> ItemCounts {
        // Two index-only counts: the checked ones read only the checked entries.
        let total =
            try knownTotal
            ?? SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE listId = \(listID)")
            .fetchOne(db) ?? 0
        let checked =
            try SQLRequest<Int>(
                literal: "SELECT count(*) FROM items WHERE listId = \(listID) AND isSelected = 1"
            ).fetchOne(db) ?? 0
        return ItemCounts(checked: checked, total: total)
    }

    func shownCounts() throws -> ItemCounts {
        let request = SQLRequest<Row>(
            literal: "SELECT count(*) AS total, coalesce(sum(isSelected), 0) AS checked"
                + " FROM items WHERE \(shown)")
        guard let row = try request.fetchOne(db) else { return ItemCounts(checked: 0, total: 0) }
        return ItemCounts(
            checked: try row.decode(forColumn: "checked"), total: try row.decode(forColumn: "total"))
    }

    /// The anchor's row, or the nearest shown row to where it was.
    func resolve(_ anchor: EditorAnchor) throws -> EditorRow? {
        switch anchor {
        case .first:
            return try rows(after: nil, limit: 1).first
        case .last:
            return try rows(before: nil, limit: 1).first
        case .item(let id, let sortKey):
            if let row = try fetch("SELECT \(columns) FROM items WHERE id = \(id) AND \(shown)").first {
                return row
            }
            let place = EditorRow(id: id, title: "", isSelected: false, sortKey: sortKey)
            if let next = try rows(after: place, limit: 1).first { return next }
            return try rows(before: place, limit: 1).first
        }
    }

    /// Shown rows after `row` (from the start when nil), in list order.
    func rows(after row: EditorRow?, limit: Int) throws -> [EditorRow] {
        let after: SQL = row.map { "AND (position, id) > (\($0.sortKey), \($0.id))" } ?? ""
        return try fetch(
            "SELECT \(columns) FROM items WHERE \(shown) \(after) ORDER BY position, id LIMIT \(limit)")
    }

    /// Shown rows before `row` (from the end when nil), nearest first.
    func rows(before row: EditorRow?, limit: Int) throws -> [EditorRow] {
        let before: SQL = row.map { "AND (position, id) < (\($0.sortKey), \($0.id))" } ?? ""
        return try fetch(
            """
            SELECT \(columns) FROM items WHERE \(shown) \(before)
            ORDER BY position DESC, id DESC LIMIT \(limit)
            """)
    }

    func ids(checkedOnly: Bool) throws -> IDSet {
        let checked: SQL = checkedOnly ? "AND isSelected = 1" : ""
        let cursor = try SQLRequest<ItemID>(
            literal: "SELECT id FROM items WHERE \(shown) \(checked) ORDER BY id"
        ).fetchCursor(db)
        var ranges: [ClosedRange<ItemID>] = []
        while let id = try cursor.next() {
            if let last = ranges.last, last.upperBound &+ 1 == id {
                ranges[ranges.count - 1] = last.lowerBound...id
            } else {
                ranges.append(id...id)
            }
        }
        return IDSet(ranges)
    }

    /// The columns an `EditorRow` is decoded from, by name.
    private var columns: SQL { "id, title, isSelected, position" }

    private func fetch(_ sql: SQL) throws -> [EditorRow] {
        let cursor = try SQLRequest<Row>(literal: sql).fetchCursor(db)
        var rows: [EditorRow] = []
        while let row = try cursor.next() {
            rows.append(
                EditorRow(
                    id: try row.decode(forColumn: "id"), title: try row.decode(forColumn: "title"),
                    isSelected: try row.decode(forColumn: "isSelected"),
                    sortKey: try row.decode(forColumn: "position")))
        }
        return rows
    }
}
