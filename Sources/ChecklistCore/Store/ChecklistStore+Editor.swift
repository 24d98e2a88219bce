import GRDB

/// One row of the edit mode: what the screen shows of an item, and its place in the list's
/// order, the key that windowed reads continue from.
public struct EditorRow: Hashable, Sendable {
    public var id: ItemID
    public var title: String
    public var isSelected: Bool
    /// The stored sort key (not the 1-based place): with `id`, it orders the list.
    public var sortKey: Int64

    public init(id: ItemID, title: String, isSelected: Bool, sortKey: Int64) {
        self.id = id
        self.title = title
        self.isSelected = isSelected
        self.sortKey = sortKey
    }
}

/// Where a window of rows is read around.
public enum EditorAnchor: Hashable, Sendable {
    /// The first items shown.
    case first
    /// The last items shown.
    case last
    /// The item, or when it is gone or no longer shown, the next item after the place it had
    /// (`sortKey`, then `id`), else the one before it.
    case item(ItemID, sortKey: Int64)
}

/// A window of a list's rows for the edit mode, with the counts its header and footer show.
public struct EditorPage: Hashable, Sendable {
    /// The list's name now (it may have been renamed since the query named it).
    public var list: String
    /// The list's ID; nil when it does not exist.
    public var listID: Int64?
    public var mode: ListMode
    /// False for the default list before its first item, and for a list that was deleted
    /// while the editor showed it.
    public var listExists: Bool
    /// Every list's name, in the order of `checklist lists`.
    public var lists: [String]
    /// The whole list's counts.
    public var counts: ItemCounts
    /// The counts of the items shown (those that match the filter).
    public var shown: ItemCounts
    /// Consecutive shown rows, in list order.
    public var rows: [EditorRow]
    /// The row the anchor named or landed on; nil when nothing is shown.
    public var anchorIndex: Int?
    /// Whether shown rows exist before `rows.first` and after `rows.last`.
    public var hasRowsBefore: Bool
    public var hasRowsAfter: Bool

    public init(
        list: String, listID: Int64? = nil, mode: ListMode, listExists: Bool, lists: [String],
        counts: ItemCounts, shown: ItemCounts, rows: [EditorRow], anchorIndex: Int?,
        hasRowsBefore: Bool, hasRowsAfter: Bool
    ) {
        self.list = list
        self.listID = listID
        self.mode = mode
        self.listExists = listExists
        self.lists = lists
        self.counts = counts
        self.shown = shown
        self.rows = rows
        self.anchorIndex = anchorIndex
        self.hasRowsBefore = hasRowsBefore
        self.hasRowsAfter = hasRowsAfter
    }
}

/// The edit mode's filter: a title matches when it contains the text, after Unicode case
/// folding and canonical equivalence on both sides (the rule of `--match`, `TextMatch`).
public struct EditorFilter: Hashable, Sendable {
    public let text: String
    /// The same rule as `list --match`.
    private let match: TextMatch

    public init(_ text: String) {
        self.text = text
        match = TextMatch(text)
    }

    /// Whether `title` contains the filter's text.
    public func matches(_ title: String) -> Bool {
        text.isEmpty || match.matches(title)
    }

