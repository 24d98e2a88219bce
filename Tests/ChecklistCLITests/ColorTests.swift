import Foundation
import Testing

/// `--color`, `NO_COLOR` and `TERM=dumb`, through a pseudo-terminal made by util-linux's
/// `script` and through pipes.
@Suite(.runsProcesses, .needs(.script, .sqlite3)) final class ColorTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try cli.run(["add", "-q", "-"], stdin: Data((1...8).map { "old \($0)\n" }.joined().utf8))
        try cli.run("delete", "-q", "1-8")
        try cli.run("add", "-q", "Tent", "Stove", "Map \u{1B}[31m")
        try cli.run("check", "-q", "10")
    }

    @Test func aColourTerminalAlignsIDsAndSetsCheckedItemsApart() throws {
        let screen = try onTerminal("\"$CHECKLIST\" list")
        #expect(
            screen == "[ ]  9 Tent\n\u{1B}[32m[x]\u{1B}[0m \u{1B}[2m10 Stove\u{1B}[0m\n"
                + "[ ] 11 Map \\u{1B}[31m\n1 of 3 checked\n")
    }

    // Layout on a terminal (v3, clarified): no colour, the same columns.
    @Test(arguments: ["NO_COLOR=1 ", "TERM=dumb ", ""])
    func withoutColourTheTerminalKeepsTheLayout(_ environment: String) throws {
        let option = environment.isEmpty ? " --color never" : ""
        let screen = try onTerminal(environment + "\"$CHECKLIST\" list" + option)
        #expect(
            screen == "[ ]  9 Tent\n[x] 10 Stove\n[ ] 11 Map \\u{1B}[31m\n1 of 3 checked\n")
    }

    @Test func aPipeGetsTheV1BytesAndAlwaysColoursEvenThere() throws {
        #expect(try cli.run("list").stdout == "[ ] 9 Tent\n[x] 10 Stove\n[ ] 11 Map \u{1B}[31m\n")
        let always = try cli.run(
            ["list", "--color", "always"], stdin: Data(), environment: ["NO_COLOR": "1"])
        #expect(always.stdout.contains("\u{1B}[32m[x]\u{1B}[0m \u{1B}[2m10 Stove"))
        #expect(always.stdout.contains("[ ] 11 Map \\u{1B}[31m\n"))
    }

    /// Up to 10,000 rows are held to find the widest ID shown; a longer coloured list streams
    /// in the width of the largest ID among the items listed. That is the widest ID shown,
    /// unless `--match` leaves it out.
    @Test(.fileOnly) func aLongColouredListStreamsInTheWidthOfTheLargestIDListed() throws {
        let titles = (1...10_001).map { "Item \($0)\n" }.joined()
        try cli.run(["add", "-q", "-l", "long", "-"], stdin: Data(titles.utf8))
        try cli.run("lists", "add", "-q", "far")
        try insert(id: 123_456, title: "Far", list: "far", position: 1)

        let long = try cli.run("list", "-l", "long", "--color", "always").stdout
        let lines = long.split(separator: "\n")
        #expect(lines.count == 10_001)
        #expect(lines.first == "[ ]    12 Item 1", "an ID in another list does not widen it")
        #expect(lines.last == "[ ] 10012 Item 10001")
        let short = try cli.run("list", "--color", "always").stdout
        #expect(short.hasPrefix("[ ]  9 Tent\n"))

        try insert(id: 200_000, title: "Far", list: "long", position: 10_002)
        let matched = try cli.run("list", "-l", "long", "--match", "item", "--color", "always")
        let matchedLines = matched.stdout.split(separator: "\n")
        #expect(matchedLines.count == 10_001)
        #expect(matchedLines.first == "[ ]     12 Item 1", "streamed: wide enough for ID 200000")
    }

    /// An item with an ID of its own, written with sqlite3 (the program never skips IDs).
    private func insert(id: Int, title: String, list: String, position: Int) throws {
        let sql = """
            INSERT INTO items (id, listId, title, isSelected, position, createdAt, updatedAt)
            SELECT \(id), id, '\(title)', 0, \(position), createdAt, updatedAt FROM lists
            WHERE name = '\(list)'
            """
        #expect(try cli.pipeline("sqlite3 \"$CHECKLIST_DB\" \"\(sql)\"").status == 0)
    }

    @Test func listsAreColouredOnATerminalAndPlainInAPipe() throws {
        #expect(try cli.run("lists").stdout == "default  1/3\n")
        let screen = try onTerminal("\"$CHECKLIST\" lists")
        #expect(screen == "\u{1B}[1mdefault\u{1B}[0m  1/3\n")
    }

    @Test(.fileOnly) func historyTextShowsLocalTimeToTheMinuteAndJSONKeepsUTC() throws {
        let text = try cli.run(
            ["history", "--limit", "1"], stdin: Data(), environment: ["TZ": "Asia/Kolkata"])
        let json = try cli.run("history", "--limit", "1", "--format", "json").stdout
        guard let range = json.range(of: #"[0-9-]{10}T[0-9:]{5}"#, options: .regularExpression)
        else {
            Issue.record("no UTC timestamp in \(json)")
            return
        }
        #expect(json.contains(#"Z","description""#))
        // India is UTC+05:30, with no daylight saving time.
        let utc = String(json[range])
        var parts = DateComponents()
        parts.year = Int(utc.prefix(4))
        parts.month = Int(utc.dropFirst(5).prefix(2))
        parts.day = Int(utc.dropFirst(8).prefix(2))
        parts.hour = Int(utc.dropFirst(11).prefix(2))
        parts.minute = Int(utc.dropFirst(14).prefix(2))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        guard let date = calendar.date(from: parts) else { return }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = TimeZone(secondsFromGMT: 19800)
        #expect(text.stdout == "4  \(formatter.string(from: date))  me  checked 1 item (ID 10)\n")
    }

    /// Runs a shell command line on a pseudo-terminal (TERM=xterm unless the line sets it) and
    /// returns what the screen shows, with the terminal's CR LF turned back into LF.
    /// A title's bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE and the rest) are shown
    /// escaped on a terminal, as control characters are, so they reorder nothing on the row;
    /// a pipe gets the stored bytes (v1).
    @Test func bidiControlsInATitleAreEscapedOnATerminalOnly() throws {
        try cli.run("add", "-q", "Rope \u{202E}]x[\u{202C} \u{2067}x\u{2069}")
        let screen = try onTerminal("\"$CHECKLIST\" list --color never")
        #expect(
            screen.contains("[ ] 12 Rope \\u{202E}]x[\\u{202C} \\u{2067}x\\u{2069}\n"), "\(screen)")
        #expect(
            !screen.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
        #expect(
            try cli.run("list").stdout.hasSuffix(
                "[ ] 12 Rope \u{202E}]x[\u{202C} \u{2067}x\u{2069}\n"))
    }

    private func onTerminal(_ commandLine: String) throws -> String {
        let result = try cli.pipeline("TERM=xterm script -qec '\(commandLine)' /dev/null")
        #expect(result.status == 0)
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }
}

/// The root's help, which ArgumentParser prints from our discussion text.
@Suite(.runsProcesses) struct RootHelpTests {
    @Test func rootHelpListsTheExitStatuses() throws {
        let help = try CLI().run("--help").stdout
        for status in [
            "0 success", "1 a confirmation", "3 an ID or list", "64 usage", "65 not a", "74 the",
        ] {
            #expect(help.contains(status), "\(status)")
        }
    }
}
