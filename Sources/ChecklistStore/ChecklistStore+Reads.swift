import ChecklistModel

extension ChecklistStore {
    // MARK: - Reads

    /// Every list with its counts, by name.
    public func lists() throws -> [Checklist] {
        try read { try $0.lists(in: .all) }
    }

    /// The lists of the scope with their counts, then each of their items in order, from one
    /// snapshot of the database (for export: an empty list is there too).
    public func forEachList(
        in scope: ListScope, lists listsBody: ([Checklist]) throws -> Void,
        items itemBody: (Item) throws -> Void
    ) throws {
        try read { reads in
            guard let found = try reads.found(scope) else { return try listsBody([]) }
            try listsBody(try reads.lists(in: found))
            try reads.forEachItem(in: found, filter: .any, itemBody)
        }
    }

    /// Calls `body` with each item of the scope in position order, one row at a time, so a
    /// list of any length is never held in memory. An item's `position` is its 1-based place
    /// in its list, counted here: the stored column only orders a list and keeps the gaps that
    /// deletes leave (closing them would rewrite every later row of a list on every delete).
    public func forEachItem(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (Item) throws -> Void
    ) throws {
        try read(in: scope, orElse: ()) { try $0.forEachItem(in: $1, filter: filter, body) }
    }

    /// Calls `body` with what text and ID output show of each item of the scope, in order. A
    /// filter reads only its rows: no place is counted.
    public func forEachHeadline(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (ItemHeadline) throws -> Void
    ) throws {
        try read(in: scope, orElse: ()) { try $0.forEachHeadline(in: $1, filter: filter, body) }
    }

    /// `forEachHeadline` without making a `String` of each row: `list` in a pipe prints every
    /// byte of a title as stored, so the bytes go from the engine's buffer to the output's
    /// without being decoded, checked and copied on the way.
    public func forEachHeadlineBytes(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (HeadlineBytes) throws -> Void
    ) throws {
        try read(in: scope, orElse: ()) {
            try $0.forEachHeadlineBytes(in: $1, filter: filter, body)
        }
    }

    /// `forEachItem` without a `String` a row: what `list --format json` writes. An item's
    /// place is counted as `forEachItem` counts it (the items before it, checked or not).
    public func forEachItemBytes(
        in scope: ListScope, filter: ItemFilter = .any, _ body: (ItemBytes) throws -> Void
    ) throws {
        try read(in: scope, orElse: ()) { try $0.forEachItemBytes(in: $1, filter: filter, body) }
    }

    /// The items of the scope in position order (for small lists and tests; see `forEachItem`).
    public func items(in scope: ListScope, filter: ItemFilter = .any) throws -> [Item] {
        var items: [Item] = []
        try forEachItem(in: scope, filter: filter) { items.append($0) }
        return items
    }

    /// The largest ID among the scope's items that pass the filter (0 when there are none):
    /// the widest ID `forEachHeadline` shows, found without reading the items.
    public func largestItemID(in scope: ListScope, filter: ItemFilter = .any) throws -> Int64 {
        try read(in: scope, orElse: 0) { try $0.largestItemID(in: $1, filter: filter) }
    }

    /// The checked and total counts of the scope.
    public func counts(in scope: ListScope) throws -> ItemCounts {
        try read(in: scope, orElse: ItemCounts(checked: 0, total: 0)) { try $0.counts(in: $1) }
    }

    /// The recorded changes, newest first.
    public func history(limit: Int = 50) throws -> [Change] {
        try read { try $0.history(limit: limit) }
    }

    /// One read of the scope's list, found by `ReadSteps.found`'s rule; `empty` when the scope
    /// is the default list and it does not exist yet.
    private func read<T>(
        in scope: ListScope, orElse empty: T, _ body: (any ReadSteps, FoundScope) throws -> T
    ) throws -> T {
        try read { reads in
            guard let found = try reads.found(scope) else { return empty }
            return try body(reads, found)
        }
    }
}
