/// The edit mode's filter: a title matches when it contains the text, after Unicode case
/// folding and canonical equivalence on both sides (the rule of `--match`, `TextMatch`).
public struct EditorFilter: Hashable, Sendable {
    public let text: String
    /// The same rule as `list --match`.
    private let match: TextMatch

    public init(_ text: String) {
        self.text = text
        match = TextMatch(text)
    }

    /// Whether `title` contains the filter's text.
    public func matches(_ title: String) -> Bool {
        text.isEmpty || match.matches(title)
    }

    /// Whether every title this filter shows, `wider` shows too (no filter shows every title).
    public func narrows(_ wider: EditorFilter?) -> Bool {
        guard let wider else { return true }
        return match.narrows(wider.match)
    }

    public static func == (left: EditorFilter, right: EditorFilter) -> Bool {
        left.text == right.text
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
