import ChecklistModel
import ChecklistStore
import GRDB

/// An editor window's reads on a SQLite file: keyset reads on `(position, id)` through
/// `items_by_list_position`, and a filter matched in SQL through a function registered on the
/// read's connection, so only the window is held in memory.
struct SQLiteEditorSource: EditorRowSource {
    let listID: Int64
    let db: Database
    /// The row's columns, with a stand-in for a shown field a file an older binary wrote lacks
    /// (the editor and `pick` may read one without migrating it).
    private let selection: SQLiteColumnSelection
    /// The searched fields' columns (`TextMatch.searchedMore`: the note), as the filter's
    /// function takes them after the title and the state.
    private let searched: String

    init(listID: Int64, filter: EditorFilter?, _ db: Database) {
        self.listID = listID
        self.db = db
        let missing = (try? SQLiteItemsTable(db).missingShownFields()) ?? []
        selection = missing.isEmpty ? Self.row : Self.row.lacking(missing)
        searched = Self.searchedColumns.map {
            ", " + (missing.contains($0.sqlite) ? "''" : $0.sqlite)
        }.joined()
        if let filter {
            // Registered on this connection for this read only; the SQL stays fixed text.
            db.add(
                function: DatabaseFunction(
                    "checklist_editor_matches", argumentCount: 2 + Self.searchedColumns.count
                ) { values in
                    guard let title = String.fromDatabaseValue(values[0]),
                        let isSelected = Bool.fromDatabaseValue(values[1])
                    else { return false }
                    var more = ItemField.defaults
                    for (offset, index) in TextMatch.searchedMore.enumerated() {
                        more[index] = String.fromDatabaseValue(values[2 + offset]) ?? ""
                    }
                    return filter.matches(title, isSelected: isSelected, more: more)
                })
        }
    }

    private static let searchedColumns = TextMatch.searchedMore.map {
        StoredTables.moreShownItemFields[$0]
    }

    private func shown(_ filter: EditorFilter?) -> SQL {
        filter == nil
            ? "listId = \(listID)"
            : "listId = \(listID) AND checklist_editor_matches(title, isSelected"
                + SQL(sql: searched) + ")"
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

    func counts(matching filter: EditorFilter) throws -> ItemCounts {
        let request = SQLRequest<Row>(
            literal: "SELECT count(*) AS total, coalesce(sum(isSelected), 0) AS checked"
                + " FROM items WHERE \(shown(filter))")
        guard let row = try request.fetchOne(db) else { return ItemCounts(checked: 0, total: 0) }
        return ItemCounts(
            checked: try row.decode(forColumn: "checked"), total: try row.decode(forColumn: "total")
        )
    }

    func row(_ id: ItemID) throws -> EditorRow? {
        try rows("SELECT \(columns) FROM items WHERE id = \(id) AND listId = \(listID)").first
    }

    func rows(
        past place: EditorPlace?, descending: Bool, limit: Int, matching filter: EditorFilter?
    ) throws -> [EditorRow] {
        try rows(
            "SELECT \(columns) FROM items WHERE \(shown(filter)) \(boundary(place, descending))"
                + " \(order(descending)) LIMIT \(limit)")
    }

    func scan(
        past place: EditorPlace?, descending: Bool, limit: Int,
        _ body: (EditorRow) throws -> Bool
    ) throws {
        let cursor = try SQLRequest<Row>(
            literal: "SELECT \(columns) FROM items WHERE listId = \(listID)"
                + " \(boundary(place, descending)) \(order(descending)) LIMIT \(limit)"
        ).fetchCursor(db)
        while let row = try cursor.next() {
            if try !body(try Self.decode(row)) { return }
        }
    }

    func ids(matching filter: EditorFilter?, checkedOnly: Bool) throws -> IDSet {
        let checked: SQL = checkedOnly ? "AND isSelected = 1" : ""
        let cursor = try SQLRequest<ItemID>(
            literal: "SELECT id FROM items WHERE \(shown(filter)) \(checked) ORDER BY id"
        ).fetchCursor(db)
        var ids: [ItemID] = []
        while let id = try cursor.next() { ids.append(id) }
        return IDSet(ascending: ids)
    }

    func count(before place: EditorPlace) throws -> Int {
        try SQLRequest<Int>(
            literal: "SELECT count(*) FROM items WHERE listId = \(listID) \(boundary(place, true))"
        ).fetchOne(db) ?? 0
    }

    private func boundary(_ place: EditorPlace?, _ descending: Bool) -> SQL {
        guard let place else { return "" }
        return descending
            ? "AND (position, id) < (\(place.sortKey), \(place.id))"
            : "AND (position, id) > (\(place.sortKey), \(place.id))"
    }

    private func order(_ descending: Bool) -> SQL {
        descending ? "ORDER BY position DESC, id DESC" : "ORDER BY position, id"
    }

    /// The columns an `EditorRow` is decoded from (`ItemReadColumns.editorRow`).
    private var columns: SQL { selection.sql }
    private static let row = SQLiteColumnSelection(.editorRow)

    private func rows(_ sql: SQL) throws -> [EditorRow] {
        let cursor = try SQLRequest<Row>(literal: sql).fetchCursor(db)
        var rows: [EditorRow] = []
        while let row = try cursor.next() { rows.append(try Self.decode(row)) }
        return rows
    }

    private static func decode(_ row: Row) throws -> EditorRow {
        EditorRow(
            id: try row.decode(atIndex: Self.row.index(of: StoredTables.id)),
            title: try row.decode(atIndex: Self.row.index(of: StoredTables.title)),
            isSelected: try row.decode(atIndex: Self.row.index(of: StoredTables.isSelected)),
            sortKey: try row.decode(atIndex: Self.row.index(of: StoredTables.position)),
            more: try Self.more.map { try row.decode(atIndex: $0) })
    }

    /// Where the rows hold `EditorRow.more`.
    private static let more = ItemReadColumns.editorRow.moreIndexes
}
