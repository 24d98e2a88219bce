import GRDB

/// The items a resolved selection covers: SQL conditions over `items`, each with its
/// arguments, plus the counts a summary needs. Conditions are fixed fragments, never user input.
struct Target {
    var conditions: [(sql: String, arguments: StatementArguments)]
    var matched: Int
    var missing: IDSet
}

extension ChecklistStore {
    // MARK: - Writes to items

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// Returns the new IDs in order (see `addItems` for what else the change did).
    @discardableResult
    public func add(_ titles: [Title], to list: String, checked: Bool = false) throws -> [ItemID] {
        try addItems(titles, to: list, checked: checked).ids
    }

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// In a single-choice list, one item may be added checked (the others are unchecked, and
    /// the result says how many); several may not.
    public func addItems(_ titles: [Title], to list: String, checked: Bool = false) throws
        -> AddSummary
    {
        guard !titles.isEmpty else { return AddSummary(ids: [], uncheckedOthers: 0) }
        return try write { db in
            let journal = try Journal.begin("add", now: try timestamp(db), db)
            let listID = try listForAdding(named: list, journal, db)
            var uncheckedOthers = 0
            if try checked && listMode(listID, db) == .single {
                guard titles.count == 1 else {
                    throw ChecklistError.singleChoiceConflict(list: list, ids: IDSet())
                }
                uncheckedOthers = try uncheckOthers(in: listID, keeping: nil, journal, db)
            }
            let ids = try append(titles.map(\.text), checked: checked, to: listID, journal, db)
            try journal.finish(
                "added \(countedItems(ids.count)) to \(quoted(list))" + idNote(IDSet(ids: ids)),
                itemCount: ids.count + uncheckedOthers)
            return AddSummary(ids: ids, uncheckedOthers: uncheckedOthers)
        }
    }

    /// Sets isSelected = 1. Already checked items are matched but not changed. In a
    /// single-choice list, checking an item unchecks the others; naming several is an error.
    @discardableResult
    public func check(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try change(.check, of: selection, ignoringMissing: ignoringMissing)
    }

    /// Sets isSelected = 0. `uncheck(.all(in: list))` resets a list for its next use.
    @discardableResult
    public func uncheck(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try change(.uncheck, of: selection, ignoringMissing: ignoringMissing)
    }

