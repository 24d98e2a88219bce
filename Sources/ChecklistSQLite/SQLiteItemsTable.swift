import ChecklistModel
import ChecklistStore
import GRDB

import struct Foundation.Data  // a blob to bind (GRDB links Foundation already)

/// The `items` table's one home, over a `Database` (a read's or a change's).
///
/// The stored columns are declared once, in `StoredTables.itemFields`, and every statement
/// that copies whole rows is built from that list: the journal's copy before a change, undo's
/// restore, the copy between lists. The hot reads select `ItemReadColumns`, written from the
/// same declarations, and decode by its indexes; the bulk insert names what it sets by the
/// declared columns. Adding a stored column is a migration (to `items` and to `changedItems`)
/// and its names in `StoredTables`.
struct SQLiteItemsTable {
    let db: Database
    /// The stored columns but `id` (the journal keeps it as `itemId`), in the schema's order.
    let columns: [String]

    static let storedColumns = StoredTables.itemFields.map(\.sqlite)

    init(_ db: Database, columns: [String] = SQLiteItemsTable.storedColumns) {
        self.db = db
        self.columns = columns
    }

    private var columnList: SQL { SQL(sql: columns.joined(separator: ", ")) }

    // MARK: - Whole rows: journal, restore, copy

    /// Copies the rows `condition` selects into the journal of change `changeID`, as they are
    /// before it touches them; a row already recorded by the change keeps its first record.
    func record(where condition: SQL, inChange changeID: Int64) throws {
        try db.execute(
            literal: """
                INSERT OR IGNORE INTO changedItems (changeId, itemId, \(columnList))
                SELECT \(changeID), id, \(columnList) FROM items WHERE \(condition)
                """)
    }

