/// A set of item IDs, kept as sorted, disjoint, non-adjacent ranges, so `1-1000000` costs one
/// range and not a million elements.
///
/// The grammar: an ID (`12`), a range (`3-7`), or a comma-separated mix (`1,4,9-11`). An ID is
/// a positive integer that fits in 64 bits; duplicates collapse.
public struct IDSet: Hashable, Sendable, CustomStringConvertible {
    /// The ranges, sorted, neither overlapping nor touching.
    public private(set) var ranges: [ClosedRange<ItemID>]

    /// The empty set.
    public init() {
        ranges = []
    }

    /// A set of the given ranges, merged where they overlap or touch.
    public init(_ ranges: some Sequence<ClosedRange<ItemID>>) {
        var merged: [ClosedRange<ItemID>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last,
                range.lowerBound <= last.upperBound
                    || range.lowerBound - 1 == last.upperBound
            {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// A set of single IDs.
    public init(ids: some Sequence<ItemID>) {
        self.init(ids.map { $0...$0 })
    }

    /// Parses one command-line argument: an ID, a range, or a comma-separated mix.
    public init(parsing argument: String) throws(ChecklistError) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        var ranges: [ClosedRange<ItemID>] = []
        ranges.reserveCapacity(parts.count)
        for part in parts {
            ranges.append(try IDSet.parseRange(part, in: argument))
        }
        self.init(ranges)
    }

    /// Parses text such as standard input: expressions separated by white space or newlines.
    public init(parsingList text: String) throws(ChecklistError) {
        var ranges: [ClosedRange<ItemID>] = []
        for word in text.split(whereSeparator: { $0.isWhitespace }) {
            for part in word.split(separator: ",", omittingEmptySubsequences: false) {
                ranges.append(try IDSet.parseRange(part, in: String(word)))
            }
        }
        self.init(ranges)
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// How many IDs the set holds (a subset of 1...Int64.max always fits in an Int64).
    public var count: Int {
        ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 }
    }

    /// Whether `id` is in the set.
    public func contains(_ id: ItemID) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id {
                low = middle + 1
            } else if ranges[middle].lowerBound > id {
                high = middle - 1
            } else {
                return true
            }
        }
        return false
    }

    /// The union of two sets.
    public func union(_ other: IDSet) -> IDSet {
        IDSet(ranges + other.ranges)
    }

    /// The set split into lone IDs and runs of two or more.
    public func split() -> (lone: [ItemID], runs: [ClosedRange<ItemID>]) {
        var lone: [ItemID] = []
        var runs: [ClosedRange<ItemID>] = []
        for range in ranges {
            if range.lowerBound == range.upperBound {
                lone.append(range.lowerBound)
            } else {
                runs.append(range)
            }
        }
        return (lone, runs)
    }

    /// The IDs one by one, in ascending order.
    public var ids: some Sequence<ItemID> { ranges.lazy.flatMap { $0 } }

    /// The set in the grammar it parses from, e.g. `1,4,9-11`.
    public var description: String {
        ranges.map(IDSet.format).joined(separator: ",")
    }

    /// The set for a message: runs of three or more as ranges, the rest one by one, and at
    /// most `limit` entries before "and N more".
    public func summary(limit: Int = 20) -> String {
        var entries: [String] = []
        for range in ranges {
            if range.upperBound - range.lowerBound >= 2 {
                entries.append(IDSet.format(range))
            } else {
                entries.append(contentsOf: range.map(String.init))
            }
        }
        guard entries.count > limit else { return entries.joined(separator: ", ") }
        let shown = entries.prefix(limit).joined(separator: ", ")
        return shown + " and \(entries.count - limit) more"
    }

    private static func format(_ range: ClosedRange<ItemID>) -> String {
        range.lowerBound == range.upperBound
            ? String(range.lowerBound) : "\(range.lowerBound)-\(range.upperBound)"
    }

    private static func parseRange(
        _ part: Substring, in expression: String
    ) throws(ChecklistError) -> ClosedRange<ItemID> {
        let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = parseID(bounds[0]) else {
            throw invalid(expression)
        }
        guard bounds.count == 2 else { return low...low }
        guard let high = parseID(bounds[1]) else {
            throw invalid(expression)
        }
        guard low <= high else {
            throw .invalidInput(
                "invalid ID range \(Phrase.quoted(String(part))): it runs backwards; write \(high)-\(low)"
            )
        }
        return low...high
    }

    /// A positive decimal integer of ASCII digits that fits in 64 bits; anything else is nil.
    private static func parseID(_ text: Substring) -> ItemID? {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard !text.isEmpty, text.utf8.allSatisfy(digits.contains),
            let value = ItemID(text), value > 0
        else { return nil }
        return value
    }

    private static func invalid(_ expression: String) -> ChecklistError {
        .invalidInput(
            "invalid ID \(Phrase.quoted(expression)): an ID is a positive whole number"
                + " (up to 9223372036854775807), a range like 3-7, or a list like 1,4,9-11")
    }
}