    /// Flips isSelected; in a single-choice list, as `check` for the item it turns on.
    @discardableResult
    public func toggle(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> ChangeSummary
    {
        try change(.toggle, of: selection, ignoringMissing: ignoringMissing)
    }

    /// How many items `delete` would remove, for a confirmation prompt. Throws as `delete`
    /// would for missing IDs or lists.
    public func deletionCount(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> Int
    {
        try read { db in try resolve(selection, ignoringMissing: ignoringMissing, db).matched }
    }

    /// Deletes the items. Their IDs are never given to another item. With `expecting`, nothing
    /// changes unless exactly that many items would be deleted.
    @discardableResult
    public func delete(
        _ selection: ItemSelection, ignoringMissing: Bool = false, expecting: Int? = nil
    ) throws -> ChangeSummary {
        try write { db in
            let journal = try Journal.begin("delete", now: try timestamp(db), db)
            let target = try resolve(selection, ignoringMissing: ignoringMissing, db)
            if let expecting, expecting != target.matched {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: target.matched)
            }
            let changed = try apply(
                "DELETE FROM items WHERE", [], to: target, and: "1",
                recording: journal.recordItems, db)
            let summary = ChangeSummary(
                changed: changed, matched: target.matched, missing: target.missing)
            try journal.finish(
                "deleted \(countedItems(changed))" + scopeNote(selection), itemCount: changed)
            return summary
        }
    }

    /// Changes one item's title; returns false, changing and recording nothing, when the item
    /// already has exactly that title. A list named alongside must exist, as for `.ids`.
    @discardableResult
    public func rename(_ id: ItemID, to title: Title, namedList: String? = nil) throws -> Bool {
        try write { db in
            let journal = try Journal.begin("rename", now: try timestamp(db), db)
            if let namedList { _ = try requireList(named: namedList, db) }
            guard
                let current = try String.fetchOne(
                    db, sql: "SELECT title FROM items WHERE id = ?", arguments: [id])
            else { throw ChecklistError.itemNotFound(id) }
            // Byte for byte: "é" as one code point or two are different titles to the user.
            if current.utf8.elementsEqual(title.text.utf8) {
                try journal.finish("", itemCount: 0)
                return false
            }
            try journal.recordItems(where: "id = ?", [id])
            try db.execute(
                sql: "UPDATE items SET title = ?, updatedAt = ? WHERE id = ?",
                arguments: [title.text, journal.now, id])
            try journal.finish("renamed item \(id) to \(quoted(title.text))", itemCount: 1)
            return true
        }
    }

    // MARK: - Steps shared by the item writes

    /// The list `add` appends to: created when missing, else recorded (its `updatedAt`
    /// changes).
    func listForAdding(
        named name: String, mode: ListMode = .multiple, _ journal: Journal, _ db: Database
    ) throws -> Int64 {
        guard let listID = try listID(named: name, db) else {
            return try createList(named: name, mode: mode, journal, db)
        }
        try journal.recordList(listID)
        try db.execute(
            sql: "UPDATE lists SET updatedAt = ? WHERE id = ?", arguments: [journal.now, listID])
        return listID
    }

    /// Appends items at the end of a list in one statement and records them; returns their
    /// IDs. `checked` is one state for all, or one a title.
    func append(
        _ titles: [String], checked: Bool, selection: [Bool]? = nil, to listID: Int64,
        _ journal: Journal, _ db: Database
    ) throws -> [ItemID] {
        guard !titles.isEmpty else { return [] }
        let position =
            try Int64.fetchOne(
                db, sql: "SELECT max(position) FROM items WHERE listId = ?", arguments: [listID]
            ) ?? 0
        // All titles go to SQLite as one JSON array in one statement: a million titles cost
        // one statement, not a million. With a state a title, each title carries it as a
        // leading 0 or 1 (joining two json_each tables on their keys would be quadratic).
        if let selection {
            let flagged = zip(titles, selection).map { ($1 ? "1" : "0") + $0 }
            try db.execute(
                sql: """
                    INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
                    SELECT ?1, substr(value, 2), substr(value, 1, 1) = '1', ?2 + key + 1, ?3, ?3
                    FROM json_each(?4) ORDER BY key
                    """,
                arguments: [listID, position, journal.now, JSONText.array(of: flagged)])
        } else {
            try db.execute(
                sql: """
                    INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
                    SELECT ?1, value, ?2, ?3 + key + 1, ?4, ?4 FROM json_each(?5) ORDER BY key
                    """,
                arguments: [listID, checked, position, journal.now, JSONText.array(of: titles)])
        }
        // One INSERT under the write lock takes consecutive AUTOINCREMENT IDs.
        let last = db.lastInsertedRowID
        let first = last - ItemID(titles.count) + 1
        try journal.recordAdded(first...last)
        return Array(first...last)
    }

    /// Unchecks every checked item of a list but `keeping` and `sparing` (items the change
    /// itself sets); returns how many.
    func uncheckOthers(
        in listID: Int64, keeping: ItemID?, sparing: [ItemID] = [], _ journal: Journal,
        _ db: Database
    ) throws -> Int {
        let condition = """
            listId = ? AND isSelected = 1 AND id IS NOT ?
            AND id NOT IN (SELECT value FROM json_each(?))
            """
        let arguments: StatementArguments = [listID, keeping, jsonArray(sparing)]
        try journal.recordSelections(where: condition, arguments)
        try db.execute(
            sql: "UPDATE items SET isSelected = 0, updatedAt = ? WHERE \(condition)",
            arguments: [journal.now] + arguments)
        return db.changesCount
    }

    private func change(
        _ change: SelectionChange, of selection: ItemSelection, ignoringMissing: Bool
    ) throws -> ChangeSummary {
        try write { db in
            let journal = try Journal.begin(change.rawValue, now: try timestamp(db), db)
            let target = try resolve(selection, ignoringMissing: ignoringMissing, db)
            let uncheckedOthers =
                change.canTurnItemsOn ? try keepSingleChoice(target, for: change, journal, db) : 0
            let changed = try apply(
                "UPDATE items SET isSelected = \(change.newValue), updatedAt = ? WHERE",
                [journal.now], to: target, and: change.changedRows,
                recording: journal.recordSelections, db)
            try journal.finish(
                "\(change.verb) \(countedItems(changed))" + scopeNote(selection),
                itemCount: changed + uncheckedOthers)
            return ChangeSummary(
                changed: changed, matched: target.matched, missing: target.missing,
                uncheckedOthers: uncheckedOthers)
        }
    }

    /// The conditions that select the items, after checking, before the first change, that
    /// every named ID and list exists.
    func resolve(_ selection: ItemSelection, ignoringMissing: Bool, _ db: Database) throws
        -> Target
    {
        switch selection {
        case .ids(let ids, let namedList):
            if let namedList { _ = try requireList(named: namedList, db) }
            let missing = try missingIDs(ids, db)
            if !missing.isEmpty && !ignoringMissing { throw ChecklistError.itemsNotFound(missing) }
            // Lone IDs go to SQLite in one statement as a JSON array, so a million scattered
            // IDs from stdin cost one statement, not a million; runs go range by range.
            let (lone, runs) = ids.split()
            var conditions: [(sql: String, arguments: StatementArguments)] = []
            if !lone.isEmpty {
                conditions.append(
                    ("id IN (SELECT value FROM json_each(?))", [jsonArray(lone)]))
            }
            for range in runs {
                conditions.append(("id BETWEEN ? AND ?", [range.lowerBound, range.upperBound]))
            }
            return Target(
                conditions: conditions, matched: ids.count - missing.count, missing: missing)
        case .all(let list), .checked(let list):
            guard let listID = try requireList(named: list, db) else {
                return Target(conditions: [], matched: 0, missing: IDSet())
            }
            let condition =
                if case .checked = selection { "listId = ? AND isSelected = 1" } else {
                    "listId = ?"
                }
            let matched =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM items WHERE \(condition)", arguments: [listID]
                ) ?? 0
            return Target(conditions: [(condition, [listID])], matched: matched, missing: IDSet())
        }
    }

