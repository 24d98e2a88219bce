/// The edit mode's filter: a title matches when it contains the text, after Unicode case
/// folding and canonical equivalence on both sides (the rule of `--match`, `TextMatch`); and,
/// for the picker's `--checked`/`--unchecked`, an item's state.
public struct EditorFilter: Hashable, Sendable {
    public let text: String
    /// Which items show by state (`.any` in the edit mode).
    public let state: ItemFilter
    /// The same rule as `list --match`.
    private let match: TextMatch

    public init(_ text: String, state: ItemFilter = .any) {
        self.text = text
        self.state = state
        match = TextMatch(text)
    }

    /// The filter of `text` and `state`, or nil when it would show every item.
    public static func of(_ text: String, state: ItemFilter) -> EditorFilter? {
        text.isEmpty && state == .any ? nil : EditorFilter(text, state: state)
    }

    /// Whether an item with this title and state shows.
    public func matches(_ title: String, isSelected: Bool) -> Bool {
        state.admits(isSelected: isSelected) && (text.isEmpty || match.matches(title))
    }

    /// Whether an item with this title, state and shown fields (`Item.more`) shows: the words
    /// of its note count, as for `--match`.
    public func matches(_ title: String, isSelected: Bool, more: [String]) -> Bool {
        state.admits(isSelected: isSelected)
            && (text.isEmpty || match.matches(title: title, more: more))
    }

    /// Whether the row shows.
    public func matches(_ row: EditorRow) -> Bool {
        matches(row.title, isSelected: row.isSelected, more: row.more)
    }

    /// Whether every item this filter shows, `wider` shows too (no filter shows every item).
    public func narrows(_ wider: EditorFilter?) -> Bool {
        guard let wider else { return true }
        return (wider.state == .any || wider.state == state) && match.narrows(wider.match)
    }

    public static func == (left: EditorFilter, right: EditorFilter) -> Bool {
        left.text == right.text && left.state == right.state
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(state)
    }
}
