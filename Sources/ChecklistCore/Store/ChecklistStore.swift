import GRDB

/// Which items a bulk command applies to.
public enum ItemSelection: Hashable, Sendable {
    /// Items named by ID, in any list: IDs are global. A list named alongside them must exist,
    /// though it does not scope them (the contract: `--list` naming a missing list is an error).
    case ids(IDSet, namedList: String? = nil)
    /// Every item of a list.
    case all(in: String)
    /// Every checked item of a list.
    case checked(in: String)
}

/// What a bulk write did, for the summary line.
public struct ChangeSummary: Hashable, Sendable {
    /// Items whose row changed.
    public var changed: Int
    /// Items the command applied to, changed or not.
    public var matched: Int
    /// IDs that named no item (only with `ignoringMissing`).
    public var missing: IDSet
    /// Other items a single-choice list unchecked because an item of it was checked.
    public var uncheckedOthers: Int

    public init(changed: Int, matched: Int, missing: IDSet = IDSet(), uncheckedOthers: Int = 0) {
        self.changed = changed
        self.matched = matched
        self.missing = missing
        self.uncheckedOthers = uncheckedOthers
    }
}

/// What `add` did.
public struct AddSummary: Hashable, Sendable {
    /// The new items' IDs, in order.
    public var ids: [ItemID]
    /// Items of a single-choice list unchecked because an item was added checked.
    public var uncheckedOthers: Int
}

/// The repository: the only code that speaks SQL. Each public method is one transaction, so a
/// command happens completely or not at all; writes are IMMEDIATE transactions (GRDB's default
/// for writes), so two processes never both read and then race to upgrade their locks.
public struct ChecklistStore: Sendable {
    private let writer: any DatabaseWriter

    /// A store over a database that is already migrated (see `DatabaseOpener`).
    public init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// A migrated, empty in-memory store: what a missing file reads as, and what tests use.
    public static func empty() throws -> ChecklistStore {
        let queue = try DatabaseQueue()
        try SchemaMigrator.migrate(queue)
        return ChecklistStore(queue)
    }

    // MARK: - Reads

    /// Every list with its counts, by name.
    public func lists() throws -> [Checklist] {
        try read { db in try lists(in: .all, db) }
    }

    /// The lists of the scope with their counts, then each of their items in order, from one
    /// snapshot of the database (for export: an empty list is there too).
    public func forEachList(
        in scope: ListScope, lists listsBody: ([Checklist]) throws -> Void,
        items itemBody: (Item) throws -> Void
    ) throws {
        try read { db in
            try listsBody(try lists(in: scope, db))
            try eachItem(in: scope, filter: .any, detailed: true, db, itemBody)
        }
    }

    /// Calls `body` with each item of the scope in position order, one row at a time, so a
    /// list of any length is never held in memory. An item's `position` is its 1-based place
    /// in its list, counted here: the stored column only orders a list and keeps the gaps that
    /// deletes leave (closing them would rewrite every later row of a list on every delete).
    /// With `detailed: false` the positions and timestamps are not worked out and come back
    /// 0 and empty: text and ID output never shows them, a filter can then use an index
    /// instead of reading every row, and two strings a row are a third of the cost of reading
    /// it.
    public func forEachItem(
        in scope: ListScope, filter: ItemFilter = .any, detailed: Bool = true,
        _ body: (Item) throws -> Void
    ) throws {
        try read { db in
            try eachItem(in: scope, filter: filter, detailed: detailed, db, body)
        }
    }

