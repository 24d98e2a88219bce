import Foundation
import Testing

/// Output on a terminal, through a pseudo-terminal made by util-linux's `script`.
@Suite(.runsProcesses, .needs(.script)) final class TerminalTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func aTerminalGetsACheckedOfTotalLine() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        let screen = try onTerminal("\"$CHECKLIST\" list --color never")
        #expect(screen == "[ ] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n1 of 3 checked\n")
    }

    @Test func aPipeGetsNoCheckedOfTotalLine() throws {
        try cli.run("add", "Tent")
        let result = try cli.run("list")
        #expect(result.stderr == "")
    }

    @Test func escapeSequencesInTitlesAreShownEscapedOnATerminal() throws {
        try cli.run("add", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}osc", "\u{9B}2Jcsi")
        let screen = try onTerminal("NO_COLOR=1 \"$CHECKLIST\" list")
        #expect(
            screen == "[ ] 1 \\u{1B}[31mred\\u{1B}[0m\n[ ] 2 \\u{1B}]0;title\\u{7}osc\n"
                + "[ ] 3 \\u{9B}2Jcsi\n0 of 3 checked\n")
        #expect(!screen.contains("\u{1B}"))
    }

    @Test func escapeSequencesStayRawInJSONAndPipes() throws {
        try cli.run("add", "\u{1B}[31mred")
        #expect(try cli.run("list").stdout == "[ ] 1 \u{1B}[31mred\n")
        #expect(try cli.run("list", "--format", "json").stdout.contains("\"\\u001b[31mred\""))
    }

    @Test func exportAndHistoryShowEscapeSequencesEscapedOnATerminal() throws {
        try cli.run("add", "-l", "\u{1B}[2Jlist", "\u{1B}[31mred")
        let export = try onTerminal("\"$CHECKLIST\" export --all")
        #expect(export == "## \\u{1B}[2Jlist\n\n- [ ] \\u{1B}[31mred\n")
        let history = try onTerminal("\"$CHECKLIST\" history")
        #expect(history.hasSuffix("added 1 item to '\\u{1B}[2Jlist' (ID 1)\n"), "\(history)")
        #expect(!export.contains("\u{1B}") && !history.contains("\u{1B}"))
        // A file gets the bytes.
        #expect(try cli.run("export", "--all").stdout.contains("- [ ] \u{1B}[31mred\n"))
    }

    // MARK: - Confirming big deletes

    @Test func aBigDeleteOnATerminalAsksAndNoChangesNothing() throws {
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let before = try cli.databaseBytes()
        let screen = try onTerminal("\"$CHECKLIST\" delete 1-11", typing: "n", status: 1)
        #expect(screen == "n\nDelete 11 items? [y/N] checklist: not confirmed; nothing changed\n")
        #expect(try cli.databaseBytes() == before)
    }

    @Test func aBigDeleteOnATerminalGoesAheadOnYes() throws {
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let screen = try onTerminal(
            "\"$CHECKLIST\" delete --checked --yes; \"$CHECKLIST\" check --all -q; \"$CHECKLIST\" rm --checked",
            typing: "y")
        #expect(screen.hasSuffix("Delete 12 items? [y/N] deleted 12 items\n"), "\(screen)")
        #expect(try cli.run("count").stdout == "0 0\n")
    }

    @Test func yesSkipsTheQuestion() throws {
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let screen = try onTerminal("\"$CHECKLIST\" delete 1-12 --yes")
        #expect(screen == "deleted 12 items\n")
    }

    @Test func tenItemsOrFewerAreDeletedWithoutAQuestion() throws {
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let screen = try onTerminal("\"$CHECKLIST\" delete 1-10")
        #expect(screen == "deleted 10 items\n")
    }

    @Test func withoutATerminalThereIsNeverAQuestion() throws {
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let result = try cli.run("delete", "1-12")
        #expect(result.status == 0)
        #expect(result.stderr == "deleted 12 items\n")
    }

    @Test func aTerminalWithoutATerminalStdinIsNotAsked() throws {
        // stderr is the terminal, stdin a file: nobody could type an answer.
        try cli.run(["add", "-q", "-"], stdin: Data(twelveTitles.utf8))
        let screen = try onTerminal("\"$CHECKLIST\" delete 1-12 < /dev/null")
        #expect(screen == "deleted 12 items\n")
    }

    @Test func deletingABigListOnATerminalAsksToo() throws {
        try cli.run(["add", "-q", "-l", "camping", "-"], stdin: Data(twelveTitles.utf8))
        let screen = try onTerminal(
            "\"$CHECKLIST\" lists delete camping --force", typing: "n", status: 1)
        #expect(screen.contains("Delete list camping and its 12 items? [y/N] "))
        #expect(try cli.run("count", "-l", "camping").stdout == "0 12\n")
    }

    private let twelveTitles = (1...12).map { "item \($0)\n" }.joined()

    /// Runs a shell command line on a pseudo-terminal and returns what the screen shows, with
    /// the terminal's CR LF turned back into LF.
    /// `typing` is sent to the terminal as a line.
    private func onTerminal(_ commandLine: String, typing: String? = nil, status: Int32 = 0)
        throws -> String
    {
        let input = typing.map { "printf '\($0)\\n' | " } ?? ""
        let result = try cli.pipeline(input + "script -qec '\(commandLine)' /dev/null")
        #expect(result.status == status)
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
