/// A place in a list's order, `(sortKey, id)`: where a bounded scan of a filtered list stopped,
/// and where the next one goes on.
public struct EditorPlace: Hashable, Sendable {
    public var id: ItemID
    /// The stored sort key (see `EditorRow.sortKey`).
    public var sortKey: Int64

    public init(id: ItemID, sortKey: Int64) {
        self.id = id
        self.sortKey = sortKey
    }
}

/// What one bounded scan of a filtered list found: the matching rows, and where to go on
/// when it stopped before the end of the list and before it had found enough.
public struct EditorRun: Hashable, Sendable {
    public var rows: [EditorRow]
    /// The last place scanned, when the scan stopped at its limit with rows still unscanned.
    public var resume: EditorPlace?

    public init(rows: [EditorRow], resume: EditorPlace?) {
        self.rows = rows
        self.resume = resume
    }
}

/// Part of the count of a filtered list: the items that match among those scanned, and
/// where the next part starts (nil once the whole list is counted).
public struct EditorCountPart: Hashable, Sendable {
    public var counts: ItemCounts
    public var resume: EditorPlace?

    public init(counts: ItemCounts, resume: EditorPlace?) {
        self.counts = counts
        self.resume = resume
    }
}

/// Which way a read goes from a place: later in the list, or earlier.
public enum EditorDirection: Hashable, Sendable {
    case before, after
}
