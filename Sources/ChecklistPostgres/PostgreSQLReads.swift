import ChecklistModel
import ChecklistStore

/// The steps of `ReadSteps`, in PostgreSQL's SQL, over a connection inside a read's or a
/// change's transaction. Every value is a parameter (`PostgreSQLQuery`), IDs included.
struct PostgreSQLReads: ReadSteps {
    let connection: PostgreSQLConnection
    /// Whether the schema is at this program's version: one an older binary made, which a
    /// reading command reads without migrating it, may lack a field declared since.
    var schemaIsCurrent = true

    // MARK: - Lists

    func listID(named name: ListName) throws -> Int64? {
        // Through the index of the names' MD5, then the whole text.
        try connection.query(
            "SELECT id FROM checklist.lists WHERE md5(name) = md5(\(text: name.text)) AND name = \(text: name.text)"
        ).first.map { try $0.int64(0) }
    }

    func lists(in scope: FoundScope) throws -> [Checklist] {
        var condition: PostgreSQLQuery = ""
        if case .list(let id) = scope { condition = "WHERE l.id = \(id)" }
        return try connection.query(
            """
            SELECT l.name, l.mode, count(i.id) FILTER (WHERE i.is_selected), count(i.id)
            FROM checklist.lists l LEFT JOIN checklist.items i ON i.list_id = l.id
            \(condition) GROUP BY l.id ORDER BY l.name
            """
        ).map { row in
            Checklist(
                name: ListName(stored: try row.text(0)), mode: try row.mode(1),
                checkedCount: try row.int(2), totalCount: try row.int(3))
        }
    }

    func itemCount(inList listID: Int64) throws -> Int {
        try connection.query("SELECT count(*) FROM checklist.items WHERE list_id = \(listID)")
            .onlyRow().int(0)
    }

    // MARK: - Items of a scope, streamed a batch of rows at a time (never the whole list)

    func forEachItem(in scope: FoundScope, filter: ItemFilter, _ body: (Item) throws -> Void)
        throws
    {
        let (id, list, title, selected, created, updated) = Self.itemColumns
        try forEachItemRow(in: scope, filter: filter) { row in
            try body(
                Item(
                    id: row.int64(id), list: ListName(stored: row.string(list)),
                    title: row.string(title), isSelected: row.bool(selected),
                    position: row.int64(Self.placeColumn), createdAt: row.string(created),
                    updatedAt: row.string(updated), more: Self.moreColumns.map { row.string($0) }))
        }
    }

    /// Where `forEachItemRow`'s rows hold an item's ID, list's name, title, state and times.
    private static let itemColumns = {
        let read = ItemReadColumns.item
        return (
            Int32(read.index(of: StoredTables.id)), Int32(read.index(.listName)),
            Int32(read.index(of: StoredTables.title)),
            Int32(read.index(of: StoredTables.isSelected)),
            Int32(read.index(of: StoredTables.createdAt)),
            Int32(read.index(of: StoredTables.updatedAt))
        )
    }()

