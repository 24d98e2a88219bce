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

    public init(changed: Int, matched: Int, missing: IDSet = IDSet()) {
        self.changed = changed
        self.matched = matched
        self.missing = missing
    }
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
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT lists.name, lists.mode, coalesce(sum(items.isSelected), 0), count(items.id)
                    FROM lists LEFT JOIN items ON items.listId = lists.id
                    GROUP BY lists.id ORDER BY lists.name
                    """)
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
    }

    /// Calls `body` with each item of the scope in position order, one row at a time, so a
    /// list of any length is never held in memory. With `includingTimestamps: false` the
    /// timestamps are not read and come back empty (text output never shows them, and two
    /// strings a row are a third of the cost of reading it).
    public func forEachItem(
        in scope: ListScope, filter: ItemFilter = .any, includingTimestamps: Bool = true,
        _ body: (Item) throws -> Void
    ) throws {
        try read { db in
            let timestamps = includingTimestamps ? "items.createdAt, items.updatedAt" : "'', ''"
            var sql = """
                SELECT items.id, lists.name, items.title, items.isSelected, items.position,
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
            switch filter {
            case .any: break
            case .checked: conditions.append("items.isSelected = 1")
            case .unchecked: conditions.append("items.isSelected = 0")
            }
            if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
            sql += " ORDER BY lists.name, items.position, items.id"
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                try body(
                    Item(
                        id: try row.decode(atIndex: 0),
                        list: try row.decode(atIndex: 1),
                        title: try row.decode(atIndex: 2),
                        isSelected: try row.decode(atIndex: 3),
                        position: try row.decode(atIndex: 4),
                        createdAt: try row.decode(atIndex: 5),
                        updatedAt: try row.decode(atIndex: 6)))
            }
        }
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

    // MARK: - Writes

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// Returns the new IDs in order.
    @discardableResult
    public func add(_ titles: [Title], to list: String, checked: Bool = false) throws -> [ItemID] {
        guard !titles.isEmpty else { return [] }
        return try write { db in
            let now = try timestamp(db)
            let listID = try listID(named: list, db) ?? createList(named: list, now: now, db)
            let position =
                try Int64.fetchOne(
                    db, sql: "SELECT max(position) FROM items WHERE listId = ?", arguments: [listID]
                ) ?? 0
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
                    SELECT ?1, value, ?2, ?3 + key + 1, ?4, ?5 FROM json_each(?6) ORDER BY key
                    """)
            // All titles go to SQLite as one JSON array in one statement: a million titles
            // cost one statement, not a million.
            try insert.execute(
                arguments: [
                    listID, checked, position, now, now, JSONText.array(of: titles.map(\.text)),
                ])
            // One INSERT under the write lock takes consecutive AUTOINCREMENT IDs.
            let last = db.lastInsertedRowID
            let ids = Array((last - ItemID(titles.count) + 1)...last)
            try db.execute(
                sql: "UPDATE lists SET updatedAt = ? WHERE id = ?", arguments: [now, listID])
            return ids
        }
    }

    /// Sets isSelected = 1. Already checked items are matched but not changed.
    public func check(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try changeSelection(
            of: selection, to: "1", where: "isSelected = 0", ignoringMissing: ignoringMissing)
    }

    /// Sets isSelected = 0. `uncheck(.all(in: list))` resets a list for its next use.
    public func uncheck(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try changeSelection(
            of: selection, to: "0", where: "isSelected = 1", ignoringMissing: ignoringMissing)
    }

    /// Flips isSelected.
    public func toggle(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try changeSelection(
            of: selection, to: "1 - isSelected", where: "1", ignoringMissing: ignoringMissing)
    }

    /// Deletes the items. Their IDs are never given to another item.
    public func delete(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try write { db in
            try apply(
                sql: "DELETE FROM items WHERE", extraCondition: "1", arguments: [],
                to: selection, ignoringMissing: ignoringMissing, db)
        }
    }

    /// Changes one item's title. A list named alongside must exist, as for `.ids`.
    public func rename(_ id: ItemID, to title: Title, namedList: String? = nil) throws {
        try write { db in
            if let namedList { _ = try requireList(named: namedList, db) }
            try db.execute(
                sql: "UPDATE items SET title = ?, updatedAt = ? WHERE id = ?",
                arguments: [title.text, try timestamp(db), id])
            if db.changesCount == 0 { throw ChecklistError.itemsNotFound(IDSet(ids: [id])) }
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

    /// `newValue` and `condition` are fixed SQL fragments chosen by the methods above, never
    /// user input; every value is bound.
    private func changeSelection(
        of selection: ItemSelection, to newValue: String, where condition: String,
        ignoringMissing: Bool
    ) throws -> ChangeSummary {
        try write { db in
            try apply(
                sql: "UPDATE items SET isSelected = \(newValue), updatedAt = ? WHERE",
                extraCondition: condition, arguments: [try timestamp(db)],
                to: selection, ignoringMissing: ignoringMissing, db)
        }
    }

    /// Runs `sql … <selection> AND extraCondition` over the selected items, after checking,
    /// before the first change, that every named ID exists.
    private func apply(
        sql: String, extraCondition: String, arguments: StatementArguments,
        to selection: ItemSelection, ignoringMissing: Bool, _ db: Database
    ) throws -> ChangeSummary {
        switch selection {
        case .ids(let ids, let namedList):
            if let namedList { _ = try requireList(named: namedList, db) }
            let missing = try missingIDs(ids, db)
            if !missing.isEmpty && !ignoringMissing { throw ChecklistError.itemsNotFound(missing) }
            // Lone IDs go to SQLite in one statement as a JSON array, so a million scattered
            // IDs from stdin cost one statement, not a million; runs go range by range.
            let (lone, runs) = ids.split()
            var changed = 0
            if !lone.isEmpty {
                try db.execute(
                    sql: "\(sql) id IN (SELECT value FROM json_each(?)) AND \(extraCondition)",
                    arguments: arguments + [jsonArray(lone)])
                changed += db.changesCount
            }
            let statement = try db.cachedStatement(
                sql: "\(sql) id BETWEEN ? AND ? AND \(extraCondition)")
            for range in runs {
                try statement.execute(arguments: arguments + [range.lowerBound, range.upperBound])
                changed += db.changesCount
            }
            return ChangeSummary(
                changed: changed, matched: ids.count - missing.count, missing: missing)
        case .all(let list), .checked(let list):
            guard let listID = try requireList(named: list, db) else {
                return ChangeSummary(changed: 0, matched: 0)
            }
            let onlyChecked = if case .checked = selection { " AND isSelected = 1" } else { "" }
            let matched =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM items WHERE listId = ?\(onlyChecked)",
                    arguments: [listID]) ?? 0
            try db.execute(
                sql: "\(sql) listId = ?\(onlyChecked) AND \(extraCondition)",
                arguments: arguments + [listID])
            return ChangeSummary(changed: db.changesCount, matched: matched)
        }
    }

    /// The IDs of `ids` that name no item. A range costs one count when it is complete.
    private func missingIDs(_ ids: IDSet, _ db: Database) throws -> IDSet {
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
    private func requireList(named name: String, _ db: Database) throws -> Int64? {
        if let listID = try listID(named: name, db) { return listID }
        if name == Checklist.defaultName { return nil }
        throw ChecklistError.listNotFound(name)
    }

    /// `[1,5,9]`: IDs for `json_each`, bound as one text value.
    private func jsonArray(_ ids: [ItemID]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    private func listID(named name: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db, sql: "SELECT id FROM lists WHERE name = ?", arguments: [name])
    }

    private func createList(named name: String, now: String, _ db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO lists (name, createdAt, updatedAt) VALUES (?, ?, ?)",
            arguments: [name, now, now])
        return db.lastInsertedRowID
    }

    /// One timestamp per transaction, ISO 8601 UTC with milliseconds, from SQLite's clock.
    private func timestamp(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") ?? ""
    }

    // MARK: - Transactions and errors

    private func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.read(body) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws -> T {
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
