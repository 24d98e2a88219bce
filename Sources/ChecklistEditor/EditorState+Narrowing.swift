import ChecklistModel

/// A filter typed a letter further reuses what the last one found. Every title the new filter
/// shows, the old one showed (`EditorFilter.narrows`), so the window's rows that still match
/// are the new window as they stand, and the screen follows the key with no read. Between the
/// window's ends, every item was read and matched against the old filter, so none that the
/// rows leave out can match the new one; past them, the reads between keys go on from where
/// the window ended, and the count starts again between keys.
extension EditorState {
    /// Narrows the window in place when the filter, before this key `old`, only narrowed and
    /// the cursor lands where a read would put it; false when a read must make the window.
    mutating func narrowWindow(from old: EditorFilter?) -> Bool {
        guard let filter, filter.narrows(old), page.listExists, listIdentity != nil else {
            return false
        }
        // Where reads go on past the window: where the last ones stopped, or, when the window
        // ended at its margin with items beyond, its end row (reads start past a place).
        func edge(_ resume: EditorPlace?, _ hasRows: Bool, _ row: EditorRow?) -> EditorPlace?? {
            if let resume { return resume }
            guard hasRows else { return .some(nil) }
            guard let row else { return nil }
            return row.place
        }
        guard let before = edge(page.resumeBefore, page.hasRowsBefore, page.rows.first),
            let after = edge(page.resumeAfter, page.hasRowsAfter, page.rows.last)
        else { return false }
        var rows: [EditorRow] = []
        var landing: Int?
        for (index, row) in page.rows.enumerated() where filter.matches(row) {
            if landing == nil, let cursor, index >= cursor { landing = rows.count }
            rows.append(row)
        }
        // The cursor's row if it still matches, else the next one that does: a read anchored
        // on it finds the same. When none follows in the window, the read would look past the
        // window first, which only a read can do, unless nothing is past it.
        if landing == nil && !rows.isEmpty {
            guard after == nil else { return false }
            landing = rows.count - 1
        }
        page.rows = rows
        page.anchorIndex = landing
        page.resumeBefore = before
        page.resumeAfter = after
        page.hasRowsBefore = before != nil
        page.hasRowsAfter = after != nil
        // The whole filtered list is in the window only when nothing is past either end.
        page.shown =
            before == nil && after == nil
            ? ItemCounts(checked: rows.count { $0.isSelected }, total: rows.count) : nil
        shownCounting = nil
        cursor = landing
        normalizeViewport()
        return true
    }
}