    /// Writes back every row change `changeID` recorded, with its ID and every column.
    func restore(recordedIn changeID: Int64) throws {
        let updates = SQL(sql: columns.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
        try db.execute(
            literal: """
                INSERT INTO items (id, \(columnList))
                SELECT itemId, \(columnList) FROM changedItems WHERE changeId = \(changeID)
                ON CONFLICT (id) DO UPDATE SET \(updates)
                """)
    }

    /// Copies a list's items, in list order, into another list: every column as it is but
    /// `values`, which sets some of them; returns how many rows were inserted.
    func copy(list listID: Int64, setting values: [String: SQL]) throws -> Int {
        let selected = columns.map { values[$0] ?? SQL(sql: $0) }.joined(separator: ", ")
        try db.execute(
            literal: """
                INSERT INTO items (\(columnList))
                SELECT \(selected) FROM items WHERE listId = \(listID) ORDER BY position, id
                """)
        return db.changesCount
    }

    // MARK: - The bulk insert

    /// Appends titles at the end of a list in one statement: a million titles go to SQLite
    /// as one JSON array, one statement, not a million. A state a title (`selection`) goes as
    /// one bound blob of 0 and 1 bytes beside it, read by the same key: a byte's `substr` is
    /// a constant-time offset into a blob. (Measured with the sqlite3 shell on a million
    /// titles: 1.09 s, as fast as the '0'/'1' prefix on each title it replaces, which no
    /// second field could join; `[title, state]` pairs read with `->>` took 1.49 s.) Returns
    /// the new IDs, consecutive under the write lock.
    func append(
        _ titles: [String], checked: Bool, selection: [Bool]?, to listID: Int64, now: String
    ) throws -> ClosedRange<ItemID>? {
        guard !titles.isEmpty else { return nil }
        let last =
            try SQLRequest<Int64>(
                literal: "SELECT max(position) FROM items WHERE listId = \(listID)", cached: true
            ).fetchOne(db) ?? 0
        let states: SQL =
            if let selection {
                "substr(\(Data(selection.map { $0 ? 1 : 0 })), key + 1, 1) = x'01'"
            } else {
                "\(checked)"
            }
        let values: [(column: StoredColumn, value: SQL)] = [
            (StoredTables.listID, "\(listID)"), (StoredTables.title, "value"),
            (StoredTables.isSelected, states), (StoredTables.position, "\(last) + key + 1"),
            (StoredTables.createdAt, "\(now)"), (StoredTables.updatedAt, "\(now)"),
        ]
        let insert = StoredTables.items.insert(setting: values, \.sqlite)
        // Cached: an import of many small lists appends once a list (the statement's text is
        // one of two, by `selection`).
        try db.cachedStatement(
            literal: """
                INSERT INTO items (\(SQL(sql: insert.columns)))
                SELECT \(insert.values.joined(separator: ", "))
                FROM json_each(\(JSONText.array(of: titles))) ORDER BY key
                """
        ).execute()
        let lastID = db.lastInsertedRowID
        return (lastID - ItemID(titles.count) + 1)...lastID
    }

    // MARK: - What the hot reads select

    /// What `list` shows of an item, in the order `forEachHeadline` selects and decodes it.
    static let headline = SQLiteColumnSelection(.headline, castsShown: false)
    static let headlineBare = SQLiteColumnSelection(.headlineBare)
    static let headlineMoreIndexes = ItemReadColumns.headline.moreIndexes
    /// What `eachItem` reads of an item (JSON and export), `StoredTables.moreShownItemFields`
    /// last (at `moreIndexes`).
    static let item = SQLiteColumnSelection(.item)
    static let itemBare = SQLiteColumnSelection(.itemBare)

    /// Whether any item the conditions select has a shown field not at its value by default:
    /// one look at the partial index `items_with_shown_fields`. Without any (most lists), the
    /// reads select the bare columns, and `list` costs what it cost before the fields (at 2,000
    /// items, reading them was 12% of its instructions). A file an older binary wrote, without
    /// the columns, has none.
    func holdsShownFields(_ conditions: [SQL]) throws -> Bool {
        guard let set = ItemReadColumns.shownFieldsSet else { return false }
        do {
            let condition = Self.whereClause(conditions + [SQL(sql: set)])
            // A statement, not a request: a request's preparation cost a `list` about 1% more.
            return try Bool.fetchOne(
                try db.makeStatement(literal: "SELECT EXISTS (SELECT 1 FROM items \(condition))"))
                ?? false
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            return false
        }
    }
    static let moreIndexes = ItemReadColumns.item.moreIndexes
    /// Where an item is, as `ItemPlace` decodes it.
    static let place = SQLiteColumnSelection(.place)

    /// The shown fields this file's items table lacks: a file an older binary wrote, read
    /// without migrating it.
    func missingShownFields() throws -> Set<String> {
        if StoredTables.moreShownItemFields.isEmpty { return [] }
        let present = Set(try db.columns(in: "items").map(\.name))
        return Set(
            StoredTables.moreShownItemFields.map(\.sqlite).filter { !present.contains($0) })
    }

    // MARK: - Selecting by ID

    /// The conditions that select the IDs: lone IDs in one `json_each` (a million scattered
    /// IDs from stdin cost one statement, not a million), runs range by range.
    static func conditions(for ids: IDSet) -> [SQL] {
        let (lone, runs) = ids.split()
        var conditions: [SQL] = []
        if !lone.isEmpty {
            conditions.append("id IN (SELECT value FROM json_each(\(jsonArray(lone))))")
        }
        for range in runs {
            conditions.append("id BETWEEN \(range.lowerBound) AND \(range.upperBound)")
        }
        return conditions
    }

    /// `[1,5,9]`: IDs for `json_each`, bound as one text value.
    static func jsonArray(_ ids: [ItemID]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    /// The IDs of `ids` that name no item. A range costs one count when it is complete.
    func missing(_ ids: IDSet) throws -> IDSet {
        let (lone, runs) = ids.split()
        var absent: [ItemID] = []
        if !lone.isEmpty {
            absent = try itemIDs(
                """
                SELECT value FROM json_each(\(Self.jsonArray(lone)))
                WHERE NOT EXISTS (SELECT 1 FROM items WHERE items.id = value)
                """)
        }
        var gaps: [ClosedRange<ItemID>] = []
        for range in runs {
            let found =
                try SQLRequest<Int>(
                    literal: """
                        SELECT count(*) FROM items
                        WHERE id BETWEEN \(range.lowerBound) AND \(range.upperBound)
                        """, cached: true
                ).fetchOne(db) ?? 0
            if found == Int(range.upperBound - range.lowerBound) + 1 { continue }
            try addGaps(in: range, to: &gaps)
        }
        // One set made at the end: a union per range would merge again all found before it.
        return gaps.isEmpty ? IDSet(ids: absent) : IDSet(ids: absent).union(IDSet(gaps))
    }

    /// The first column of the rows, as IDs. Read through `Row` rather than
    /// `SQLRequest<ItemID>`: GRDB's cursor of `Int64` values is a generic class, and its first
    /// use in a process has the Swift runtime look up two conformances of `Int64` through every
    /// conformance record of the binary, 6% of `checklist check 5` (callgrind).
    func itemIDs(_ query: SQL) throws -> [ItemID] {
        var ids: [ItemID] = []
        try forEachItemID(query) { ids.append($0) }
        return ids
    }

    /// The first column of each row, as an ID, one row at a time (see `itemIDs`).
    private func forEachItemID(_ query: SQL, _ body: (ItemID) throws -> Void) throws {
        let rows = try SQLRequest<Row>(literal: query).fetchCursor(db)
        while let row = try rows.next() { try body(try row.decode(atIndex: 0)) }
    }

    /// Appends the IDs of the range that name no item, as ranges.
    private func addGaps(in range: ClosedRange<ItemID>, to gaps: inout [ClosedRange<ItemID>])
        throws
    {
        // `next` is the lowest ID not yet accounted for; nil once the range is covered (so an
        // item with ID Int64.max never overflows it).
        var next: ItemID? = range.lowerBound
        try forEachItemID(
            """
            SELECT id FROM items WHERE id BETWEEN \(range.lowerBound) AND \(range.upperBound)
            ORDER BY id
            """
        ) { id in
            if let low = next, id > low { gaps.append(low...(id - 1)) }
            next = id == range.upperBound ? nil : id + 1
        }
        if let low = next { gaps.append(low...range.upperBound) }
    }

    /// Where the item is, if it exists.
    func place(of id: ItemID) throws -> ItemPlace? {
        try SQLRequest<ItemPlace>(
            literal: "SELECT \(Self.place.sql) FROM items WHERE id = \(id)"
        ).fetchOne(db)
    }

    /// How many items a list has.
    func count(inList listID: Int64) throws -> Int {
        try SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE listId = \(listID)")
            .fetchOne(db) ?? 0
    }
}
