import Foundation
import Testing

/// The documentation's examples are a test: in README.md and in each page under docs/, every
/// `$ ` line of a `sh` block runs, in order, in one folder of that page's own with a fresh
/// default database, and prints exactly the lines that follow it (stdout and stderr in one
/// stream). A page that drifts from the program fails here.
@Suite(.runsProcesses) struct ReadmeExampleTests {
    @Test func everyExampleOfTheReadmeAndTheManualRunsAsShown() throws {
        var count = 0
        for page in try Documentation.pages() {
            let examples = ReadmeExample.all(in: try Documentation.text(page))
            count += examples.count
            guard !examples.isEmpty else { continue }
            let cli = try CLI()
            let home = cli.folder.appendingPathComponent("home").path
            for example in examples {
                let result = try cli.asUser(example.commandLine)
                let shown = ReadmeExample.normalized(
                    result.stdout.replacingOccurrences(of: home, with: "/home/me"))
                #expect(
                    shown == ReadmeExample.normalized(example.output),
                    "\(page):\(example.line): $ \(example.commandLine)")
                #expect(
                    result.status == example.status,
                    "\(page):\(example.line): $ \(example.commandLine)\n\(result.stdout)")
            }
        }
        #expect(count >= 40, "the parser found \(count) examples")
    }

    /// Every relative link of the README and the manual leads somewhere: the file exists, and
    /// an anchor names a heading of it.
    @Test func everyRelativeLinkResolves() throws {
        var checked = 0
        let root = Documentation.root.standardized.path + "/"
        for page in try Documentation.linkedPages() {
            let folder = Documentation.root.appendingPathComponent(page)
                .deletingLastPathComponent()
            for link in Documentation.relativeLinks(in: try Documentation.text(page)) {
                checked += 1
                let path = String(link.target.prefix { $0 != "#" })
                let anchor =
                    link.target.contains("#")
                    ? String(link.target.drop { $0 != "#" }.dropFirst()) : nil
                let target =
                    path.isEmpty
                    ? page
                    : folder.appendingPathComponent(path).standardized.path
                        .replacingOccurrences(of: root, with: "")
                let exists = FileManager.default.fileExists(
                    atPath: Documentation.root.appendingPathComponent(target).path)
                #expect(exists, "\(page):\(link.line): \(link.target) leads to no file")
                if exists, let anchor, target.hasSuffix(".md") {
                    #expect(
                        Documentation.anchors(in: try Documentation.text(target)).contains(anchor),
                        "\(page):\(link.line): \(target) has no heading #\(anchor)")
                }
            }
        }
        #expect(checked > 0)
    }

    @Test func theLinkCheckerReadsTargetsAndAnchors() {
        let text = """
            See [the manual](docs/manual/01-a.md#a-heading), [far](https://example.org) and
            `[not](a-link)`.
            ```sh
            [nor](this)
            ```
            ## A heading: with `code`, twice
            ## A heading: with `code`, twice
            """
        #expect(
            Documentation.relativeLinks(in: text).map(\.target) == ["docs/manual/01-a.md#a-heading"]
        )
        #expect(
            Documentation.anchors(in: text)
                == ["a-heading-with-code-twice", "a-heading-with-code-twice-1"])
    }

    @Test func theParserReadsCommandsOutputsAndStatuses() {
        let text = """
            ```sh
            $ checklist add Tent
            1
            added 1 item to default
            $ checklist rm 9          # all or nothing (exit 3)
            checklist: no item with ID 9
            ```
            ```sh
            swift build
            ```
            """
        let examples = ReadmeExample.all(in: text)
        #expect(
            examples == [
                ReadmeExample(
                    line: 2, commandLine: "checklist add Tent",
                    output: "1\nadded 1 item to default\n", status: 0),
                ReadmeExample(
                    line: 5, commandLine: "checklist rm 9          # all or nothing (exit 3)",
                    output: "checklist: no item with ID 9\n", status: 3),
            ])
    }

    @Test func timestampsMatchByPattern() {
        #expect(
            ReadmeExample.normalized("40  2026-11-23T09:12:44.318Z  checked")
                == ReadmeExample.normalized("41  2025-01-01T00:00:00.000Z  checked")
                .replacingOccurrences(of: "41", with: "40"))
        #expect(ReadmeExample.normalized("2026-11-23") == "2026-11-23", "dates alone stay")
        #expect(
            ReadmeExample.normalized("22  2026-11-23 11:39  moved")
                == ReadmeExample.normalized("22  2025-01-01 00:00  moved"))
        #expect(ReadmeExample.normalized("at 2026-11-23 11:39") == "at 2026-11-23 11:39")
    }
}

/// One `$ command` of the README with the output shown under it.
struct ReadmeExample: Equatable {
    /// The 1-based line of the `$`.
    var line: Int
    var commandLine: String
    var output: String
    /// 0, or the N of an `(exit N)` in the command's comment.
    var status: Int32

    static func all(in text: String) -> [ReadmeExample] {
        var examples: [ReadmeExample] = []
        var inShellBlock = false
        var current: Int?  // the example whose output the next lines are
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.hasPrefix("```") {
                inShellBlock = !inShellBlock && line == "```sh"
                current = nil
                continue
            }
            guard inShellBlock else { continue }
            if line.hasPrefix("$ ") {
                let commandLine = String(line.dropFirst(2))
                examples.append(
                    ReadmeExample(
                        line: index + 1, commandLine: commandLine, output: "",
                        status: status(in: commandLine)))
                current = examples.count - 1
            } else if let current {
                examples[current].output += line + "\n"
            }
        }
        return examples
    }

    private static func status(in commandLine: String) -> Int32 {
        guard let range = commandLine.range(of: #"\(exit [0-9]+\)"#, options: .regularExpression)
        else { return 0 }
        return Int32(commandLine[range].dropFirst(6).dropLast()) ?? -1
    }

    /// Timestamps (ISO 8601 with milliseconds) become a placeholder: they are the one thing an
    /// example cannot repeat.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z"#,
            with: "<time>", options: .regularExpression
        ).replacingOccurrences(
            // `history` text: local time to the minute.
            of: #"(?m)^([0-9]+  )[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}  "#,
            with: "$1<minute>  ", options: .regularExpression)
    }
}
