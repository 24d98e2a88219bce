import Foundation
import Testing

/// The README's examples are a test: every `$ ` line of a `sh` block runs, in order, in one
/// folder with a fresh default database, and prints exactly the lines that follow it (stdout
/// and stderr in one stream). A README that drifts from the program fails here.
@Suite(.runsProcesses) struct ReadmeExampleTests {
    @Test func everyReadmeExampleRunsAsShown() throws {
        let examples = ReadmeExample.all(in: try readme())
        #expect(examples.count >= 40, "the parser found \(examples.count) examples")
        let cli = try CLI()
        let home = cli.folder.appendingPathComponent("home").path
        for example in examples {
            let result = try cli.asUser(example.commandLine)
            let shown = ReadmeExample.normalized(
                result.stdout.replacingOccurrences(of: home, with: "/home/me"))
            #expect(
                shown == ReadmeExample.normalized(example.output),
                "README.md:\(example.line): $ \(example.commandLine)")
            #expect(
                result.status == example.status,
                "README.md:\(example.line): $ \(example.commandLine)\n\(result.stdout)")
        }
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

    private func readme() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        return try String(contentsOf: url, encoding: .utf8)
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