    public static func == (left: EditorFilter, right: EditorFilter) -> Bool {
        left.text == right.text
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension ChecklistStore {
    // MARK: - Reads for the edit mode

    /// SQLite's `data_version`: it changes when another connection commits a change, so the
    /// editor re-reads only when something changed.
    public func dataVersion() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// About `before` rows before the anchor, the anchor, and `after` rows after it, read by
    /// keyset on `(position, id)` through `items_by_list_position`, so a window costs the
    /// same in a list of ten items or of a million. The list's total costs one index scan
    /// (25 ms at a million items), skipped when the caller knows it (`knownTotal`: only the
    /// selection changed since); a filter is applied in SQL through a function, so only the
    /// window is held in memory.
    public func editorPage(
        list: String, listID knownID: Int64? = nil, filter: EditorFilter? = nil,
        around anchor: EditorAnchor, before: Int, after: Int, knownTotal: Int? = nil
    ) throws -> EditorPage {
        try read { db in
            let lists = try String.fetchAll(db, sql: "SELECT name FROM lists ORDER BY name")
            // A list known by its ID is followed by it: renamed, it keeps its rows; deleted,
            // it does not exist even if a new list took its name.
            var list = list
            if let knownID {
                list =
                    try SQLRequest<String>(literal: "SELECT name FROM lists WHERE id = \(knownID)")
                    .fetchOne(db) ?? list
            }
            let found =
                if let knownID {
                    try SQLRequest<Int64>(literal: "SELECT id FROM lists WHERE id = \(knownID)")
                        .fetchOne(db)
                } else { try Self.listID(named: ListName(lookingUp: list), db) }
            guard let listID = found else {
                return EditorPage(
                    list: list, mode: .multiple, listExists: false, lists: lists,
                    counts: ItemCounts(checked: 0, total: 0),
                    shown: ItemCounts(checked: 0, total: 0), rows: [], anchorIndex: nil,
                    hasRowsBefore: false, hasRowsAfter: false)
            }
            let window = EditorWindow(listID: listID, filter: filter, db)
            let counts = try window.listCounts(knownTotal: knownTotal)
            let shown = filter == nil ? counts : try window.shownCounts()
            var page = EditorPage(
                list: list, listID: listID, mode: try Self.mode(ofList: listID, db),
                listExists: true, lists: lists,
                counts: counts, shown: shown, rows: [], anchorIndex: nil, hasRowsBefore: false,
                hasRowsAfter: false)
            guard let center = try window.resolve(anchor) else { return page }
            let earlier = try window.rows(before: center, limit: before + 1)
            let later = try window.rows(after: center, limit: after + 1)
            page.hasRowsBefore = earlier.count > before
            page.hasRowsAfter = later.count > after
            page.rows = earlier.prefix(before).reversed() + [center] + later.prefix(after)
            page.anchorIndex = min(earlier.count, before)
            return page
        }
    }

    /// The IDs of the items shown (all, or only the checked ones): what `a`, `n`, `i` and `d`
    /// act on. Kept as ranges, so a million consecutive IDs are one range.
    public func editorShownIDs(
        list: String, filter: EditorFilter? = nil, checkedOnly: Bool = false
    ) throws -> IDSet {
        try read { db in
            guard let listID = try Self.listID(named: ListName(lookingUp: list), db) else {
                return IDSet()
            }
            return try EditorWindow(listID: listID, filter: filter, db).ids(
                checkedOnly: checkedOnly)
        }
    }

    /// Those of `ids` that are still checked items of the list (for `y`: delete only counted
    /// items that are still checked).
    public func editorCheckedIDs(among ids: IDSet, list: String) throws -> IDSet {
        try read { db in
            guard let listID = try Self.listID(named: ListName(lookingUp: list), db) else {
                return IDSet()
            }
            var found: [ItemID] = []
            let statement = try db.cachedStatement(
                sql: """
                    SELECT id FROM items
                    WHERE id BETWEEN ? AND ? AND listId = ? AND isSelected = 1 ORDER BY id
                    """)
            for range in ids.ranges {
                found += try ItemID.fetchAll(
                    statement, arguments: [range.lowerBound, range.upperBound, listID])
            }
            return IDSet(ids: found)
        }
    }
}

extension ChecklistStore {
    fileprivate static func mode(ofList listID: Int64, _ db: Database) throws -> ListMode {
        try SQLRequest<ListMode>(literal: "SELECT mode FROM lists WHERE id = \(listID)").fetchOne(
            db)
            ?? .multiple
    }
}

/// The keyset reads of one editor page, inside one read transaction.
private struct EditorWindow {
    let listID: Int64
    let filter: EditorFilter?
    let db: Database
    private static let columns = "id, title, isSelected, position"

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

    private var condition: String {
        filter == nil ? "listId = ?" : "listId = ? AND checklist_editor_matches(title)"
    }

    func listCounts(knownTotal: Int?) throws -> ItemCounts {
        // Two index-only counts: the checked ones read only the checked entries.
        let total =
            try knownTotal
            ?? Int.fetchOne(
                db, sql: "SELECT count(*) FROM items WHERE listId = ?", arguments: [listID]) ?? 0
        let checked =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM items WHERE listId = ? AND isSelected = 1",
                arguments: [listID]) ?? 0
        return ItemCounts(checked: checked, total: total)
    }

    func shownCounts() throws -> ItemCounts {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT count(*), coalesce(sum(isSelected), 0) FROM items WHERE "
                    + condition, arguments: [listID])
        else { return ItemCounts(checked: 0, total: 0) }
        return ItemCounts(checked: try row.decode(atIndex: 1), total: try row.decode(atIndex: 0))
    }

    /// The anchor's row, or the nearest shown row to where it was.
    func resolve(_ anchor: EditorAnchor) throws -> EditorRow? {
        switch anchor {
        case .first:
            return try rows(after: nil, limit: 1).first
        case .last:
            return try rows(before: nil, limit: 1).first
        case .item(let id, let sortKey):
            if let row = try fetch(
                "SELECT \(EditorWindow.columns) FROM items WHERE id = ? AND " + condition,
                [id, listID]
            ).first {
                return row
            }
            let place = EditorRow(id: id, title: "", isSelected: false, sortKey: sortKey)
            if let next = try rows(after: place, limit: 1).first { return next }
            return try rows(before: place, limit: 1).first
        }
    }

    /// Shown rows after `row` (from the start when nil), in list order.
    func rows(after row: EditorRow?, limit: Int) throws -> [EditorRow] {
        var sql = "SELECT \(EditorWindow.columns) FROM items WHERE " + condition
        var arguments: StatementArguments = [listID]
        if let row {
            sql += " AND (position, id) > (?, ?)"
            arguments += [row.sortKey, row.id]
        }
        sql += " ORDER BY position, id LIMIT ?"
        return try fetch(sql, arguments + [limit])
    }

    /// Shown rows before `row` (from the end when nil), nearest first.
    func rows(before row: EditorRow?, limit: Int) throws -> [EditorRow] {
        var sql = "SELECT \(EditorWindow.columns) FROM items WHERE " + condition
        var arguments: StatementArguments = [listID]
        if let row {
            sql += " AND (position, id) < (?, ?)"
            arguments += [row.sortKey, row.id]
        }
        sql += " ORDER BY position DESC, id DESC LIMIT ?"
        return try fetch(sql, arguments + [limit])
    }

    func ids(checkedOnly: Bool) throws -> IDSet {
        let sql =
            "SELECT id FROM items WHERE " + condition + (checkedOnly ? " AND isSelected = 1" : "")
            + " ORDER BY id"
        let cursor = try ItemID.fetchCursor(db, sql: sql, arguments: [listID])
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

    private func fetch(_ sql: String, _ arguments: StatementArguments) throws -> [EditorRow] {
        let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var rows: [EditorRow] = []
        while let row = try cursor.next() {
            rows.append(
                EditorRow(
                    id: try row.decode(atIndex: 0), title: try row.decode(atIndex: 1),
                    isSelected: try row.decode(atIndex: 2), sortKey: try row.decode(atIndex: 3)))
        }
        return rows
    }
}
