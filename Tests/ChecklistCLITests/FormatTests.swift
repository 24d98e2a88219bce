import Foundation
import GRDB
import Testing

@Suite(.runsProcesses) final class FormatTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func jsonHasExactlyTheContractsKeysAndTypes() throws {
        try cli.run("add", "-l", "camping", "Tent", "Stove")
        try cli.run("check", "2")
        let items = try jsonItems("list", "-l", "camping", "--format", "json")
        #expect(items.count == 2)
        for item in items {
            #expect(
                Set(item.keys) == [
                    "id", "list", "title", "isSelected", "position", "createdAt", "updatedAt",
                ])
        }
        #expect(items[1]["id"] as? Int == 2)
        #expect(items[1]["list"] as? String == "camping")
        #expect(items[1]["title"] as? String == "Stove")
        #expect(items[1]["isSelected"] as? Bool == true)
        #expect(items[0]["isSelected"] as? Bool == false)
        #expect(items[1]["position"] as? Int == 2)
        for key in ["createdAt", "updatedAt"] {
            let stamp = try #require(items[1][key] as? String)
            #expect(stamp.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            #expect(formatter.date(from: stamp) != nil)
        }
    }

    @Test func jsonBooleansAreTrueAndFalseNotNumbers() throws {
        try cli.run("add", "--checked", "Tent")
        #expect(try cli.run("list", "--format", "json").stdout.contains("\"isSelected\":true"))
    }

    @Test func anEmptyListIsAnEmptyJSONArray() throws {
        #expect(try cli.run("list", "--format", "json").stdout == "[]\n")
    }

    @Test func jsonOfAllListsNamesEachItemsList() throws {
        try cli.run("add", "-l", "a", "one")
        try cli.run("add", "-l", "b", "two")
        let items = try jsonItems("list", "--all", "--format", "json")
        #expect(items.compactMap { $0["list"] as? String } == ["a", "b"])
    }

    /// In a pipe, `list` writes each title and list name as stored, straight from SQLite's row:
    /// control characters, tabs, leading spaces and any script come out byte for byte, and
    /// two lists whose names differ only in normalisation get a heading each.
    @Test func pipedTextIsTheStoredBytesWithAHeadingPerListName() throws {
        let titles = [
            "\u{1B}[31mred\u{1B}[0m", "a\tb", "  padded", "\u{1F469}\u{200D}\u{1F467} caf\u{E9}",
        ]
        try cli.run(
            ["add", "-l", "caf\u{E9}", "-"],
            stdin: Data((titles.joined(separator: "\n") + "\n").utf8))
        try cli.run("add", "-l", "cafe\u{301}", "Tent")
        try cli.run("check", "2", "5")
        let list = try cli.run("list", "-l", "caf\u{E9}")
        #expect(list.status == 0)
        #expect(list.stderr == "")
        let expected =
            "[ ] 1 \u{1B}[31mred\u{1B}[0m\n[x] 2 a\tb\n[ ] 3   padded\n"
            + "[ ] 4 \u{1F469}\u{200D}\u{1F467} caf\u{E9}\n"
        #expect(list.stdoutBytes == Data(expected.utf8))
        let all = try cli.run("list", "--all", "--color", "never")
        // Sorted by name bytewise: "cafe" + U+0301 before "caf\u{E9}".
        #expect(
            all.stdoutBytes == Data(("cafe\u{301}:\n[x] 5 Tent\n\ncaf\u{E9}:\n" + expected).utf8))
        #expect(try cli.run("list", "--all", "--format", "ids").stdout == "5\n1\n2\n3\n4\n")
        #expect(
            try cli.run("list", "--all", "--checked").stdout
                == "cafe\u{301}:\n[x] 5 Tent\n\ncaf\u{E9}:\n[x] 2 a\tb\n")
    }

    /// A title another program stored with bytes that are not UTF-8: a pipe gets them as they
    /// are, and `--match` reads each bad sequence as U+FFFD, as the String path does.
    @Test(.fileOnly) func aTitleThatIsNotUTF8ComesOutAsStoredAndMatchesAsReplaced() throws {
        try cli.run("add", "Tent", "Stove")
        try DatabaseQueue(path: cli.databasePath).write { db in
            try db.execute(
                sql: "UPDATE items SET title = CAST(x'636166c3207374' AS TEXT) WHERE id = 2")
        }
        #expect(
            try cli.run("list").stdoutBytes == Data("[ ] 1 Tent\n[ ] 2 caf".utf8) + Data([0xC3])
                + Data(" st\n".utf8))
        let match = try cli.run("list", "--match", "caf\u{FFFD} S", "--format", "ids")
        #expect(match.stdout == "2\n")
        #expect(try cli.run("list", "--match", "caf\u{E9}").stdout == "")
        // JSON is UTF-8: there the bad byte is a U+FFFD, as a decoded title would show it.
        let json = try cli.run("list", "--format", "json", "--match", "caf")
        #expect(json.stdout.contains("\"title\":\"caf\u{FFFD} st\""))
        let parsed = try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [[String: Any]]
        #expect(parsed?.first?["title"] as? String == "caf\u{FFFD} st")
    }

    @Test func idsFormatIsOneIDALine() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        #expect(try cli.run("list", "--format", "ids").stdout == "1\n2\n3\n")
    }

    @Test(arguments: [
        "Robert'); DROP TABLE items;--", "\"double\" and 'single' quotes", "日本語のテント 🏕️",
        "e\u{301} combining", "שלום עולם", "back\\slash", "  spaces kept  ", "tab\tinside",
        "%s %d {0} $(echo no)", "\u{1B}[31mred\u{1B}[0m", "zero\u{200B}width", "🇫🇷🏳️‍🌈",
    ])
    func titlesRoundTripByteExact(_ title: String) throws {
        let id = try cli.run("add", title).stdout.trimmingCharacters(in: .newlines)
        let items = try jsonItems("list", "--format", "json")
        #expect(items.first { "\($0["id"] ?? "")" == id }?["title"] as? String == title)
        let text = try cli.run("list")
        #expect(text.stdoutBytes == Data("[ ] \(id) \(title)\n".utf8), "piped text stays raw")
        guard !CLI.usesServer else { return }  // the file's own bytes
        let raw = try cli.pipeline("sqlite3 \"$CHECKLIST_DB\" 'SELECT hex(title) FROM items'")
        #expect(raw.stdout == Data(title.utf8).map { String(format: "%02X", $0) }.joined() + "\n")
    }

    @Test func sqlLookingTitlesLeaveTheSchemaAlone() throws {
        try cli.run("add", "x'); DROP TABLE items; --", "'; DELETE FROM lists; --")
        #expect(try cli.run("count").stdout == "0 2\n")
    }

    private func jsonItems(_ arguments: String...) throws -> [[String: Any]] {
        let data = Data(try cli.run(arguments, stdin: Data()).stdout.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }
}
