import ChecklistModel

/// A filter over a long list, read a bounded part at a time: the first window as a key is
/// typed, the rest of the window and the count between keys. Each answer is taken only while
/// the state still asks for it (same list, same filter, same place), so a key typed since
/// simply makes it stale.
extension EditorState {
    /// The read to make while no key waits, if any: first the rows the window still lacks
    /// after the cursor, then before it, then the next part of the count.
    public func idleEffect() -> EditorEffect? {
        // Without a filter, the window's place in a long list, when it is not known.
        if filter == nil, firstRowRank == nil, let listIdentity, page.listExists,
            let first = page.rows.first
        {
            return .countBefore(first.place, in: listIdentity)
        }
        guard let filter, let listIdentity, page.listExists, !showsHelp else { return nil }
        let margin = max(bodyHeight, 1) * 2
        func scan(_ direction: EditorDirection, from place: EditorPlace?, limit: Int) -> EditorScan
        {
            EditorScan(
                listIdentity: listIdentity, filter: filter, direction: direction, place: place,
                limit: limit)
        }
        let rowsAfter = cursor.map { page.rows.count - 1 - $0 } ?? 0
        if let resume = page.resumeAfter, rowsAfter < margin {
            return .readMore(scan(.after, from: resume, limit: margin - rowsAfter + 1))
        }
        let rowsBefore = cursor ?? 0
        if let resume = page.resumeBefore, rowsBefore < margin {
            return .readMore(scan(.before, from: resume, limit: margin - rowsBefore + 1))
        }
        if page.shown == nil {
            if let shownCounting, !shownCounting.isDone { return .countPart(shownCounting.scan) }
            if shownCounting == nil { return .countPart(scan(.after, from: nil, limit: 0)) }
        }
        return nil
    }

    /// Rows read past where the window's read stopped: added on their side, the cursor kept
    /// on its row (or put on the first row found, when the window had none).
    mutating func takeMore(_ run: EditorRun, of scan: EditorScan) {
        guard scan.listIdentity == listIdentity, scan.filter == filter else { return }
        switch scan.direction {
        case .after:
            guard let resume = page.resumeAfter, scan.place == resume else { return }
            page.rows += run.rows
            page.resumeAfter = run.resume
            page.hasRowsAfter = run.resume != nil || run.rows.count >= scan.limit
            if cursor == nil && !run.rows.isEmpty { cursor = page.rows.count - run.rows.count }
        case .before:
            guard let resume = page.resumeBefore, scan.place == resume else { return }
            page.rows = run.rows.reversed() + page.rows
            page.resumeBefore = run.resume
            page.hasRowsBefore = run.resume != nil || run.rows.count >= scan.limit
            if let cursor {
                self.cursor = cursor + run.rows.count
            } else if !run.rows.isEmpty {
                cursor = run.rows.count - 1
            }
        }
        normalizeViewport()
    }

    /// A part of the count: added to the count so far; the last part makes it the page's.
    mutating func takeCount(_ part: EditorCountPart, of scan: EditorScan) {
        guard var counting = shownCounting ?? startCounting(scan), counting.scan == scan,
            !counting.isDone
        else { return }
        counting.counted.total += part.counts.total
        counting.counted.checked += part.counts.checked
        counting.scan.place = part.resume
        counting.isDone = part.resume == nil
        shownCounting = counting
        if counting.isDone && page.shown == nil { page.shown = counting.counted }
    }

    /// The first part's answer starts the count, when it is for the list and filter shown.
    private func startCounting(_ scan: EditorScan) -> ShownCounting? {
        guard scan.place == nil, scan.listIdentity == listIdentity, scan.filter == filter else {
            return nil
        }
        return ShownCounting(scan: scan, counted: ItemCounts(checked: 0, total: 0), isDone: false)
    }

    /// After a new page: a count of the same list and filter goes on (or, finished, gives the
    /// page its count); a count of anything else is dropped.
    mutating func keepCounting() {
        guard let counting = shownCounting else { return }
        guard page.shown == nil, counting.scan.listIdentity == listIdentity,
            counting.scan.filter == filter
        else {
            shownCounting = nil
            return
        }
        if counting.isDone { page.shown = counting.counted }
    }
}