    /// Runs `sql <condition> AND extra` over the target, recording the rows first (`record`
    /// is one of the journal's record methods); returns how many rows changed.
    func apply(
        _ sql: String, _ arguments: StatementArguments, to target: Target, and extra: String,
        recording record: (String, StatementArguments) throws -> Void, _ db: Database
    ) throws -> Int {
        var changed = 0
        for condition in target.conditions {
            let predicate = "(\(condition.sql)) AND \(extra)"
            try record(predicate, condition.arguments)
            let statement = try db.cachedStatement(sql: "\(sql) \(predicate)")
            try statement.execute(arguments: arguments + condition.arguments)
            changed += db.changesCount
        }
        return changed
    }

    /// Before items are checked or toggled: in each single-choice list the target touches, at
    /// most one item may end up checked. `check` may name one item of such a list; `toggle`
    /// may name any items whose flip leaves at most one checked (toggling the checked item and
    /// another moves the choice). The list's other checked items, those not named, are
    /// unchecked. Returns how many were.
    private func keepSingleChoice(
        _ target: Target, for change: SelectionChange, _ journal: Journal, _ db: Database
    ) throws -> Int {
        // Most databases have no single-choice list: one look, and nothing more to do.
        let hasSingleLists =
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM lists WHERE mode = 'single')")
            ?? false
        guard hasSingleLists else { return 0 }
        var named: [Int64: [(id: ItemID, isSelected: Bool)]] = [:]
        for condition in target.conditions {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT listId, id, isSelected FROM items WHERE (\(condition.sql))
                    AND listId IN (SELECT id FROM lists WHERE mode = 'single')
                    """, arguments: condition.arguments)
            for row in rows {
                named[try row.decode(atIndex: 0), default: []].append(
                    (try row.decode(atIndex: 1), try row.decode(atIndex: 2)))
            }
        }
        var unchecked = 0
        for (listID, items) in named.sorted(by: { $0.key < $1.key }) {
            // The items this change turns on: every named one for check, the unchecked named
            // ones for toggle (the checked ones it names go off).
            let turnedOn = change == .toggle ? items.filter { !$0.isSelected } : items
            if change == .check && items.count > 1 || turnedOn.count > 1 {
                let ids = change == .check ? items.map(\.id) : turnedOn.map(\.id)
                throw ChecklistError.singleChoiceConflict(
                    list: try listName(listID, db), ids: IDSet(ids: ids))
            }
            guard let choice = turnedOn.first else { continue }
            unchecked += try uncheckOthers(
                in: listID, keeping: choice.id, sparing: items.map(\.id), journal, db)
        }
        return unchecked
    }

    /// " in 'camping'" for a list-wide selection, " (IDs 1, 4, 9-11)" for named IDs.
    private func scopeNote(_ selection: ItemSelection) -> String {
        switch selection {
        case .ids(let ids, _): idNote(ids)
        case .all(let list): " in \(quoted(list))"
        case .checked(let list): " (the checked items of \(quoted(list)))"
        }
    }

    private func idNote(_ ids: IDSet) -> String {
        " (\(ids.count == 1 ? "ID" : "IDs") \(ids.summary(limit: 5)))"
    }
}

/// check, uncheck and toggle: the SQL each sets, and which rows it changes. The fragments are
/// fixed here, never user input; every value is bound.
private enum SelectionChange: String, Equatable {
    case check, uncheck, toggle

    var newValue: String {
        switch self {
        case .check: "1"
        case .uncheck: "0"
        case .toggle: "1 - isSelected"
        }
    }

    /// The rows the change alters (the others are matched but left as they are).
    var changedRows: String {
        switch self {
        case .check: "isSelected = 0"
        case .uncheck: "isSelected = 1"
        case .toggle: "1"
        }
    }

    var verb: String {
        switch self {
        case .check: "checked"
        case .uncheck: "unchecked"
        case .toggle: "toggled"
        }
    }

    /// Whether the change can check an item, so a single-choice list's rule applies.
    var canTurnItemsOn: Bool { self != .uncheck }
}

/// English for counts: "1 item", "3 items".
func countedItems(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
}
