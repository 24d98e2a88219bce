import ChecklistModel

/// The few reads an editor window makes of one list, in one engine's SQL: the window's rules
/// (`EditorWindow`) are written once, above them.
package protocol EditorRowSource {
    /// The list's total and checked counts (the total skipped when known).
    func listCounts(knownTotal: Int?) throws -> ItemCounts
    /// The list's item `id`, if it is in the list.
    func row(_ id: ItemID) throws -> EditorRow?
    /// Up to `limit` rows past `place` (from the start, or the end when `descending`, when
    /// nil), in list order or its reverse, that `filter` accepts (all when nil). An engine
    /// that cannot match in its SQL scans and matches here.
    func rows(
        past place: EditorPlace?, descending: Bool, limit: Int, matching filter: EditorFilter?
    )
        throws -> [EditorRow]
    /// Calls `body` with up to `limit` rows past `place`, unfiltered, one at a time, until it
    /// returns false.
    func scan(
        past place: EditorPlace?, descending: Bool, limit: Int,
        _ body: (EditorRow) throws -> Bool) throws
    /// The counts of the items `filter` accepts.
    func counts(matching filter: EditorFilter) throws -> ItemCounts
    /// The IDs of the items `filter` accepts (all when nil), checked ones only if asked.
    func ids(matching filter: EditorFilter?, checkedOnly: Bool) throws -> IDSet
    /// How many items of the list come before `place` (a count of the list's index up to it).
    func count(before place: EditorPlace) throws -> Int
}

/// The keyset reads of one editor page, inside one read transaction.
///
/// With a filter and a `scanLimit`, a read of rows scans at most that many items of the list
/// and says where it stopped (`EditorRun.resume`): typing a filter over a million titles reads
/// a bounded part at each key, and the editor reads the rest between keys.
package struct EditorWindow {
    let source: any EditorRowSource
    let filter: EditorFilter?
    /// The most items one filtered read of rows scans; nil for no limit.
    let scanLimit: Int?

    init(_ source: any EditorRowSource, filter: EditorFilter?, scanLimit: Int? = nil) {
        self.source = source
        self.filter = filter
        self.scanLimit = scanLimit
    }

    func listCounts(knownTotal: Int?) throws -> ItemCounts {
        try source.listCounts(knownTotal: knownTotal)
    }

    func shownCounts() throws -> ItemCounts {
        guard let filter else { return try source.listCounts(knownTotal: nil) }
        return try source.counts(matching: filter)
    }

    /// The filtered count of the items after `place` (from the start when nil), at most
    /// `scanLimit` of them, and where the next part starts.
    func countPart(after place: EditorPlace?) throws -> EditorCountPart {
        guard let filter, let scanLimit else {
            return EditorCountPart(counts: try shownCounts(), resume: nil)
        }
        var counts = ItemCounts(checked: 0, total: 0)
        var scanned = 0
        var last: EditorRow?
        try source.scan(past: place, descending: false, limit: scanLimit) { row in
            scanned += 1
            last = row
            if filter.matches(row) {
                counts.total += 1
                if row.isSelected { counts.checked += 1 }
            }
            return true
        }
        let resume = scanned == scanLimit ? last.map(\.place) : nil
        return EditorCountPart(counts: counts, resume: resume)
    }

    /// The anchor's row, or the nearest shown row to where it was; when a bounded scan
    /// stopped before finding it, where to go on reading on each side.
    func resolve(_ anchor: EditorAnchor) throws -> (
        row: EditorRow?, resumeBefore: EditorPlace?, resumeAfter: EditorPlace?
    ) {
        switch anchor {
        case .first:
            let run = try rows(after: nil, limit: 1)
            return (run.rows.first, nil, run.resume)
        case .last:
            let run = try rows(before: nil, limit: 1)
            return (run.rows.first, run.resume, nil)
        case .item(let id, let sortKey):
            if let row = try source.row(id), filter?.matches(row) ?? true {
                return (row, nil, nil)
            }
            let place = EditorPlace(id: id, sortKey: sortKey)
            let next = try rows(after: place, limit: 1)
            if let row = next.rows.first { return (row, nil, nil) }
            // Nothing after it within the scan: the rest after it is read first, then before.
            if let resume = next.resume { return (nil, place, resume) }
            let previous = try rows(before: place, limit: 1)
            return (previous.rows.first, previous.resume, nil)
        }
    }

    /// Shown rows after `place` (from the start when nil), in list order.
    func rows(after place: EditorPlace?, limit: Int) throws -> EditorRun {
        try run(past: place, descending: false, limit: limit)
    }

    /// Shown rows before `place` (from the end when nil), nearest first.
    func rows(before place: EditorPlace?, limit: Int) throws -> EditorRun {
        try run(past: place, descending: true, limit: limit)
    }

    /// Up to `limit` shown rows past `place`. Without a filter or a scan limit, the source
    /// filters and stops at `limit`; with both, at most `scanLimit` items are looked at,
    /// matched here, and a scan that stopped there says where.
    private func run(past place: EditorPlace?, descending: Bool, limit: Int) throws -> EditorRun {
        guard let filter, let scanLimit else {
            return EditorRun(
                rows: try source.rows(
                    past: place, descending: descending, limit: limit, matching: filter),
                resume: nil)
        }
        var rows: [EditorRow] = []
        var scanned = 0
        var last: EditorRow?
        try source.scan(past: place, descending: descending, limit: scanLimit) { row in
            scanned += 1
            last = row
            if filter.matches(row) { rows.append(row) }
            return rows.count < limit
        }
        let resume = rows.count < limit && scanned == scanLimit ? last.map(\.place) : nil
        return EditorRun(rows: rows, resume: resume)
    }

    func ids(checkedOnly: Bool) throws -> IDSet {
        try source.ids(matching: filter, checkedOnly: checkedOnly)
    }
}

extension IDSet {
    /// IDs in ascending order, gathered into ranges.
    package init(ascending ids: some Sequence<ItemID>) {
        var ranges: [ClosedRange<ItemID>] = []
        for id in ids {
            if let last = ranges.last, last.upperBound &+ 1 == id {
                ranges[ranges.count - 1] = last.lowerBound...id
            } else {
                ranges.append(id...id)
            }
        }
        self.init(ranges)
    }
}
