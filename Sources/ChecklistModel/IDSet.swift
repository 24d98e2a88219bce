/// A set of item IDs, kept as sorted, disjoint, non-adjacent ranges, so `1-1000000` costs one
/// range and not a million elements.
///
/// The grammar: an ID (`12`), a range (`3-7`), or a comma-separated mix (`1,4,9-11`). An ID is
/// a positive integer that fits in 64 bits; duplicates collapse.
public struct IDSet: Hashable, Sendable, CustomStringConvertible {
    /// The IDs `lower...upper`. A plain pair rather than `ClosedRange<ItemID>`: the first array
    /// of `ClosedRange<Int64>` a process makes has the Swift runtime look up `Int64: Comparable`
    /// through every conformance record of the binary, 3% of `checklist check 5` (callgrind).
    /// A set of lone IDs (and `--all`) then makes none; `ranges` and `split()`'s runs do.
    private struct Span: Hashable, Sendable {
        var lower: ItemID
        var upper: ItemID
    }

    /// The spans, sorted, neither overlapping nor touching.
    private var spans: [Span]

    /// The ranges, sorted, neither overlapping nor touching (made from the spans at each use).
    public var ranges: [ClosedRange<ItemID>] { spans.map { $0.lower...$0.upper } }

    /// The empty set.
    public init() {
        spans = []
    }

    /// A set of the given ranges, merged where they overlap or touch.
    public init(_ ranges: some Sequence<ClosedRange<ItemID>>) {
        self.init(spans: ranges.map { Span(lower: $0.lowerBound, upper: $0.upperBound) })
    }

    private init(spans: [Span]) {
        var merged: [Span] = []
        merged.reserveCapacity(spans.count)
        for span in spans.sorted(by: { $0.lower < $1.lower }) {
            if let last = merged.last, span.lower <= last.upper || span.lower - 1 == last.upper {
                merged[merged.count - 1].upper = max(last.upper, span.upper)
            } else {
                merged.append(span)
            }
        }
        self.spans = merged
    }

    /// A set of single IDs.
    public init(ids: some Sequence<ItemID>) {
        self.init(spans: ids.map { Span(lower: $0, upper: $0) })
    }

    /// Parses one command-line argument: an ID, a range, or a comma-separated mix.
    public init(parsing argument: String) throws(ChecklistError) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        var spans: [Span] = []
        spans.reserveCapacity(parts.count)
        for part in parts {
            spans.append(try IDSet.parseSpan(part, in: argument))
        }
        self.init(spans: spans)
    }

    /// Parses text such as standard input: expressions separated by white space or newlines.
    public init(parsingList text: String) throws(ChecklistError) {
        var spans: [Span] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            for part in word.split(separator: ",", omittingEmptySubsequences: false) {
                // The word itself, not a copy of it for each part: a copy would make one long
                // comma-joined word quadratic (2,000,000 IDs: 656 s).
                spans.append(try IDSet.parseSpan(part, in: word))
            }
        }
        self.init(spans: spans)
    }

    public var isEmpty: Bool { spans.isEmpty }

    /// How many IDs the set holds (a subset of 1...Int64.max always fits in an Int64).
    public var count: Int {
        spans.reduce(0) { $0 + Int($1.upper - $1.lower) + 1 }
    }

    /// Whether `id` is in the set.
    public func contains(_ id: ItemID) -> Bool {
        var low = 0
        var high = spans.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if spans[middle].upper < id {
                low = middle + 1
            } else if spans[middle].lower > id {
                high = middle - 1
            } else {
                return true
            }
        }
        return false
    }

    /// The union of two sets.
    public func union(_ other: IDSet) -> IDSet {
        if spans.isEmpty { return other }
        if other.spans.isEmpty { return self }
        return IDSet(spans: spans + other.spans)
    }

    /// The IDs of this set that are not in `other`.
    public func subtracting(_ other: IDSet) -> IDSet {
        if spans.isEmpty || other.spans.isEmpty { return self }
        let holes = other.spans
        var result: [Span] = []
        var first = 0  // the first hole that may reach the span at hand
        for span in spans {
            while first < holes.count && holes[first].upper < span.lower { first += 1 }
            var lower = span.lower
            var isCutToTheEnd = false
            var index = first
            while index < holes.count && holes[index].lower <= span.upper {
                let hole = holes[index]
                if hole.lower > lower { result.append(Span(lower: lower, upper: hole.lower - 1)) }
                if hole.upper >= span.upper {
                    isCutToTheEnd = true
                    break
                }
                lower = hole.upper + 1
                index += 1
            }
            if !isCutToTheEnd { result.append(Span(lower: lower, upper: span.upper)) }
        }
        return IDSet(spans: result)
    }

    /// The set split into lone IDs and runs of two or more.
    public func split() -> (lone: [ItemID], runs: [ClosedRange<ItemID>]) {
        var lone: [ItemID] = []
        var runs: [ClosedRange<ItemID>] = []
        for span in spans {
            if span.lower == span.upper {
                lone.append(span.lower)
            } else {
                runs.append(span.lower...span.upper)
            }
        }
        return (lone, runs)
    }

    /// The IDs one by one, in ascending order.
    public var ids: some Sequence<ItemID> { spans.lazy.flatMap { $0.lower...$0.upper } }

    /// The set in the grammar it parses from, e.g. `1,4,9-11`.
    public var description: String {
        spans.map(IDSet.format).joined(separator: ",")
    }

    /// The set for a message: runs of three or more as ranges, the rest one by one, and at
    /// most `limit` entries before "and N more".
    public func summary(limit: Int = 20) -> String {
        var entries: [String] = []
        for span in spans {
            if span.upper - span.lower >= 2 {
                entries.append(IDSet.format(span))
            } else {
                entries.append(contentsOf: (span.lower...span.upper).map(String.init))
            }
        }
        guard entries.count > limit else { return entries.joined(separator: ", ") }
        let shown = entries.prefix(limit).joined(separator: ", ")
        return shown + " and \(entries.count - limit) more"
    }

    private static func format(_ span: Span) -> String {
        span.lower == span.upper ? String(span.lower) : "\(span.lower)-\(span.upper)"
    }

    private static func parseSpan(
        _ part: Substring, in expression: some StringProtocol
    ) throws(ChecklistError) -> Span {
        let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = parseID(bounds[0]) else {
            throw invalid(expression)
        }
        guard bounds.count == 2 else { return Span(lower: low, upper: low) }
        guard let high = parseID(bounds[1]) else {
            throw invalid(expression)
        }
        guard low <= high else {
            throw .invalidInput(
                "invalid ID range \(Phrase.quotedInput(String(part))): it runs backwards; write \(high)-\(low)"
            )
        }
        return Span(lower: low, upper: high)
    }

    /// A positive decimal integer of ASCII digits that fits in 64 bits; anything else is nil.
    private static func parseID(_ text: Substring) -> ItemID? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard !text.isEmpty, text.utf8.allSatisfy(digits.contains),
            let value = ItemID(text), value > 0
        else { return nil }
        return value
    }

    private static func invalid(_ expression: some StringProtocol) -> ChecklistError {
        .invalidInput(
            "invalid ID \(Phrase.quotedInput(String(expression.prefix(64)))): an ID is a positive whole number"
                + " (up to 9223372036854775807), a range like 3-7, or a list like 1,4,9-11")
    }
}
