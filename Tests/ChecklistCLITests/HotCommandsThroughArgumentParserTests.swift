import Foundation
import Testing

@testable import checklist

/// The hot commands' lines that the fast path leaves to ArgumentParser (here a repeated
/// option, whose last value wins) run through the command's own `run()`: the same output,
/// exit status and database as the fast path's line for the same request. Every other CLI
/// test of these commands goes through the fast path.
@Suite struct HotCommandsThroughArgumentParserTests {
    /// A line ArgumentParser reads, and the line the fast path reads that means the same.
    private static let pairs: [(parsed: [String], fast: [String])] = [
        (
            ["check", "-l", "camping", "-l", "camping", "1", "3"],
            ["check", "-l", "camping", "1", "3"]
        ),
        (["check", "-q", "-q", "2"], ["check", "-q", "2"]),
        (["toggle", "-l", "camping", "-l", "camping", "2-3"], ["toggle", "-l", "camping", "2-3"]),
        (["uncheck", "--all", "--all", "-l", "camping"], ["uncheck", "--all", "-l", "camping"]),
        (["check", "-l", "camping", "-l", "camping", "9"], ["check", "-l", "camping", "9"]),
        (["count", "-l", "camping", "-l", "camping"], ["count", "-l", "camping"]),
        (
            ["count", "--all-checked", "-l", "camping", "-l", "camping"],
            ["count", "--all-checked", "-l", "camping"]
        ),
        (["list", "-l", "camping", "-l", "camping"], ["list", "-l", "camping"]),
        (
            ["list", "--format", "ids", "--format", "ids", "-l", "camping"],
            ["list", "--format", "ids", "-l", "camping"]
        ),
        (
            ["ls", "--format", "json", "--format", "json", "--all"],
            ["ls", "--format", "json", "--all"]
        ),
    ]

    /// JSON output without its times (the two databases were written moments apart).
    private static func withoutTimes(_ json: String) -> String {
        json.replacing(#/"(createdAt|updatedAt)":"[^"]*"/#, with: "")
    }

    @Test func linesLeftToArgumentParserRunAsTheFastPathsLines() throws {
        let (parsed, fast) = (try CLI(), try CLI())
        for cli in [parsed, fast] {
            try cli.run("add", "-l", "camping", "Tent", "Stove", "Lamp")
            try cli.run("add", "Milk")
        }
        for (parsedLine, fastLine) in Self.pairs {
            #expect(FastPath.request(try Invocation(parsedLine)) == nil, "\(parsedLine)")
            #expect(FastPath.request(try Invocation(fastLine)) != nil, "\(fastLine)")
            let (byParser, byFastPath) = (
                try parsed.run(parsedLine, stdin: Data()), try fast.run(fastLine, stdin: Data())
            )
            #expect(byParser.status == byFastPath.status, "\(parsedLine)")
            #expect(
                Self.withoutTimes(byParser.stdout) == Self.withoutTimes(byFastPath.stdout),
                "\(parsedLine)")
            #expect(byParser.stderr == byFastPath.stderr, "\(parsedLine)")
            let states = try [parsed, fast].map {
                Self.withoutTimes(try $0.run("list", "--all", "--format", "json").stdout)
            }
            #expect(states[0] == states[1], "after \(parsedLine)")
        }
        // Each kind of result came up: a change, a refusal (exit 3), a count that is not all
        // checked (exit 1), and output.
        let statuses = try Self.pairs.map { try fast.run($0.fast, stdin: Data()).status }
        #expect(Set(statuses).isSuperset(of: [0, 1, 3]))
    }
}
