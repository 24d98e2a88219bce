import ChecklistModel
import ChecklistStore
import ChecklistSync

/// The steps of `ChangeSteps` that `PostgreSQLChange.swift` does not take, in PostgreSQL's SQL.
extension PostgreSQLChange: ChangeSteps {
    var reads: PostgreSQLReads { PostgreSQLReads(connection: connection) }

    func setSelection(_ kind: SelectionKind, where condition: PostgreSQLQuery) throws -> Int {
        try setSelection(
            kind.assignment, recordingWhere: "(\(condition)) AND \(sql: kind.changedRows)")
    }

    /// The server keeps each field's stamp in the item's row (`migrations/postgresql/0004`).
    func checkMergeView(of ids: [ItemID], since time: String) throws -> MergeView {
        try PostgreSQLSync(connection: connection).view(
            of: ids, singleChoice: try hasSingleChoiceLists())
    }

    func deleteItems(where condition: PostgreSQLQuery) throws -> Int {
        try recordItems(where: condition)
        if let prediction = connection.prediction {
            // Every named item goes (`checkPrediction` counts those recorded).
            connection.queue("DELETE FROM checklist.items WHERE \(condition)")
            return prediction.report(.items)
        }
        return try connection.run("DELETE FROM checklist.items WHERE \(condition)")
    }

    func text(_ field: StoredColumn, of id: ItemID) throws -> String? {
        try connection.query(
            "SELECT \(sql: field.postgresql) FROM checklist.items WHERE id = \(id)"
        ).first.map { try $0.text(0) }
    }

    func setText(_ field: StoredColumn, to value: String, of id: ItemID) throws {
        try recordItems(where: "id = \(id)")
        _ = try connection.run(
            """
            UPDATE checklist.items SET \(sql: field.postgresql) = \(text: value), updated_at = \(text: now)
            WHERE id = \(id)
            """)
    }

    func setFields(
        _ values: [(column: StoredColumn, value: String)], where condition: PostgreSQLQuery
    ) throws -> Int {
        guard !values.isEmpty else { return 0 }
        let bound = values.map { field -> (name: String, value: PostgreSQLQuery) in
            (
                field.column.postgresql,
                "\(text: field.value)::\(sql: field.column.type.postgresql)"
            )
        }
        let tests = bound.map {
            "\(sql: $0.name) IS DISTINCT FROM \($0.value)" as PostgreSQLQuery
        }
        var differs = tests[0]
        for test in tests.dropFirst() { differs = differs.joined(with: test, by: " OR ") }
        let predicate: PostgreSQLQuery = "(\(condition)) AND (\(differs))"
        try recordItems(where: predicate)
        let assignments = bound.map { "\(sql: $0.name) = \($0.value)" as PostgreSQLQuery }
        return try connection.run(
            """
            UPDATE checklist.items SET \(list: assignments), updated_at = \(text: now)
            WHERE \(predicate)
            """)
    }

    func addedItems() throws -> [ClosedRange<ItemID>] {
        try connection.query(
            """
            SELECT first_id, last_id FROM checklist.added_items WHERE change_id = $1
            ORDER BY first_id
            """, [String(changeID)]
        ).map { (try $0.int64(0))...(try $0.int64(1)) }
    }

    func setTexts(_ field: StoredColumn, to values: [String], from first: ItemID) throws {
        guard !values.isEmpty else { return }
        _ = try connection.run(
            """
            UPDATE checklist.items i SET \(sql: field.postgresql) = v.value::\(sql: field.type.postgresql)
            FROM unnest(\(text: PostgreSQLChange.textArray(values))::text[]) WITH ORDINALITY AS v(value, n)
            WHERE i.id = \(first)::bigint + n - 1
            """)
    }

    func renameList(_ listID: Int64, to name: ListName) throws {
        try recordList(listID)
        _ = try connection.run(
            "UPDATE checklist.lists SET name = $2, updated_at = $3 WHERE id = $1",
            [String(listID), name.text, now])
    }

    func deleteList(_ listID: Int64) throws {
        try recordItems(where: "list_id = \(listID)")
        try recordList(listID)
        _ = try connection.run("DELETE FROM checklist.lists WHERE id = $1", [String(listID)])
    }

