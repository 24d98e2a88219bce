import GRDB

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
        list: ListName, listIdentity known: ListIdentity? = nil, filter: EditorFilter? = nil,
        around anchor: EditorAnchor, before: Int, after: Int, knownTotal: Int? = nil
    ) throws -> EditorPage {
        try read { db in
            let lists = try ListName.fetchAll(db, sql: "SELECT name FROM lists ORDER BY name")
            // A list known by its identity is followed by it: renamed, it keeps its rows;
            // deleted, it does not exist, even if a new list took its name or its ID.
            let condition: SQL =
                if let known {
                    "id = \(known.id) AND createdAt = \(known.createdAt)"
                } else {
                    "name = \(list)"
                }
            let found = try SQLRequest<Row>(
                literal: "SELECT id, name, createdAt, mode FROM lists WHERE \(condition)"
            ).fetchOne(db)
            guard let found else {
                return EditorPage(
                    list: list, mode: .multiple, listExists: false, lists: lists,
                    counts: ItemCounts(checked: 0, total: 0),
                    shown: ItemCounts(checked: 0, total: 0), rows: [], anchorIndex: nil,
                    hasRowsBefore: false, hasRowsAfter: false)
            }
            let listID: Int64 = try found.decode(forColumn: "id")
            let identity = ListIdentity(
                id: listID, createdAt: try found.decode(forColumn: "createdAt"))
            let name: ListName = try found.decode(forColumn: "name")
            let mode: ListMode = try found.decode(forColumn: "mode")
            let window = EditorWindow(listID: listID, filter: filter, db)
            let counts = try window.listCounts(knownTotal: knownTotal)
            let shown = filter == nil ? counts : try window.shownCounts()
            var page = EditorPage(
                list: name, listIdentity: identity, mode: mode, listExists: true, lists: lists,
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
        list: ListName, filter: EditorFilter? = nil, checkedOnly: Bool = false
    ) throws -> IDSet {
        try read { db in
            guard let listID = try ListsTable(db).id(named: list) else {
                return IDSet()
            }
            return try EditorWindow(listID: listID, filter: filter, db).ids(
                checkedOnly: checkedOnly)
        }
    }

    /// Those of `ids` that are still checked items of the list (for `y`: delete only counted
    /// items that are still checked).
    public func editorCheckedIDs(among ids: IDSet, list: ListName) throws -> IDSet {
        try read { db in
            guard let listID = try ListsTable(db).id(named: list) else {
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