    /// Each item's bytes as the server sent them.
    func forEachItemBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemBytes) throws -> Void
    ) throws {
        let (id, list, title, selected, created, updated) = Self.itemColumns
        try forEachItemRow(in: scope, filter: filter) { row in
            try body(
                ItemBytes(
                    id: row.int64(id), isSelected: row.bool(selected),
                    position: row.int64(Self.placeColumn), list: row.bytes(list),
                    title: row.bytes(title), createdAt: row.bytes(created),
                    updatedAt: row.bytes(updated), more: Self.moreColumns.map { row.bytes($0) }))
        }
    }

    func forEachHeadlineBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (HeadlineBytes) throws -> Void
    ) throws {
        let read = ItemReadColumns.headline
        let (id, list, title, selected) = (
            Int32(read.index(of: StoredTables.id)), Int32(read.index(.listName)),
            Int32(read.index(of: StoredTables.title)),
            Int32(read.index(of: StoredTables.isSelected))
        )
        try connection.forEachRowStreaming(
            """
            SELECT \(sql: Self.selectList(read, missing: try missingFields()))
            FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
            \(whereClause(scope, filter)) ORDER BY \(sql: Self.order(scope, "l.name", "i.position", "i.id"))
            """
        ) { row in
            try body(
                HeadlineBytes(
                    id: row.int64(id), isSelected: row.bool(selected), list: row.bytes(list),
                    title: row.bytes(title),
                    more: Self.atDefaults(row) ? [] : Self.headlineMore.map { row.bytes($0) }))
        }
    }

    /// A read's columns over `checklist.items i` and `checklist.lists l`; `missing`, fields an
    /// older schema lacks, read as their values by default.
    static func selectList(_ read: ItemReadColumns, missing: Set<String> = []) -> String {
        read.selectList(
            item: { column in
                // A shown field reads as text (`Item.more`): its value by default where an
                // older schema lacks it.
                guard let shown = column.shown else { return "i.\(column.postgresql)" }
                return missing.contains(column.postgresql)
                    ? "'\(shown.defaultText)'::pg_catalog.text AS \(column.postgresql)"
                    : "i.\(column.postgresql)::pg_catalog.text AS \(column.postgresql)"
            },
            listName: "l.\(StoredTables.listName.postgresql)")
    }

    /// One query.
    func largestItemID(in scope: FoundScope, filter: ItemFilter) throws -> Int64 {
        try connection.query(
            "SELECT coalesce(max(i.id), 0) FROM checklist.items i \(whereClause(scope, filter))"
        ).onlyRow().int64(0)
    }

    func counts(in scope: FoundScope) throws -> ItemCounts {
        let row = try connection.query(
            """
            SELECT count(*) FILTER (WHERE i.is_selected), count(*) FROM checklist.items i
            \(whereClause(scope, .any))
            """
        ).onlyRow()
        return ItemCounts(checked: try row.int(0), total: try row.int(1))
    }

    /// `WHERE` over `checklist.items i` for the scope and the filter (empty for every item).
    private func whereClause(_ scope: FoundScope, _ filter: ItemFilter) -> PostgreSQLQuery {
        var conditions: [PostgreSQLQuery] = []
        if case .list(let id) = scope { conditions.append("i.list_id = \(id)") }
        switch filter {
        case .any: break
        case .checked: conditions.append("i.is_selected")
        case .unchecked: conditions.append("NOT i.is_selected")
        }
        guard let first = conditions.first else { return "" }
        return conditions.dropFirst().reduce("WHERE \(first)") { $0.joined(with: $1, by: " AND ") }
    }

    /// Where the item rows hold `StoredTables.moreShownItemFields`; and each item's place in
    /// its list, after every column of `ItemReadColumns.item`.
    private static let moreColumns = ItemReadColumns.item.moreIndexes.map(Int32.init)
    private static let headlineMore = ItemReadColumns.headline.moreIndexes.map(Int32.init)
    private static let defaultBytes = ItemField.all.map { Array($0.shown.defaultText.utf8) }

    /// Whether the row's shown fields are all at their values by default (their text as the
    /// server sends it): most rows are, and are read without them.
    private static func atDefaults(_ row: PostgreSQLRow) -> Bool {
        zip(headlineMore, defaultBytes).allSatisfy { row.bytes($0).elementsEqual($1) }
    }
    private static let placeColumn = Int32(ItemReadColumns.item.columns.count)

    /// `PostgreSQLEditorSource.columns` on this schema: a shown field it lacks at its value by
    /// default (the table is not aliased there).
    func editorColumns() -> String {
        let missing = (try? missingFields()) ?? []
        return ItemReadColumns.editorRow.selectList(
            item: { column in
                guard let shown = column.shown, missing.contains(column.postgresql) else {
                    return column.postgresql
                }
                return "'\(shown.defaultText)'::pg_catalog.text AS \(column.postgresql)"
            }, listName: StoredTables.listName.postgresql)
    }

    /// The more shown fields the items table lacks (a schema an older binary left, read
    /// without migrating it): they read as their values by default.
    func missingFields() throws -> Set<String> {
        if schemaIsCurrent || StoredTables.moreShownItemFields.isEmpty { return [] }
        let present = Set(
            try connection.query(
                """
                SELECT column_name FROM information_schema.columns
                WHERE table_schema = 'checklist' AND table_name = 'items'
                """
            ).map { try $0.text(0) })
        return Set(
            StoredTables.moreShownItemFields.map(\.postgresql).filter { !present.contains($0) })
    }

    /// Rows of `ItemReadColumns.item`, then each item's place, in order, the place counted
    /// before the filter.
    private func forEachItemRow(
        in scope: FoundScope, filter: ItemFilter, _ body: (PostgreSQLRow) throws -> Void
    ) throws {
        let read = ItemReadColumns.item
        let selected =
            switch filter {
            case .any: ""
            case .checked: "WHERE \(StoredTables.isSelected.postgresql)"
            case .unchecked: "WHERE NOT \(StoredTables.isSelected.postgresql)"
            }
        let outer = read.selectList(item: \.postgresql, listName: StoredTables.listName.postgresql)
        try connection.forEachRowStreaming(
            """
            SELECT \(sql: outer), place FROM (
                SELECT \(sql: Self.selectList(read, missing: try missingFields())),
                       row_number() OVER (PARTITION BY i.list_id
                                          ORDER BY i.position, i.id) AS place,
                       i.position AS sort_position
                FROM checklist.items i JOIN checklist.lists l ON l.id = i.list_id
                \(whereClause(scope, .any))) AS placed
            \(sql: selected) ORDER BY \(sql: Self.order(scope, "name", "sort_position", "id"))
            """, body)
    }

    /// The items' order: by list name, place and ID; within one list, by place and ID (the
    /// planner does not see that a list's ID fixes its name, and sorting 20,000 rows by an
    /// equal name first took 28 ms where 9 ms did: `list` of one list trailed psql by 2.3x).
    private static func order(_ scope: FoundScope, _ name: String, _ place: String, _ id: String)
        -> String
    {
        if case .list = scope { return "\(place), \(id)" }
        return "\(name), \(place), \(id)"
    }

    // MARK: - Selections

    /// Lone IDs in one array, runs range by range.
    func conditions(for ids: IDSet) -> [PostgreSQLQuery] {
        let (lone, runs) = ids.split()
        var conditions: [PostgreSQLQuery] = []
        if !lone.isEmpty { conditions.append("id = ANY(\(ids: lone))") }
        for run in runs {
            conditions.append("id BETWEEN \(run.lowerBound) AND \(run.upperBound)")
        }
        return conditions
    }

    func condition(inList listID: Int64, checkedOnly: Bool, among: PostgreSQLQuery?)
        -> PostgreSQLQuery
    {
        var condition: PostgreSQLQuery = "list_id = \(listID)"
        if checkedOnly { condition = "\(condition) AND is_selected" }
        if let among { condition = "(\(among)) AND \(condition)" }
        return condition
    }

    func count(where condition: PostgreSQLQuery) throws -> Int {
        try connection.query("SELECT count(*) FROM checklist.items WHERE \(condition)")
            .onlyRow().int(0)
    }

    func missing(_ ids: IDSet) throws -> IDSet {
        let (lone, runs) = ids.split()
        if let prediction = connection.prediction {
            // Predicted: every one exists (and changes: `checkPrediction` counts them).
            prediction.named += ids.count
            return IDSet()
        }
        var missing: [ItemID] = []
        // One count first: most commands name IDs that all exist.
        if !lone.isEmpty, try count(where: "id = ANY(\(ids: lone))") != lone.count {
            missing += try connection.query(
                """
                SELECT x FROM unnest(\(ids: lone)) x
                WHERE NOT EXISTS (SELECT 1 FROM checklist.items WHERE id = x) ORDER BY x
                """
            ).map { try $0.int64(0) }
        }
        var gaps: [ClosedRange<ItemID>] = missing.sorted().map { $0...$0 }
        for run in runs {
            let found = try count(where: "id BETWEEN \(run.lowerBound) AND \(run.upperBound)")
            if found == Int(run.upperBound - run.lowerBound) + 1 { continue }
            // The gaps between the IDs that exist: a range of any length costs what it holds.
            var next = run.lowerBound
            try connection.forEachRow(
                """
                SELECT id FROM checklist.items WHERE id BETWEEN \(run.lowerBound)
                AND \(run.upperBound) ORDER BY id
                """
            ) { row in
                let id = try row.int64(0)
                if id > next { gaps.append(next...(id - 1)) }
                next = id &+ 1
            }
            if next <= run.upperBound && next > 0 { gaps.append(next...run.upperBound) }
        }
        return IDSet(gaps)
    }

    // MARK: - The rest

    func history(limit: Int) throws -> [Change] {
        try connection.query(
            """
            SELECT \(sql: Self.changeColumns)
            FROM checklist.changes ORDER BY id DESC LIMIT \(limit)
            """
        ).map(Self.change)
    }

    /// A change from a row of `changeColumns`.
    package static func change(_ row: [String?]) throws -> Change {
        func at(_ column: StoredColumn) -> Int {
            guard let index = StoredTables.changes.columns.firstIndex(of: column) else {
                preconditionFailure("\(column.postgresql) is not a column of checklist.changes")
            }
            return index
        }
        return Change(
            id: try row.int64(at(StoredTables.id)), command: try row.text(at(StoredTables.command)),
            description: try row.text(at(StoredTables.changeDescription)),
            itemCount: try row.int(at(StoredTables.itemCount)),
            createdAt: try row.text(at(StoredTables.createdAt)),
            author: row[at(StoredTables.author)])
    }

    /// The journal's entries' columns as `change` decodes them: the declared ones, in order.
    static let changeColumns = StoredTable.names(StoredTables.changes.columns, \.postgresql)

    func pageLinks() throws -> [PageLink] {
        try connection.query(
            "SELECT person, secret_sha256, created_at FROM checklist.page_links ORDER BY person"
        ).map { row in
            PageLink(
                person: try row.text(0), secretSHA256: try row.text(1), createdAt: try row.text(2))
        }
    }
}
