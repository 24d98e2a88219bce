import ChecklistModel

extension ChecklistStore {
    // MARK: - Reads for the edit mode

    /// A number that moves when another connection commits a change (SQLite's
    /// `data_version`, a server's revision), so the editor re-reads only when something changed.
    public func dataVersion() throws -> Int64 {
        try engine.dataVersion()
    }

    private func editorRead<T>(_ body: (any EditorReads) throws -> T) throws -> T {
        try engine.editorRead(body)
    }

    /// About `before` rows before the anchor, the anchor, and `after` rows after it, read by
    /// keyset on `(position, id)` through `items_by_list_position`, so a window costs the
    /// same in a list of ten items or of a million. The list's total costs one index scan
    /// (25 ms at a million items), skipped when the caller knows it (`knownTotal`: only the
    /// selection changed since); a filter is applied in SQL through a function, so only the
    /// window is held in memory.
    ///
    /// With a filter and a `scanLimit`, each read of rows scans at most that many items (the
    /// page says where it stopped, for `editorRows`), and a list longer than that is not
    /// counted here (`shown` is nil; `editorCountPart` counts it a part at a time): a key typed
    /// in the filter costs a bounded read at any length of list.
    public func editorPage(
        list: ListName, listIdentity known: ListIdentity? = nil, filter: EditorFilter? = nil,
        around anchor: EditorAnchor, before: Int, after: Int, knownTotal: Int? = nil,
        scanLimit: Int? = nil
    ) throws -> EditorPage {
        try editorRead { reads in
            let lists = try reads.listNames()
            // A list known by its identity is followed by it: renamed, it keeps its rows;
            // deleted, it does not exist, even if a new list took its name or its ID.
            guard let found = try reads.findList(known, named: list) else {
                return EditorPage(
                    list: list, mode: .multiple, listExists: false, lists: lists,
                    counts: ItemCounts(checked: 0, total: 0),
                    shown: ItemCounts(checked: 0, total: 0), rows: [], anchorIndex: nil,
                    hasRowsBefore: false, hasRowsAfter: false)
            }
            let (identity, name, mode) = (found.identity, found.name, found.mode)
            let window = EditorWindow(
                reads.source(listID: identity.id, filter: filter), filter: filter,
                scanLimit: scanLimit)
            let counts = try window.listCounts(knownTotal: knownTotal)
            let shown: ItemCounts? =
                if filter == nil {
                    counts
                } else if let scanLimit, counts.total > scanLimit {
                    nil
                } else {
                    try window.shownCounts()
                }
            var page = EditorPage(
                list: name, listIdentity: identity, mode: mode, listExists: true, lists: lists,
                counts: counts, shown: shown, rows: [], anchorIndex: nil, hasRowsBefore: false,
                hasRowsAfter: false)
            let resolved = try window.resolve(anchor)
            guard let center = resolved.row else {
                page.resumeBefore = resolved.resumeBefore
                page.resumeAfter = resolved.resumeAfter
                page.hasRowsBefore = resolved.resumeBefore != nil
                page.hasRowsAfter = resolved.resumeAfter != nil
                return page
            }
            let earlier = try window.rows(before: center.place, limit: before + 1)
            let later = try window.rows(after: center.place, limit: after + 1)
            page.hasRowsBefore = earlier.rows.count > before || earlier.resume != nil
            page.hasRowsAfter = later.rows.count > after || later.resume != nil
            page.resumeBefore = earlier.resume
            page.resumeAfter = later.resume
            page.rows = earlier.rows.prefix(before).reversed() + [center] + later.rows.prefix(after)
            page.anchorIndex = min(earlier.rows.count, before)
            return page
        }
    }

