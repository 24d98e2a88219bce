import ArgumentParser
import ChecklistTestSupport
import Foundation
import Testing

@testable import checklist

/// The fast path (`FastPath`) against ArgumentParser, the interface's one definition: for
/// every command line, generated or chosen, the fast path either declines or makes exactly
/// the request ArgumentParser's command makes (`Request`, compared with `==`; every value the
/// command runs with is in it). It must take the lines it exists for. Seeded:
/// CHECKLIST_TEST_SEED=N replays a failure.
@Suite struct FastPathTests {
    /// What the program would run for the line, as text: the fast path's request, or
    /// ArgumentParser's command's request, or an error (as text) from either.
    private static func both(_ line: [String]) -> (fast: String?, parsed: String) {
        let invocation: Invocation
        do {
            invocation = try Invocation(line)
        } catch {
            return (nil, "invocation error: \(error)")
        }
        let fast = FastPath.request(invocation)
        do {
            let command = try ChecklistCommand.parse(invocation)
            guard let parsed = (command as? any RequestCommand)?.request else {
                return (fast.map(described), "not a request: \(type(of: command))")
            }
            // Equal requests read the same; unequal ones must not (a request's dump names every
            // value, so this also shows what differs).
            if let fast, fast == parsed { return (described(fast), described(parsed)) }
            return (fast.map(described), described(parsed) + (fast == nil ? "" : "(unequal)"))
        } catch {
            return (fast.map(described), "error: \(ChecklistCommand.message(for: error))")
        }
    }

    private static func described(_ request: Request) -> String {
        var text = ""
        dump(request, to: &text)
        return text
    }

    @Test(arguments: [
        ["check", "5"], ["check", "1,4,9-11", "3-7"], ["check", "-"],
        ["uncheck", "--all", "-l", "camping"],
        ["toggle", "2", "--ignore-missing", "-q"], ["check", "--db", "x.db", "5"],
        ["check", "5", "--db=x.db"],
        ["--db", "x.db", "check", "5"], ["-l", "camping", "check", "5"], ["check", "--", "5"],
        ["count"], ["count", "--all"], ["count", "-l", "camping", "--all-checked"],
        ["count", "--match", "tent"],
        ["list"], ["ls"], [], ["list", "--format", "ids"], ["list", "--format=json", "--all"],
        ["list", "--unchecked", "-l", "camping"], ["list", "--color", "never", "--match", "x"],
        ["--db", "x.db"], ["sync"], ["sync", "-q"], ["sync", "--db", "copy.db", "--quiet"],
        ["sync", "--watch"],
    ])
    func theLinesItIsForTakeTheFastPathAndAgree(_ line: [String]) {
        let (fast, parsed) = Self.both(line)
        #expect(fast != nil, "declined \(line)")
        #expect(fast == nil || fast == parsed, "\(line)")
    }

    @Test(arguments: [
        ["check", "--help"], ["check", "-h"], ["check", "-qq", "5"],
        ["check", "--all", "--all"],
        ["check", "--db", "a", "--db", "b", "5"], ["check", "--db"], ["check", "--db", "-q", "5"],
        ["list", "--format", "xml"], ["list", "--checked", "--unchecked"],
        ["list", "--all", "-l", "x"],
        ["count", "--list="], ["check", "--bogus"], ["check", "-l", "a\nb", "5"], ["delete", "5"],
        ["check", "5", "--generate-completion-script", "zsh"], ["lists", "add", "x"],
        ["list", "--version"], ["sync", "5"], ["sync", "-l", "camping"], ["sync", "-q", "-q"],
    ])
    func linesItDoesNotFullyUnderstandAreArgumentParsers(_ line: [String]) {
        #expect(Self.both(line).fast == nil, "\(line)")
    }

    /// Words the generated lines are made of: the options of the six commands, by every
    /// name, read from the table the fast path reads (an option added to a command is drawn at
    /// once), each option's `--name=value` forms; their values, IDs good and bad, and words
    /// meant to confuse.
    private static let vocabulary: [String] = {
        let tables: [CommandOptions] = [.check, .uncheck, .toggle, .count, .list, .sync]
        let valueOptions = Set(tables.flatMap(\.valueOptions))
        let names = valueOptions.union(tables.flatMap(\.flags)).sorted()
        let joined = valueOptions.sorted().flatMap { [$0 + "=", $0 + "=camping"] }
        return names + joined + [
            "5", "5", "12", "3-7", "1,4,9-11", "0", "-1", "-", "--", "abc", "", " ", "7-",
            "9223372036854775807", "x.db", "camping", "-lcamping", "-qq", "tent", "json", "ids",
            "text", "xml", "--format=ids", "always", "never", "auto", "--color=always", "--bogus",
            "-x", "=", "--=", "--all=1", "-Q", "é", "-é", "--generate-completion-script", "check",
            "list",
        ]
    }()

    /// The table names what the fast path reads by hand today: were an option missing from
    /// it, the generated lines would never try it.
    @Test func theVocabularyHasEveryOptionTheFastPathReads() {
        for name in [
            "--db", "-l", "--list", "-q", "--quiet", "--ignore-missing", "--all", "--checked",
            "--unchecked", "--all-checked", "--match", "--format", "--color", "--pick", "-h",
            "--help", "--watch",
        ] {
            #expect(Self.vocabulary.contains(name), "\(name)")
        }
    }

    private static let commands: [[String]] = [
        ["check"], ["uncheck"], ["toggle"], ["count"], ["list"], ["ls"], [],
        ["--db", "x.db", "check"],
        ["-l", "camping", "list"], ["delete"], ["sync"],
    ]

    @Test func generatedLinesAreDeclinedOrAgree() throws {
        let seed =
            ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var generator = SplitMix(seed: seed)
        var (taken, declined, disagreements) = (0, 0, 0)
        for _ in 0..<2000 {
            let command = Self.commands[generator.next(Self.commands.count)]
            let line =
                command
                + (0..<generator.next(6)).map { _ in
                    Self.vocabulary[generator.next(Self.vocabulary.count)]
                }
            let (fast, parsed) = Self.both(line)
            guard let fast else {
                declined += 1
                continue
            }
            taken += 1
            if fast != parsed {
                disagreements += 1
                Issue.record(
                    "seed \(seed): \(line)\nfast path:\n\(fast)\nArgumentParser:\n\(parsed)")
                if disagreements > 3 { return }
            }
        }
        // Both ways are exercised: many lines the fast path builds, many it leaves.
        #expect(taken > 300, "seed \(seed): the fast path took only \(taken) lines")
        #expect(declined > 300, "seed \(seed): the fast path declined only \(declined) lines")
    }
}
