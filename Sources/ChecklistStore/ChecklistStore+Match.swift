import ChecklistModel

extension ChecklistStore {
    // MARK: - Reads that find items by their words

    // Titles are compared in Swift as the rows stream: SQLite's `LIKE` folds ASCII only, and a
    // title that fails costs no more than reading its row, which the plain list pays too.

    /// `forEachHeadline`, keeping the items whose title or note `match` accepts (all when nil).
    public func forEachHeadline(
        in scope: ListScope, filter: ItemFilter = .any, matching match: TextMatch?,
        _ body: (ItemHeadline) throws -> Void
    ) throws {
        guard let match else { return try forEachHeadline(in: scope, filter: filter, body) }
        try forEachHeadline(in: scope, filter: filter) { item in
            if match.matches(title: item.title, more: item.more) { try body(item) }
        }
    }

    /// The checked and total counts of the items of the scope whose title `match` accepts.
    public func counts(in scope: ListScope, matching match: TextMatch) throws -> ItemCounts {
        var counts = ItemCounts(checked: 0, total: 0)
        try forEachHeadline(in: scope) { item in
            guard match.matches(title: item.title, more: item.more) else { return }
            counts.total += 1
            if item.isSelected { counts.checked += 1 }
        }
        return counts
    }
}
