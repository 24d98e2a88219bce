import ChecklistCore
import ChecklistModel
import Foundation
import Testing

/// Promise 6: random and hostile input never crashes the program and is either rejected as a
/// usage error or handled exactly.
@Suite(.runsProcesses) final class HostileInputTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    // MARK: - The ID grammar

    static let pieces = [
        "1", "2", "7", "9", "10", "0", "00", "42", "-", "-", ",", ",", " ", "a", "x", "\n", "+",
        ".", "9223372036854775807", "9223372036854775808", "99999999999999999999", "٣", "１",
    ]

    @Test func randomStringsParseExactlyOrAreRejected() {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &random))
                .map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            let parsed = try? IDSet(parsing: text)
            let expected = ReferenceGrammar.parse(text)
            #expect(parsed?.ranges == expected, "\(String(reflecting: text)), seed \(seed)")
        }
    }

    @Test func validExpressionsRoundTrip() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<5_000 {
            let ranges = (0..<Int.random(in: 1...6, using: &random)).map {
                _ -> ClosedRange<Int64> in
                let low = Int64.random(in: 1...1_000, using: &random)
                return low...(low + Int64.random(in: 0...5, using: &random))
            }
            let set = IDSet(ranges)
            #expect(try IDSet(parsing: set.description) == set, "seed \(seed)")
            #expect(try IDSet(parsingList: set.ids.map(String.init).joined(separator: "\n")) == set)
        }
    }

    @Test func randomArgumentsNeverCrashTheBinary() throws {
        try cli.run(["add", "-q"] + (1...20).map { "item \($0)" }, stdin: Data())
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<25 {
            let text = (0..<Int.random(in: 1...6, using: &random))
                .map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            if text == "-" { continue }  // a lone dash is not an ID: it reads IDs from stdin
            let before = try StoredState.items(at: cli.databasePath)
            let result = try cli.run(["toggle", "--ignore-missing", "--", text], stdin: Data())
            let context = "\(String(reflecting: text)), seed \(seed): \(result)"
            if let ranges = ReferenceGrammar.parse(text) {
                #expect(result.status == 0, "\(context)")
                let toggled = Set(
                    (1...Int64(20)).filter { id in ranges.contains { $0.contains(id) } })
                let after = try StoredState.items(at: cli.databasePath)
                let flipped = Set(
                    zip(before, after).filter { $0.isSelected != $1.isSelected }.map(\.0.id))
                #expect(flipped == toggled, "\(context)")
            } else {
                #expect(result.status == 64, "\(context)")
                #expect(try StoredState.items(at: cli.databasePath) == before)
            }
        }
    }

    @Test(.fileOnly) func aMillionIDsOnStdinAreOneCommand() throws {
        let count = 1_000_000
        try StoredState.makeDatabase(cli, items: count)
        var random = SeededGenerator(seed: SeededGenerator.seed())
        let ids = (1...count).shuffled(using: &random).map(String.init).joined(separator: "\n")
        let result = try cli.run(["check", "-"], stdin: Data(ids.utf8))
        #expect(result.status == 0)
        #expect(result.stderr == "checked 1000000 items\n")
        #expect(try cli.run("count", "-l", "big").stdout == "1000000 1000000\n")
    }

    @Test(.fileOnly) func halfAMillionScatteredIDsOnStdinAreOneCommand() throws {
        try StoredState.makeDatabase(cli, items: 1_000_000)
        let odd = stride(from: 1, through: 999_999, by: 2).map(String.init).joined(separator: " ")
        let result = try cli.run(["delete", "-"], stdin: Data(odd.utf8))
        #expect(result.stderr == "deleted 500000 items\n")
        #expect(try cli.run("list", "-l", "big", "--format", "ids").stdout.hasPrefix("2\n4\n6\n"))
    }

    // MARK: - Titles

    static let scalarPools: [ClosedRange<UInt32>] = [
        0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x20...0x2F,  // ASCII letters, digits, punctuation
        0x0300...0x036F,  // combining marks
        0x05D0...0x05EA, 0x0627...0x064A,  // Hebrew and Arabic (right to left)
        0x202A...0x202E, 0x2066...0x2069,  // bidirectional controls
        0x1F300...0x1F5FF, 0x1F600...0x1F64F,  // emoji
        0x200D...0x200D, 0xFE0F...0xFE0F,  // zero-width joiner, variation selector
        0x4E00...0x4FFF,  // CJK
        0x01...0x08, 0x0E...0x1F, 0x7F...0x9F,  // control characters, ESC among them
    ]

    @Test func randomUnicodeTitlesRoundTripByteExactThroughJSON() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        var expected: [String] = []
        for batch in 0..<6 {
            let titles = (0..<40).map { _ in Self.randomTitle(using: &random) }
            if batch % 2 == 0 {
                try #require(try cli.run(["add", "-q", "--"] + titles, stdin: Data()).status == 0)
            } else {
                let stdin = Data(titles.joined(separator: "\n").utf8)
                try #require(try cli.run(["add", "-q", "-"], stdin: stdin).status == 0)
            }
            expected += titles
        }
        let json = try cli.run("list", "--format", "json").stdoutBytes
        let items = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
        let titles = items.compactMap { $0["title"] as? String }
        #expect(titles.count == expected.count)
        for (title, original) in zip(titles, expected) {
            #expect(Array(title.utf8) == Array(original.utf8), "seed \(seed)")
        }
    }

    @Test func aNULInATitleIsRefused() throws {
        let result = try cli.run(["add", "-"], stdin: Data("one\0two\n".utf8))
        #expect(result.status == 64)
        #expect(
            result.stderr == "checklist: line 1 of the input: a title cannot contain a NUL byte\n")
    }

    /// A title of random scalars that is valid: something visible first, no line breaks.
    static func randomTitle(using random: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append("T")
        for _ in 0..<Int.random(in: 1...24, using: &random) {
            let pool = scalarPools.randomElement(using: &random) ?? 0x41...0x5A
            if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)),
                !"\n\r\u{0B}\u{0C}\u{85}".unicodeScalars.contains(scalar)
            {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// An independent statement of the ID grammar, for the property tests: parts split on commas,
/// each `N` or `N-M` of ASCII digits, 1 ≤ N ≤ M ≤ Int64.max; the ranges merged.
enum ReferenceGrammar {
    static func parse(_ text: String) -> [ClosedRange<Int64>]? {
        var ranges: [ClosedRange<Int64>] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let match = part.wholeMatch(of: #/([0-9]+)(?:-([0-9]+))?/#),
                let low = Int64(match.1), low > 0
            else { return nil }
            let high = match.2.flatMap { Int64($0) } ?? (match.2 == nil ? low : -1)
            guard high >= low else { return nil }
            ranges.append(low...high)
        }
        var merged: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last,
                range.lowerBound <= last.upperBound || range.lowerBound == last.upperBound + 1
            {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