    /// IDs from the counter, positions 1 on in the source's order; recorded as one range.
    /// Every stored field is copied as it is but those set here (`StoredTables.itemFields`).
    func copyItems(ofList source: Int64, into copy: Int64, unchecked: Bool) throws -> Int {
        let lastID = try connection.query("SELECT last_item_id FROM checklist.state")
            .onlyRow().int64(0)
        let set: [String: PostgreSQLQuery] = [
            "list_id": "\(copy)", "is_selected": "is_selected AND \(!unchecked)",
            "position": "n", "created_at": "\(text: now)", "updated_at": "\(text: now)",
        ]
        let fields = StoredTables.itemFields.map(\.postgresql)
        let values = fields.map { set[$0] ?? "\(sql: $0)" }
        let count = try connection.run(
            """
            INSERT INTO checklist.items (id, \(sql: fields.joined(separator: ", ")))
            SELECT \(lastID)::bigint + n, \(values.dropFirst().reduce(values[0]) { $0.joined(with: $1, by: ", ") })
            FROM (
                SELECT *, row_number() OVER (ORDER BY position, id) AS n
                FROM checklist.items WHERE list_id = \(source)) AS source
            """)
        if count > 0 { try recordAdded(lastID + 1...lastID + Int64(count)) }
        return count
    }

    func setMode(_ mode: ListMode, ofList listID: Int64) throws {
        try recordList(listID)
        _ = try connection.query(
            "UPDATE checklist.lists SET mode = $2, updated_at = $3 WHERE id = $1",
            [String(listID), mode.rawValue, now])
    }

    func place(of id: ItemID) throws -> ItemPlace? {
        try connection.query(
            "SELECT \(sql: Self.placeColumns) FROM checklist.items WHERE id = \(id)"
        ).first.map(Self.place)
    }

    /// Where an item is (`ItemReadColumns.place`), selected and decoded.
    private static let placeColumns = ItemReadColumns.place.selectList(
        item: \.postgresql, listName: StoredTables.listName.postgresql)
    private static func place(_ row: [String?]) throws -> ItemPlace {
        let read = ItemReadColumns.place
        return ItemPlace(
            id: try row.int64(read.index(of: StoredTables.id)),
            listID: try row.int64(read.index(of: StoredTables.listID)),
            position: try row.int64(read.index(of: StoredTables.position)),
            isSelected: try row.bool(read.index(of: StoredTables.isSelected)))
    }

    func checkedItems(inList listID: Int64) throws -> [ItemID] {
        try connection.query(
            "SELECT id FROM checklist.items WHERE list_id = \(listID) AND is_selected ORDER BY id"
        ).map { try $0.int64(0) }
    }

    private func others(_ listID: Int64, _ moving: ItemID) -> PostgreSQLQuery {
        "list_id = \(listID) AND id <> \(moving)"
    }

    func itemCount(inList listID: Int64, excluding moving: ItemID, before place: ItemPlace?)
        throws -> Int
    {
        var condition = others(listID, moving)
        if let place {
            condition = """
                \(condition) AND (position < \(place.position)
                    OR (position = \(place.position) AND id < \(place.id)))
                """
        }
        return try connection.query("SELECT count(*) FROM checklist.items WHERE \(condition)")
            .onlyRow().int(0)
    }

    func position(inList listID: Int64, excluding moving: ItemID, at index: Int) throws -> Int64? {
        try connection.query(
            """
            SELECT position FROM checklist.items WHERE \(others(listID, moving))
            ORDER BY position, id LIMIT 1 OFFSET \(index)
            """
        ).first.map { try $0.int64(0) }
    }

    func shiftPositions(inList listID: Int64, excluding moving: ItemID, from position: Int64)
        throws
    {
        let shifted: PostgreSQLQuery = "\(others(listID, moving)) AND position >= \(position)"
        try recordItems(where: shifted)
        _ = try connection.run(
            "UPDATE checklist.items SET position = position + 1 WHERE \(shifted)")
    }

    func put(_ id: ItemID, inList listID: Int64, at position: Int64) throws {
        try recordItems(where: "id = \(id)")
        _ = try connection.run(
            """
            UPDATE checklist.items SET list_id = \(listID), position = \(position),
                updated_at = \(text: now)
            WHERE id = \(id)
            """)
    }

    func singleChoiceItems(where condition: PostgreSQLQuery) throws -> [ItemPlace] {
        try connection.query(
            """
            SELECT \(sql: Self.placeColumns) FROM checklist.items WHERE (\(condition))
            AND list_id IN (SELECT id FROM checklist.lists WHERE mode = 'single')
            """
        ).map(Self.place)
    }
}

/// check, uncheck and toggle on a server: what each sets, and which rows it changes.
extension SelectionKind {
    fileprivate var assignment: String {
        switch self {
        case .check: "is_selected = true"
        case .uncheck: "is_selected = false"
        case .toggle: "is_selected = NOT is_selected"
        }
    }

    fileprivate var changedRows: String {
        switch self {
        case .check: "NOT is_selected"
        case .uncheck: "is_selected"
        case .toggle: "true"
        }
    }
}
