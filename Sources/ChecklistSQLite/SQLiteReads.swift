import ChecklistModel
import ChecklistStore
import GRDB
import GRDBSQLite

/// The steps of `ReadSteps`, in SQLite's SQL, over a read's or a change's `Database`.
struct SQLiteReads: ReadSteps {
    let db: Database

    private var items: SQLiteItemsTable { SQLiteItemsTable(db) }

    // MARK: - Lists

    func listID(named name: ListName) throws -> Int64? {
        try SQLiteListsTable(db).id(named: name)
    }

    func lists(in scope: FoundScope) throws -> [Checklist] {
        try SQLiteListsTable(db).withCounts(in: scope)
    }

    func itemCount(inList listID: Int64) throws -> Int {
        try items.count(inList: listID)
    }

    // MARK: - Items of a scope

    func forEachItem(in scope: FoundScope, filter: ItemFilter, _ body: (Item) throws -> Void)
        throws
    {
        try items.forEach(in: scope, filter: filter, body)
    }

    /// The bytes go from SQLite's buffer to the caller without being decoded, checked and
    /// copied on the way (at 100,000 items, those steps were a third of `list`'s instructions);
    /// `forEachHeadline` decodes them. A filter uses the `(listId, isSelected)` index: no
    /// place is counted, so the other rows need not be read. A row whose shown fields are all
    /// at their values by default (most) is read without them, and without an array.
    func forEachHeadlineBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (HeadlineBytes) throws -> Void
    ) throws {
        let conditions = SQLiteItemsTable.conditions(in: scope, filter: filter)
        let withFields = try items.holdsShownFields(conditions)
        let columns = withFields ? SQLiteItemsTable.headline : SQLiteItemsTable.headlineBare
        let statement = try items.inListOrderStatement(columns, conditions)
        // The cursor steps the statement and decodes the ID (the first column); the other
        // columns are read from the same row of the same statement.
        precondition(columns.index(of: StoredTables.id) == 0, "the ID leads the selection")
        let (list, title, isSelected) = (
            Int32(columns.listName), Int32(columns.index(of: StoredTables.title)),
            Int32(columns.index(of: StoredTables.isSelected))
        )
        let row = statement.sqliteStatement
        let ids = try ItemID.fetchCursor(statement)
        let more = withFields ? SQLiteItemsTable.headlineMoreIndexes.map(Int32.init) : []
        while let id = try ids.next() {
            try body(
                HeadlineBytes(
                    id: id, isSelected: sqlite3_column_int64(row, isSelected) != 0,
                    list: Self.text(row, list), title: Self.text(row, title),
                    more: more.isEmpty || Self.atDefaults(row, more)
                        ? [] : more.map { Self.text(row, $0) }))
        }
    }

    /// Whether the row's shown fields (at `columns`, in `ItemField.all`'s order, read as
    /// stored) are all at their values by default: most rows are, and are read without them.
    private static func atDefaults(_ row: OpaquePointer, _ columns: [Int32]) -> Bool {
        for (index, column) in columns.enumerated() {
            switch defaults[index] {
            case .count(let value):
                if sqlite3_column_int64(row, column) != value { return false }
            case .text(let bytes):
                if Int(sqlite3_column_bytes(row, column)) != bytes.count { return false }
                if !bytes.isEmpty, !text(row, column).elementsEqual(bytes) { return false }
            }
        }
        return true
    }

    private enum DefaultValue {
        case count(Int64)
        case text([UInt8])
    }

    private static let defaults: [DefaultValue] = ItemField.all.map {
        switch $0.shown.kind {
        case .count: .count(Int64($0.shown.defaultText) ?? 0)
        case .text: .text(Array($0.shown.defaultText.utf8))
        }
    }

    func forEachItemBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemBytes) throws -> Void
    ) throws {
        let conditions = SQLiteItemsTable.conditions(in: scope, filter: .any)
        let withFields = try items.holdsShownFields(conditions)
        let columns = withFields ? SQLiteItemsTable.item : SQLiteItemsTable.itemBare
        let statement = try items.inListOrderStatement(columns, conditions)
        precondition(columns.index(of: StoredTables.id) == 0, "the ID leads the selection")
        let (list, title, isSelected, listID, created, updated) = (
            Int32(columns.listName), Int32(columns.index(of: StoredTables.title)),
            Int32(columns.index(of: StoredTables.isSelected)),
            Int32(columns.index(of: StoredTables.listID)),
            Int32(columns.index(of: StoredTables.createdAt)),
            Int32(columns.index(of: StoredTables.updatedAt))
        )
        let row = statement.sqliteStatement
        let ids = try ItemID.fetchCursor(statement)
        var currentList: Int64 = 0
        var position: Int64 = 0
        let moreIndexes = withFields ? SQLiteItemsTable.moreIndexes.map(Int32.init) : []
        while let id = try ids.next() {
            let rowList = sqlite3_column_int64(row, listID)
            if rowList != currentList {
                currentList = rowList
                position = 0
            }
            position += 1
            let selected = sqlite3_column_int64(row, isSelected) != 0
            guard filter.admits(isSelected: selected) else { continue }
            try body(
                ItemBytes(
                    id: id, isSelected: selected, position: position,
                    list: Self.text(row, list), title: Self.text(row, title),
                    createdAt: Self.text(row, created), updatedAt: Self.text(row, updated),
                    more: moreIndexes.isEmpty ? [] : moreIndexes.map { Self.text(row, $0) }))
        }
    }

    /// A text column's UTF-8 bytes (the pointer first, then the length, as SQLite asks).
    private static func text(_ row: SQLiteStatement, _ column: Int32) -> UnsafeRawBufferPointer {
        guard let start = sqlite3_column_text(row, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(row, column)))
    }

    /// Each list costs one or two seeks to the end of its `(listId, isSelected)` index range,
    /// whatever its size.
    func largestItemID(in scope: FoundScope, filter: ItemFilter) throws -> Int64 {
        let states: [Int] =
            switch filter {
            case .any: [0, 1]
            case .checked: [1]
            case .unchecked: [0]
            }
        // The largest ID of one list (`list`, an SQL expression) in the states the filter keeps.
        func largest(in list: SQL) -> SQL {
            let seeks = states.map { state -> SQL in
                "coalesce((SELECT max(id) FROM items WHERE listId = \(list) AND isSelected = \(state)), 0)"
            }
            // max() of two arguments is SQLite's scalar maximum.
            return seeks.count == 1 ? seeks[0] : "max(\(seeks[0]), \(seeks[1]))"
        }
        let request: SQL
        switch scope {
        case .all where filter == .any:
            request = "SELECT coalesce(max(id), 0) FROM items"
        case .all:
            request = "SELECT coalesce(max(\(largest(in: "lists.id"))), 0) FROM lists"
        case .list(let listID):
            request = "SELECT \(largest(in: "\(listID)"))"
        }
        return try SQLRequest<Int64>(literal: request).fetchOne(db) ?? 0
    }

    func counts(in scope: FoundScope) throws -> ItemCounts {
        var conditions: [SQL] = []
        if case .list(let listID) = scope { conditions.append("listId = \(listID)") }
        let row = try SQLRequest<Row>(
            literal: """
                SELECT coalesce(sum(isSelected), 0) AS checked, count(*) AS total FROM items
                \(SQLiteItemsTable.whereClause(conditions))
                """
        ).fetchOne(db)
        guard let row else { return ItemCounts(checked: 0, total: 0) }
        return ItemCounts(
            checked: try row.decode(forColumn: "checked"),
            total: try row.decode(forColumn: "total"))
    }

    // MARK: - Selections

    func missing(_ ids: IDSet) throws -> IDSet {
        try items.missing(ids)
    }

    func conditions(for ids: IDSet) -> [SQL] {
        SQLiteItemsTable.conditions(for: ids)
    }

    func condition(inList listID: Int64, checkedOnly: Bool, among: SQL?) -> SQL {
        var condition: SQL = "listId = \(listID)"
        if checkedOnly { condition = "\(condition) AND isSelected = 1" }
        if let among { condition = "(\(among)) AND \(condition)" }
        return condition
    }

    func count(where condition: SQL) throws -> Int {
        try SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE \(condition)")
            .fetchOne(db) ?? 0
    }

    // MARK: - The rest

    func history(limit: Int) throws -> [Change] {
        // A database not yet migrated to the journal (opened read-only) has no history.
        guard try db.tableExists("changes") else { return [] }
        return try SQLRequest<Change>(
            literal: "SELECT * FROM changes ORDER BY id DESC LIMIT \(limit)"
        ).fetchAll(db)
    }

    func pageLinks() throws -> [PageLink] {
        try Row.fetchAll(
            db, sql: "SELECT person, secretSHA256, createdAt FROM page_links ORDER BY person"
        ).map { row in
            PageLink(
                person: try row.decode(String.self, atIndex: 0),
                secretSHA256: try row.decode(String.self, atIndex: 1),
                createdAt: try row.decode(String.self, atIndex: 2))
        }
    }
}
