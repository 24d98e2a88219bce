/// Lines of a Markdown file that name no item and no list, counted by what they are.
public struct SkippedLines: Hashable, Sendable {
    /// What a skipped line is, named as the summary names it.
    public enum Kind: String, CaseIterable, Sendable {
        case prose
        case code
        case frontMatter = "front matter"
        case html = "HTML"
        case table
        case blockQuote = "block quote"
        case plainBullet = "plain bullet"
        case heading
        case rule
        case emptyTask = "empty task"
    }

    /// How many lines of each kind; kinds with none are absent.
    public private(set) var counts: [Kind: Int] = [:]

    /// No lines skipped.
    public init() {}

    /// Every skipped line.
    public var total: Int { counts.values.reduce(0, +) }

    /// `prose 35, code 20, front matter 7`: the most frequent kind first, then in the order of
    /// `Kind`.
    public var breakdown: String {
        Kind.allCases.enumerated()
            .compactMap { order, kind in counts[kind].map { (kind, $0, order) } }
            .sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }
            .map { "\($0.0.rawValue) \($0.1)" }
            .joined(separator: ", ")
    }

    /// Counts `lines` more lines of `kind`.
    package mutating func add(_ lines: Int, _ kind: Kind) {
        guard lines > 0 else { return }
        counts[kind, default: 0] += lines
    }
}
