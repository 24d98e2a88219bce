import Foundation
import Testing

/// Output on a terminal, through a pseudo-terminal made by util-linux's `script`.
@Suite(.timeLimit(.minutes(2))) final class TerminalTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func aTerminalGetsACheckedOfTotalLine() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        let screen = try onTerminal("\"$CHECKLIST\" list")
        #expect(screen == "[ ] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n1 of 3 checked\n")
    }

    @Test func aPipeGetsNoCheckedOfTotalLine() throws {
        try cli.run("add", "Tent")
        let result = try cli.run("list")
        #expect(result.stderr == "")
    }

    @Test func escapeSequencesInTitlesAreShownEscapedOnATerminal() throws {
        try cli.run("add", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}osc", "\u{9B}2Jcsi")
        let screen = try onTerminal("\"$CHECKLIST\" list")
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

    /// Runs a shell command line on a pseudo-terminal and returns what the screen shows, with
    /// the terminal's CR LF turned back into LF.
    private func onTerminal(_ commandLine: String) throws -> String {
        let result = try cli.pipeline("script -qec '\(commandLine)' /dev/null")
        #expect(result.status == 0)
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
