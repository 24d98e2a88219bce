import GRDB

/// The keyset reads of one editor page, inside one read transaction, in `SQL` values like
/// every other read: the list and the filter make one condition, each read adds its own.
///
/// With a filter and a `scanLimit`, a read of rows scans at most that many items of the list
/// and says where it stopped (`EditorRun.resume`): typing a filter over a million titles reads
/// a bounded part at each key, and the editor reads the rest between keys.
struct EditorWindow {
    let listID: Int64
    let filter: EditorFilter?
    /// The most items one filtered read of rows scans; nil for no limit.
    let scanLimit: Int?
    let db: Database

    init(listID: Int64, filter: EditorFilter?, scanLimit: Int? = nil, _ db: Database) {
        self.listID = listID
        self.filter = filter
        self.scanLimit = scanLimit
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

    /// The shown items of the list.
    private var shown: SQL {
        filter == nil
            ? "listId = \(listID)" : "listId = \(listID) AND checklist_editor_matches(title)"
    }

    func listCounts(knownTotal: Int?) throws -> ItemCounts {
        // Two index-only counts: the checked ones read only the checked entries.
        let total =
            try knownTotal
            ?? SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE listId = \(listID)")
            .fetchOne(db) ?? 0
        let checked =
            try SQLRequest<Int>(
                literal: "SELECT count(*) FROM items WHERE listId = \(listID) AND isSelected = 1"
            ).fetchOne(db) ?? 0
        return ItemCounts(checked: checked, total: total)
    }

    func shownCounts() throws -> ItemCounts {
        let request = SQLRequest<Row>(
            literal: "SELECT count(*) AS total, coalesce(sum(isSelected), 0) AS checked"
                + " FROM items WHERE \(shown)")
        guard let row = try request.fetchOne(db) else { return ItemCounts(checked: 0, total: 0) }
        return ItemCounts(
            checked: try row.decode(forColumn: "checked"), total: try row.decode(forColumn: "total"))
    }

    /// The filtered count of the items after `place` (from the start when nil), at most
    /// `scanLimit` of them, and where the next part starts.
    func countPart(after place: EditorPlace?) throws -> EditorCountPart {
        guard let filter, let scanLimit else {
            return EditorCountPart(counts: try shownCounts(), resume: nil)
        }
        let cursor = try SQLRequest<Row>(
            literal: "SELECT \(columns) FROM items WHERE listId = \(listID) \(boundary(after: place))"
                + " ORDER BY position, id LIMIT \(scanLimit)"
        ).fetchCursor(db)
        var counts = ItemCounts(checked: 0, total: 0)
        var scanned = 0
        var last: EditorRow?
        while let row = try cursor.next() {
            let decoded = try Self.decode(row)
            scanned += 1
            last = decoded
            if filter.matches(decoded.title) {
                counts.total += 1
                if decoded.isSelected { counts.checked += 1 }
            }
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
            let found = try fetch(
                "SELECT \(columns) FROM items WHERE id = \(id) AND listId = \(listID)")
            if let row = found.first, filter?.matches(row.title) ?? true { return (row, nil, nil) }
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
        try run(boundary: boundary(after: place), order: "ORDER BY position, id", limit: limit)
    }

    /// Shown rows before `place` (from the end when nil), nearest first.
    func rows(before place: EditorPlace?, limit: Int) throws -> EditorRun {
        let boundary: SQL =
            place.map { "AND (position, id) < (\($0.sortKey), \($0.id))" } ?? ""
        return try run(boundary: boundary, order: "ORDER BY position DESC, id DESC", limit: limit)
    }

    private func boundary(after place: EditorPlace?) -> SQL {
        place.map { "AND (position, id) > (\($0.sortKey), \($0.id))" } ?? ""
    }

    /// Up to `limit` shown rows past the boundary in `order`. Without a filter or a scan
    /// limit, SQL filters and stops at `limit`; with both, at most `scanLimit` items are
    /// looked at, matched here, and a scan that stopped there says where.
    private func run(boundary: SQL, order: SQL, limit: Int) throws -> EditorRun {
        guard let filter, let scanLimit else {
            return EditorRun(
                rows: try fetch(
                    "SELECT \(columns) FROM items WHERE \(shown) \(boundary) \(order) LIMIT \(limit)"),
                resume: nil)
        }
        let cursor = try SQLRequest<Row>(
            literal: "SELECT \(columns) FROM items WHERE listId = \(listID) \(boundary) \(order)"
                + " LIMIT \(scanLimit)"
        ).fetchCursor(db)
        var rows: [EditorRow] = []
        var scanned = 0
        var last: EditorRow?
        while rows.count < limit, let row = try cursor.next() {
            let decoded = try Self.decode(row)
            scanned += 1
            last = decoded
            if filter.matches(decoded.title) { rows.append(decoded) }
        }
        let resume = rows.count < limit && scanned == scanLimit ? last.map(\.place) : nil
        return EditorRun(rows: rows, resume: resume)
    }

    func ids(checkedOnly: Bool) throws -> IDSet {
        let checked: SQL = checkedOnly ? "AND isSelected = 1" : ""
        let cursor = try SQLRequest<ItemID>(
            literal: "SELECT id FROM items WHERE \(shown) \(checked) ORDER BY id"
        ).fetchCursor(db)
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

    /// The columns an `EditorRow` is decoded from, by name.
    private var columns: SQL { "id, title, isSelected, position" }

    private func fetch(_ sql: SQL) throws -> [EditorRow] {
        let cursor = try SQLRequest<Row>(literal: sql).fetchCursor(db)
        var rows: [EditorRow] = []
        while let row = try cursor.next() { rows.append(try Self.decode(row)) }
        return rows
    }

    private static func decode(_ row: Row) throws -> EditorRow {
        EditorRow(
            id: try row.decode(forColumn: "id"), title: try row.decode(forColumn: "title"),
            isSelected: try row.decode(forColumn: "isSelected"),
            sortKey: try row.decode(forColumn: "position"))
    }
}