    private func eachItem(
        in scope: ListScope, filter: ItemFilter, detailed: Bool, _ db: Database,
        _ body: (Item) throws -> Void
    ) throws {
        let timestamps = detailed ? "items.createdAt, items.updatedAt" : "'', ''"
        var sql = """
            SELECT items.id, lists.name, items.title, items.isSelected, items.listId,
                   \(timestamps)
            FROM items JOIN lists ON lists.id = items.listId
            """
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if case .list(let name) = scope {
            guard let listID = try requireList(named: name, db) else { return }
            conditions.append("items.listId = ?")
            arguments += [listID]
        }
        // A place counts the items before it, checked or not: with positions, every row of
        // the scope is read and the filter is applied here.
        if !detailed && filter != .any {
            conditions.append(filter == .checked ? "items.isSelected = 1" : "items.isSelected = 0")
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY lists.name, items.position, items.id"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var listID: Int64 = 0
        var position: Int64 = 0
        while let row = try rows.next() {
            let isSelected: Bool = try row.decode(atIndex: 3)
            if detailed {
                let rowList: Int64 = try row.decode(atIndex: 4)
                if rowList != listID {
                    listID = rowList
                    position = 0
                }
                position += 1
                switch filter {
                case .any: break
                case .checked: if !isSelected { continue }
                case .unchecked: if isSelected { continue }
                }
            }
            try body(
                Item(
                    id: try row.decode(atIndex: 0),
                    list: try row.decode(atIndex: 1),
                    title: try row.decode(atIndex: 2),
                    isSelected: isSelected,
                    position: position,
                    createdAt: try row.decode(atIndex: 5),
                    updatedAt: try row.decode(atIndex: 6)))
        }
    }

    private func lists(in scope: ListScope, _ db: Database) throws -> [Checklist] {
        var condition = ""
        var arguments: StatementArguments = []
        if case .list(let name) = scope {
            guard let listID = try requireList(named: name, db) else { return [] }
            condition = "WHERE lists.id = ?"
            arguments = [listID]
        }
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT lists.name, lists.mode, coalesce(sum(items.isSelected), 0), count(items.id)
                FROM lists LEFT JOIN items ON items.listId = lists.id \(condition)
                GROUP BY lists.id ORDER BY lists.name
                """, arguments: arguments)
        var lists: [Checklist] = []
        while let row = try rows.next() {
            let modeName: String = try row.decode(atIndex: 1)
            lists.append(
                Checklist(
                    name: try row.decode(atIndex: 0),
                    mode: ListMode(rawValue: modeName) ?? .multiple,
                    checkedCount: try row.decode(atIndex: 2),
                    totalCount: try row.decode(atIndex: 3)))
        }
        return lists
    }

    /// The items of the scope in position order (for small lists and tests; see `forEachItem`).
    public func items(in scope: ListScope, filter: ItemFilter = .any) throws -> [Item] {
        var items: [Item] = []
        try forEachItem(in: scope, filter: filter) { items.append($0) }
        return items
    }

    /// The checked and total counts of the scope.
    public func counts(in scope: ListScope) throws -> ItemCounts {
        try read { db in
            var sql = "SELECT coalesce(sum(isSelected), 0), count(*) FROM items"
            var arguments: StatementArguments = []
            if case .list(let name) = scope {
                guard let listID = try requireList(named: name, db) else {
                    return ItemCounts(checked: 0, total: 0)
                }
                sql += " WHERE listId = ?"
                arguments = [listID]
            }
            guard let row = try Row.fetchOne(db, sql: sql, arguments: arguments) else {
                return ItemCounts(checked: 0, total: 0)
            }
            return ItemCounts(
                checked: try row.decode(atIndex: 0), total: try row.decode(atIndex: 1))
        }
    }

    /// Copies the database into the empty file at `path` (see `backup(to:overwriting:)`).
    func copy(to path: String) throws {
        // VACUUM INTO cannot run inside a transaction; it reads one snapshot by itself.
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM INTO ?", arguments: [path])
        }
    }

    // MARK: - Steps shared by the writes

    /// The IDs of `ids` that name no item. A range costs one count when it is complete.
    func missingIDs(_ ids: IDSet, _ db: Database) throws -> IDSet {
        let count = try db.cachedStatement(
            sql: "SELECT count(*) FROM items WHERE id BETWEEN ? AND ?")
        let existing = try db.cachedStatement(
            sql: "SELECT id FROM items WHERE id BETWEEN ? AND ? ORDER BY id")
        let (lone, runs) = ids.split()
        var missing: [ClosedRange<ItemID>] = []
        if !lone.isEmpty {
            let absent = try ItemID.fetchAll(
                db,
                sql: """
                    SELECT value FROM json_each(?)
                    WHERE NOT EXISTS (SELECT 1 FROM items WHERE items.id = value)
                    """, arguments: [jsonArray(lone)])
            missing += absent.map { $0...$0 }
        }
        for range in runs {
            let found =
                try Int.fetchOne(count, arguments: [range.lowerBound, range.upperBound]) ?? 0
            if found == Int(range.upperBound - range.lowerBound) + 1 { continue }
            // `next` is the lowest ID not yet accounted for; nil once the range is covered
            // (so an item with ID Int64.max never overflows it).
            var next: ItemID? = range.lowerBound
            let cursor = try ItemID.fetchCursor(
                existing, arguments: [range.lowerBound, range.upperBound])
            while let id = try cursor.next() {
                if let low = next, id > low { missing.append(low...(id - 1)) }
                next = id < range.upperBound ? id + 1 : nil
            }
            if let low = next { missing.append(low...range.upperBound) }
        }
        return IDSet(missing)
    }

    /// The list's row ID; nil for the default list before its first item (it reads as an empty
    /// list, so a new user's first `checklist list` is not an error); any other missing list
    /// throws.
    func requireList(named name: String, _ db: Database) throws -> Int64? {
        if let listID = try listID(named: name, db) { return listID }
        if name == Checklist.defaultName { return nil }
        throw ChecklistError.listNotFound(name)
    }

    /// `[1,5,9]`: IDs for `json_each`, bound as one text value.
    func jsonArray(_ ids: [ItemID]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    func listID(named name: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM lists WHERE name = ?", arguments: [name])
    }

    /// Creates a list and records it in the journal (undo deletes it).
    func createList(
        named name: String, mode: ListMode = .multiple, _ journal: Journal, _ db: Database
    ) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO lists (name, mode, createdAt, updatedAt) VALUES (?, ?, ?, ?)",
            arguments: [name, mode.rawValue, journal.now, journal.now])
        let listID = db.lastInsertedRowID
        try journal.recordCreatedList(listID)
        return listID
    }

    /// The ID of a list that must exist (the default list too).
    func existingList(named name: String, _ db: Database) throws -> Int64 {
        guard let listID = try listID(named: name, db) else {
            throw ChecklistError.listNotFound(name)
        }
        return listID
    }

    func listName(_ listID: Int64, _ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT name FROM lists WHERE id = ?", arguments: [listID])
            ?? ""
    }

    func listMode(_ listID: Int64, _ db: Database) throws -> ListMode {
        let mode = try String.fetchOne(
            db, sql: "SELECT mode FROM lists WHERE id = ?", arguments: [listID])
        return mode.flatMap(ListMode.init(rawValue:)) ?? .multiple
    }

    /// One timestamp per transaction, ISO 8601 UTC with milliseconds, from SQLite's clock.
    func timestamp(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") ?? ""
    }

    // MARK: - Transactions and errors

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.read(body) }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.write(body) }
    }

    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: writer.path)
        }
    }
}
