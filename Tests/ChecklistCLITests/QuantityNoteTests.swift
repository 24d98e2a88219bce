import Foundation
import Testing

/// Quantities and notes (contract v5) through the binary: `add --quantity --note`, `set`, the
/// text, JSON and Markdown that show them, and the imports that read them.
@Suite(.runsProcesses) final class QuantityNoteTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// The keys of an item with neither a quantity nor a note: exactly v4's.
    static let v4Keys: Set<String> = [
        "createdAt", "id", "isSelected", "list", "position", "title", "updatedAt",
    ]

    /// Options `add` and `set` refuse: 64, one line, nothing changed.
    static let badOptions: [[String]] = [
        ["--quantity", "0"], ["--quantity", "10000"], ["--quantity", "two"],
        ["--quantity", "1.5"], ["--note", "borrow\nBen's"], ["--note", "borrow\r\nBen's"],
        ["--note", String(repeating: "a", count: 1001)],
        ["--quantity", "5", "--note", "two\nlines"],
    ]

    // MARK: - add

    @Test func addSetsTheQuantityAndTheNoteOnEveryItemItAdds() throws {
        let added = try cli.run("add", "Socks", "Gloves", "--quantity", "2", "--note", "pack last")
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "1\n2\n")
        let piped = try cli.run("add", "-", "--quantity", "3", stdin: "Pegs\nRope\n")
        #expect(piped.stdout == "3\n4\n")
        #expect(
            try cli.run("list").stdout
                == "[ ] 1 Socks ×2 — pack last\n[ ] 2 Gloves ×2 — pack last\n"
                + "[ ] 3 Pegs ×3\n[ ] 4 Rope ×3\n")
    }

    // MARK: - Text and JSON

    @Test func textShowsTheQuantityAfterTheTitleAndTheNoteAfterAnEmDash() throws {
        try fourItems()
        let result = try cli.run("list")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        // U+00D7 before the quantity; space, U+2014, space before the note.
        let expected =
            "[ ] 1 Socks \u{D7}5 \u{2014} borrow Ben's\n[x] 2 Tent \u{2014} ours has a hole\n"
            + "[ ] 3 Pegs \u{D7}12\n[ ] 4 Map\n"
        #expect(result.stdoutBytes == Data(expected.utf8))
    }

    @Test func aListWithNeitherPrintsExactlyWhatV4Printed() throws {
        try cli.run("add", "-q", "Tent", "Stove")
        try cli.run("check", "-q", "2")
        let v4Text = "[ ] 1 Tent\n[x] 2 Stove\n"
        #expect(try cli.run("list").stdoutBytes == Data(v4Text.utf8))
        #expect(try keySets() == [Self.v4Keys, Self.v4Keys])

        // Set and then set back to the defaults: v4's bytes and keys again.
        try cli.run("set", "-q", "1-2", "--quantity", "4", "--note", "spare")
        try cli.run("set", "-q", "1-2", "--quantity", "1", "--note", "")
        #expect(try cli.run("list").stdoutBytes == Data(v4Text.utf8))
        #expect(try keySets() == [Self.v4Keys, Self.v4Keys])
        #expect(try cli.run("export").stdout == "## default\n\n- [ ] Tent\n- [x] Stove\n")
    }

    @Test func jsonCarriesQuantityAndNoteOnlyWhereSetInSortedKeyOrder() throws {
        try fourItems()
        let items = try jsonItems("list", "--format", "json")
        #expect(
            items.map { Set($0.keys) } == [
                Self.v4Keys.union(["note", "quantity"]), Self.v4Keys.union(["note"]),
                Self.v4Keys.union(["quantity"]), Self.v4Keys,
            ])
        #expect(items.map { $0["quantity"] as? Int } == [5, nil, 12, nil])
        #expect(
            items.map { $0["note"] as? String } == ["borrow Ben's", "ours has a hole", nil, nil])

        for arguments in [["list", "--format", "json"], ["export", "--format", "json"]] {
            let json = try cli.run(arguments, stdin: Data()).stdout
            for fragment in [
                #""note":"borrow Ben's","position":1,"quantity":5,"title":"Socks","#,
                #""list":"default","note":"borrow Ben's","position":1,"#,
                #""list":"default","note":"ours has a hole","position":2,"title":"Tent","#,
                #""list":"default","position":3,"quantity":12,"title":"Pegs","#,
                #""list":"default","position":4,"title":"Map","#,
            ] {
                #expect(json.contains(fragment), "\(arguments): \(json)")
            }
        }
    }

    // MARK: - set

    @Test func setTakesRangesAndCommaListsAndSaysWhatItSet() throws {
        try cli.run("add", "-q", "Socks", "Tent", "Pegs")
        let quantity = try cli.run("set", "1-3", "--quantity", "2")
        #expect(quantity.status == 0, "\(quantity)")
        #expect(quantity.stdout == "")
        #expect(quantity.stderr == "set quantity of 3 items to 2\n")

        let note = try cli.run("set", "2", "--note", "borrow Ben's")
        #expect(note.status == 0, "\(note)")
        #expect(note.stderr == "set note of 1 item to 'borrow Ben's'\n")

        let both = try cli.run("set", "1,3", "--quantity", "5", "--note", "x")
        #expect(both.status == 0, "\(both)")
        #expect(both.stderr == "set quantity of 2 items to 5 and note to 'x'\n")

        #expect(
            try cli.run("list").stdout
                == "[ ] 1 Socks ×5 — x\n[ ] 2 Tent ×2 — borrow Ben's\n[ ] 3 Pegs ×5 — x\n")
    }

    @Test func setReadsIDsFromStdin() throws {
        try cli.run("add", "-q", "Socks", "Tent", "Pegs")
        let result = try cli.run("set", "-", "--quantity", "3", stdin: "1\n3\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "set quantity of 2 items to 3\n")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks ×3\n[ ] 2 Tent\n[ ] 3 Pegs ×3\n")
    }

    @Test func anEmptyNoteClearsTheNoteAndKeepsTheQuantity() throws {
        try cli.run("add", "-q", "Tent", "--quantity", "2", "--note", "ours has a hole")
        let result = try cli.run("set", "1", "--note", "")
        #expect(result.status == 0, "\(result)")
        #expect(try cli.run("list").stdout == "[ ] 1 Tent ×2\n")
        let item = try #require(try jsonItems("list", "--format", "json").first)
        #expect(!item.keys.contains("note"))
        #expect(item["quantity"] as? Int == 2)
    }

    @Test(arguments: [["set", "1"], ["set", "1", "-q"], ["set", "--quantity", "2"]])
    func setWithoutAnOptionOrWithoutIDsIsAUsageError(_ arguments: [String]) throws {
        try cli.run("add", "-q", "Tent")
        let before = try cli.databaseBytes()
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("checklist: "), "\(result.stderr)")
        #expect(result.stderr.utf8.filter { $0 == 0x0A }.count == 1, "one line: \(result.stderr)")
        #expect(try cli.databaseBytes() == before)
    }

    @Test func setOfAMissingIDExits3AsCheckDoesAndChangesNothing() throws {
        try cli.run("add", "-q", "Socks", "Tent")
        let before = try cli.databaseBytes()
        let checked = try cli.run("check", "1-2,7,9")
        #expect(checked.status == 3)

        for options in [["--quantity", "2"], ["--note", "x"]] {
            let result = try cli.run(["set", "1-2,7,9"] + options, stdin: Data())
            #expect(result.status == 3, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr == checked.stderr)
            #expect(try cli.databaseBytes() == before)
        }
        let piped = try cli.run("set", "-", "--quantity", "2", stdin: "1\n44\n")
        #expect(piped.status == 3)
        #expect(try cli.databaseBytes() == before)
    }

    @Test func ignoreMissingSetsTheItemsThatExist() throws {
        try cli.run("add", "-q", "Socks", "Tent")
        let result = try cli.run("set", "--ignore-missing", "2,40-41", "--quantity", "2")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("set quantity of 1 item to 2"), "\(result.stderr)")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks\n[ ] 2 Tent ×2\n")
    }

    @Test func setIsOneChangeInHistoryAndUndoRestoresTheItems() throws {
        try cli.run("add", "-q", "Socks", "Tent")
        try cli.run("set", "-q", "1", "--note", "old")
        let before = try everything()

        try cli.run("set", "-q", "1-2", "--quantity", "3", "--note", "x")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks ×3 — x\n[ ] 2 Tent ×3 — x\n")
        #expect(try cli.run("history", "--format", "ids").stdout == "3\n2\n1\n")
        let history = try cli.run("history").stdout
        #expect(history.contains("set quantity of 2 items to 3 and note to 'x'\n"), "\(history)")
        #expect(history.contains("set note of 1 item to 'old'\n"), "\(history)")

        let undone = try cli.run("undo")
        #expect(undone.status == 0)
        #expect(undone.stderr == "undid change 3: set quantity of 2 items to 3 and note to 'x'\n")
        #expect(try everything() == before)
        #expect(try cli.run("list").stdout == "[ ] 1 Socks — old\n[ ] 2 Tent\n")
        #expect(try cli.run("undo").stderr == "undid change 2: set note of 1 item to 'old'\n")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks\n[ ] 2 Tent\n")
    }

    // MARK: - Bad input

    @Test(arguments: badOptions)
    func addRefusesABadQuantityOrNote(_ options: [String]) throws {
        try cli.run("add", "-q", "Tent")
        let before = try cli.databaseBytes()
        let result = try cli.run(["add", "Socks"] + options, stdin: Data())
        try expectUsageError(result, before: before)
    }

    @Test(arguments: badOptions)
    func setRefusesABadQuantityOrNote(_ options: [String]) throws {
        try cli.run("add", "-q", "Tent", "Socks", "--quantity", "2", "--note", "spare")
        let before = try cli.databaseBytes()
        let result = try cli.run(["set", "1-2"] + options, stdin: Data())
        try expectUsageError(result, before: before)
        #expect(try cli.run("list").stdout == "[ ] 1 Tent ×2 — spare\n[ ] 2 Socks ×2 — spare\n")
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        #expect(try cli.run("add", "-q", "Socks", "--quantity", "9999").status == 0)
        #expect(try cli.run("list").stdout == "[ ] 1 Socks ×9999\n")
        #expect(try cli.run("set", "-q", "1", "--quantity", "1").status == 0)
        #expect(try cli.run("list").stdout == "[ ] 1 Socks\n")

        // 1,000 characters, whatever their bytes: "é" is two bytes in UTF-8.
        let notes = [String(repeating: "a", count: 1000), String(repeating: "\u{E9}", count: 1000)]
        for note in notes {
            let result = try cli.run("set", "1", "--note", note)
            #expect(result.status == 0, "\(result.status) \(result.stderr.prefix(200))")
            #expect(try jsonItems("list", "--format", "json").first?["note"] as? String == note)
        }
        let added = try cli.run("add", "Tent", "--note", String(repeating: "b", count: 1000))
        #expect(added.status == 0)
    }

    // MARK: - Export and import

    @Test func markdownExportWritesTheQuantityOnTheTaskLineAndTheNoteBelowIt() throws {
        try fourItems()
        let result = try cli.run("export")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                ## default

                - [ ] Socks ×5
                  > borrow Ben's
                - [x] Tent
                  > ours has a hole
                - [ ] Pegs ×12
                - [ ] Map

                """)
    }

    @Test func aTitleEndingLikeAQuantityIsExportedWithAnExplicitOne() throws {
        try cli.run("add", "-q", "Pack ×2")
        #expect(try cli.run("list").stdout == "[ ] 1 Pack ×2\n")
        let item = try #require(try jsonItems("list", "--format", "json").first)
        #expect(Set(item.keys) == Self.v4Keys)
        #expect(try cli.run("export").stdout == "## default\n\n- [ ] Pack ×2 ×1\n")
        try cli.run("set", "-q", "1", "--quantity", "3")
        #expect(try cli.run("export").stdout == "## default\n\n- [ ] Pack ×2 ×3\n")
    }

    @Test(arguments: ["markdown", "json"])
    func exportThenImportIntoAnEmptyDatabaseKeepsTitlesQuantitiesAndNotes(_ format: String)
        throws
    {
        try trickyLists()
        let exported = try cli.run("export", "--all", "--format", format)
        #expect(exported.status == 0)
        let copy = try CLI()

        let imported = try copy.run(["import", "-"], stdin: Data(exported.stdout.utf8))

        #expect(imported.status == 0, "\(imported)")
        #expect(try fields(copy) == fields(cli))
        #expect(
            try copy.run("lists", "--format", "json").stdout
                == cli.run("lists", "--format", "json").stdout)
        #expect(try copy.run("export", "--all").stdout == cli.run("export", "--all").stdout)
    }

    @Test func jsonImportReadsQuantityAndNote() throws {
        let file = """
            [
            {"note":"borrow Ben's","quantity":5,"title":"Socks"},
            {"title":"Tent"}
            ]

            """
        let result = try cli.run(["import", "-"], stdin: Data(file.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks ×5 — borrow Ben's\n[ ] 2 Tent\n")
    }

    @Test func markdownImportReadsTheProgramsOwnSyntax() throws {
        let file = "## camping\n\n- [ ] Socks ×5\n  > borrow Ben's\n- [x] Pack ×2 ×1\n- [ ] Map\n"
        let result = try cli.run(["import", "-"], stdin: Data(file.utf8))
        #expect(result.status == 0, "\(result)")
        #expect(
            try cli.run("list", "-l", "camping").stdout
                == "[ ] 1 Socks ×5 — borrow Ben's\n[x] 2 Pack ×2\n[ ] 3 Map\n")
        let items = try jsonItems("list", "-l", "camping", "--format", "json")
        #expect(items.map { $0["title"] as? String } == ["Socks", "Pack ×2", "Map"])
        #expect(items.map { $0["quantity"] as? Int } == [5, nil, nil])
    }

    @Test func lenientImportOfPeoplesMarkdownInventsNeither() throws {
        let file = "# Trip\n\nPack these.\n\n- [ ] Socks ×5\n- [ ] Tent\n  borrow Ben's\n"
        let result = try cli.pipeline(
            "checklist import --lenient trip.md", files: ["trip.md": file])
        #expect(result.status == 0, "\(result)")
        let items = try jsonItems("list", "--all", "--format", "json")
        #expect(items.allSatisfy { Set($0.keys) == Self.v4Keys }, "\(items)")
        // The indented line is the task's wrapped title, as lenient import always read it.
        #expect(
            try cli.run("list", "-l", "Trip").stdout == "[ ] 1 Socks ×5\n[ ] 2 Tent borrow Ben's\n")
    }

    // MARK: - match and lists copy

    @Test func matchFindsWordsOfTheNote() throws {
        try cli.run("add", "-q", "Tent", "--note", "borrow Ben's")
        try cli.run("add", "-q", "Stove", "--note", "gas")
        try cli.run("add", "-q", "Map", "--note", "BEN knows the way")
        #expect(try cli.run("list", "--match", "ben", "--format", "ids").stdout == "1\n3\n")
        #expect(
            try cli.run("list", "--match", "ben").stdout
                == "[ ] 1 Tent — borrow Ben's\n[ ] 3 Map — BEN knows the way\n")
        #expect(try cli.run("count", "--match", "ben").stdout == "0 2\n")
        #expect(try cli.run("list", "--match", "tent", "--format", "ids").stdout == "1\n")
    }

    @Test func listsCopyKeepsQuantitiesAndNotes() throws {
        try cli.run(
            "add", "-q", "-l", "camping", "Socks", "--quantity", "5", "--note", "borrow Ben's")
        try cli.run("add", "-q", "-l", "camping", "--checked", "Tent", "--note", "ours has a hole")
        try cli.run("add", "-q", "-l", "camping", "Pegs", "--quantity", "12")
        let copied = try cli.run("lists", "copy", "camping", "trip")
        #expect(copied.status == 0, "\(copied)")
        #expect(
            try cli.run("list", "-l", "trip").stdout
                == "[ ] 4 Socks ×5 — borrow Ben's\n[x] 5 Tent — ours has a hole\n[ ] 6 Pegs ×12\n")
    }

    // MARK: - Helpers

    /// 1 Socks ×5 with a note; 2 Tent (checked) with a note; 3 Pegs ×12; 4 Map.
    private func fourItems() throws {
        try cli.run("add", "-q", "Socks", "--quantity", "5", "--note", "borrow Ben's")
        try cli.run("add", "-q", "--checked", "Tent", "--note", "ours has a hole")
        try cli.run("add", "-q", "Pegs", "--quantity", "12")
        try cli.run("add", "-q", "Map")
    }

    /// Titles and notes that look like the Markdown's own syntax, in two lists.
    private func trickyLists() throws {
        let camping = ["add", "-q", "-l", "camping"]
        let socks = ["Socks", "--quantity", "5", "--note", "borrow Ben's, ours has a hole"]
        try cli.run(camping + socks, stdin: Data())
        try cli.run(camping + ["Pack ×2", "Stove ×1", "Rope ×", "  Lamp"], stdin: Data())
        try cli.run(
            camping + ["Pack ×2", "--quantity", "3", "--note=- [ ] not a task"], stdin: Data())
        try cli.run(camping + ["--checked", "Tent", "--note", "## not a heading"], stdin: Data())
        try cli.run("lists", "add", "-q", "tents", "--mode", "single")
        try cli.run("add", "-q", "-l", "tents", "--checked", "Big", "--quantity", "9999")
        try cli.run("add", "-q", "-l", "tents", "Small", "--note", "ask Ana ×2")
    }

    /// Every item's fields as JSON gives them, without those an import renews (ID and times);
    /// a key that is absent stays absent.
    private func fields(_ cli: CLI) throws -> [[String: String]] {
        try jsonItems(in: cli, "list", "--all", "--format", "json").map { item in
            var kept: [String: String] = [:]
            for (key, value) in item where !["id", "createdAt", "updatedAt"].contains(key) {
                kept[key] = "\(value)"
            }
            return kept
        }
    }

    /// The keys of each item of the current list's JSON.
    private func keySets() throws -> [Set<String>] {
        try jsonItems("list", "--format", "json").map { Set($0.keys) }
    }

    /// Every item and every list, as the program prints them.
    private func everything() throws -> String {
        try cli.run("list", "--all", "--format", "json").stdout
            + cli.run("lists", "--format", "json").stdout
    }

    private func jsonItems(_ arguments: String...) throws -> [[String: Any]] {
        try jsonItems(in: cli, arguments)
    }

    private func jsonItems(in cli: CLI, _ arguments: String...) throws -> [[String: Any]] {
        try jsonItems(in: cli, arguments)
    }

    private func jsonItems(in cli: CLI, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 0, "\(arguments): \(result)")
        return try #require(
            try JSONSerialization.jsonObject(with: result.stdoutBytes) as? [[String: Any]])
    }

    /// 64 with one line on stderr, nothing on stdout, and the database as it was.
    private func expectUsageError(_ result: CLI.Result, before: Data) throws {
        #expect(result.status == 64, "\(result.status) \(result.stderr.prefix(200))")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("checklist: "), "\(result.stderr.prefix(200))")
        #expect(result.stderr.utf8.filter { $0 == 0x0A }.count == 1, "one line")
        #expect(result.stderr.hasSuffix("\n"))
        #expect(try cli.databaseBytes() == before)
    }
}