    /// Up to `limit` rows of the list matching `filter` past `place` (after it, or before it
    /// nearest first), scanning at most `scanLimit` items: the rest of a page whose filtered
    /// read stopped at `resumeBefore` or `resumeAfter`.
    public func editorRows(
        of list: ListIdentity, filter: EditorFilter, _ direction: EditorDirection,
        _ place: EditorPlace, limit: Int, scanLimit: Int
    ) throws -> EditorRun {
        try editorRead { reads in
            let window = EditorWindow(
                reads.source(listID: list.id, filter: filter), filter: filter,
                scanLimit: scanLimit)
            return switch direction {
            case .after: try window.rows(after: place, limit: limit)
            case .before: try window.rows(before: place, limit: limit)
            }
        }
    }

    /// The count of the items matching `filter` among the next `scanLimit` items of the list
    /// after `place` (from the start when nil), and where the next part starts.
    public func editorCountPart(
        of list: ListIdentity, filter: EditorFilter, after place: EditorPlace?, scanLimit: Int
    ) throws -> EditorCountPart {
        try editorRead { reads in
            try EditorWindow(
                reads.source(listID: list.id, filter: filter), filter: filter,
                scanLimit: scanLimit
            ).countPart(after: place)
        }
    }

    /// The IDs of the items shown (all, or only the checked ones): what `a`, `n`, `i` and `d`
    /// act on. Kept as ranges, so a million consecutive IDs are one range.
    public func editorShownIDs(
        list: ListName, filter: EditorFilter? = nil, checkedOnly: Bool = false
    ) throws -> IDSet {
        try editorRead { reads in
            guard let listID = try reads.findList(nil, named: list)?.identity.id else {
                return IDSet()
            }
            return try EditorWindow(reads.source(listID: listID, filter: filter), filter: filter)
                .ids(checkedOnly: checkedOnly)
        }
    }

    /// Those of `ids` that are still checked items of the list (for `y`: delete only counted
    /// items that are still checked).
    public func editorCheckedIDs(among ids: IDSet, list: ListName) throws -> IDSet {
        try editorRead { reads in
            guard let listID = try reads.findList(nil, named: list)?.identity.id else {
                return IDSet()
            }
            return try reads.ids(among: ids, listID: listID, checkedOnly: true)
        }
    }

    /// The list with this identity under its name now, if it still exists (a rename by
    /// another process is followed; a list deleted, even one whose name or ID was taken
    /// again since, is not found).
    public func editorListName(of identity: ListIdentity) throws -> ListName? {
        try editorRead { reads in try reads.findList(identity, named: ListName.defaultList)?.name }
    }

    /// How many items of the list with this identity come before `place`: where a window
    /// starts, for the editor's `row 120 of 100000` (an index count, read between keys).
    public func editorCountBefore(_ place: EditorPlace, in list: ListIdentity) throws -> Int {
        try editorRead { reads in
            guard let found = try reads.findList(list, named: ListName.defaultList) else {
                return 0
            }
            return try reads.source(listID: found.identity.id, filter: nil).count(before: place)
        }
    }

    /// Those of `ids` that are items of the list with this identity, in the list's order: a
    /// read an item, so a few items chosen from a long list cost a few reads, not one of the
    /// list.
    public func editorRows(ids: IDSet, in list: ListIdentity) throws -> [EditorRow] {
        try editorRead { reads in
            guard let found = try reads.findList(list, named: ListName.defaultList) else {
                return []
            }
            let source = reads.source(listID: found.identity.id, filter: nil)
            var rows: [EditorRow] = []
            for id in ids.ids {
                if let row = try source.row(id) { rows.append(row) }
            }
            return rows.sorted { ($0.sortKey, $0.id) < ($1.sortKey, $1.id) }
        }
    }

    /// Those of `ids` that are still items of the list with this identity (none when the list
    /// is gone): the picker's marks that outlive a change made elsewhere.
    public func editorItemIDs(among ids: IDSet, in list: ListIdentity) throws -> IDSet {
        try editorRead { reads in
            guard let found = try reads.findList(list, named: ListName.defaultList) else {
                return IDSet()
            }
            return try reads.ids(among: ids, listID: found.identity.id, checkedOnly: false)
        }
    }
}
