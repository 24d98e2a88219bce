import Foundation
import Testing

/// `export` and `import` through the binary.
@Suite(.runsProcesses) final class TransferTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func markdownExportIsAGitHubTaskList() throws {
        try sampleLists()
        let result = try cli.run("export", "--all")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                ## camping

                - [ ] Map
                - [x] Tent
                - [ ]   Stove "gas" 🔥
                - [x] '); DROP TABLE items; --

                ## empty

                ## tents
                <!-- checklist: mode=single -->

                - [ ] Big
                - [x] Small

                """)
    }

    @Test func exportWithoutAllExportsOneList() throws {
        try sampleLists()
        #expect(
            try cli.run("export", "-l", "tents").stdout
                == "## tents\n<!-- checklist: mode=single -->\n\n- [ ] Big\n- [x] Small\n")
        #expect(try cli.run("export", "-l", "nope").status == 3)
    }

    @Test(arguments: ["markdown", "json"])
    func exportThenImportIntoAnEmptyDatabaseReproducesTheLists(_ format: String) throws {
        try sampleLists()
        let exported = try cli.run("export", "--all", "--format", format).stdout
        let copy = try CLI()

        let imported = try copy.run(["import", "-"], stdin: Data(exported.utf8))

        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stderr == "imported 6 items into camping, empty, tents\n")
        #expect(try withoutIDsAndTimes(copy) == withoutIDsAndTimes(cli))
        #expect(
            try copy.run("lists", "--format", "json").stdout
                == cli.run("lists", "--format", "json").stdout)
        #expect(try copy.run("export", "--all", "--format", format).status == 0)
        #expect(try copy.run("export", "--all").stdout == cli.run("export", "--all").stdout)
    }

    @Test func jsonExportHasTheListsAndTheContractsItems() throws {
        try sampleLists()
        let json = try cli.run("export", "-l", "tents", "--format", "json").stdout
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let lists = try #require(object["lists"] as? [[String: String]])
        #expect(lists == [["name": "tents", "mode": "single"]])
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Big", "Small"])
        #expect(
            items.map { Set($0.keys) }.allSatisfy {
                $0 == ["id", "list", "title", "isSelected", "position", "createdAt", "updatedAt"]
            })
    }

    @Test func listJSONOutputImportsToo() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent", "Stove")
        try cli.run("check", "-q", "2")
        let json = try cli.run("list", "--all", "--format", "json").stdout
        let copy = try CLI()
        #expect(try copy.run(["import", "-"], stdin: Data(json.utf8)).status == 0)
        #expect(try copy.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n[x] 2 Stove\n")
    }

    @Test func importListPutsEveryItemIntoOneList() throws {
        let file = "## a\n- [ ] one\n## b\n- [x] two\n"
        let result = try cli.pipeline(
            "checklist import tasks.md --list inbox", files: ["tasks.md": file])
        #expect(result.status == 0)
        #expect(try cli.run("list", "-l", "inbox").stdout == "[ ] 1 one\n[x] 2 two\n")
        #expect(try cli.run("lists", "--format", "ids").stdout == "inbox\n")
    }

    @Test func importAppendsToAnExistingListAndKeepsItsMode() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run(
            ["import", "-"],
            stdin: Data("## camping\n<!-- checklist: mode=single -->\n- [ ] Map\n".utf8))
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n[ ] 2 Map\n")
        #expect(try cli.run("lists").stdout == "camping  0/2\n")
    }

    @Test func tasksBeforeAnyHeadingGoToTheCurrentList() throws {
        let result = try cli.run(
            ["import", "-"], stdin: Data("- [ ] Tent\n".utf8),
            environment: ["CHECKLIST_LIST": "camping"])
        #expect(result.status == 0)
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n")
    }

    @Test(arguments: [
        ("## a\n- [ ] ok\nnot a task\n", "line 3 of the import file: expected a task line"),
        ("[\n{\"title\": \"ok\"},\n{\"title\": 5}\n]\n", "line 3 of the import file: "),
        (
            "[\n{\"title\": \"ok\"},\n{\"checked\": true, \"title\": \"x\"}\n]\n",
            "line 3 of the import file: "
        ),
        ("{\"items\": [\n{\"title\": \"ok\"}\n", "line 2 of the import file: "),
    ])
    func aMalformedFileChangesNothingAndNamesItsFirstBadLine(_ file: String, _ message: String)
        throws
    {
        try cli.run("add", "-q", "Tent")
        let before = try cli.databaseBytes()
        let result = try cli.run(["import", "-"], stdin: Data(file.utf8))
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("checklist: " + message), "\(result.stderr)")
        // Markdown that `--lenient` would take says so; JSON does not.
        let hint =
            file.hasPrefix("##") ? " (import --lenient takes the task lines of any Markdown)" : ""
        #expect(result.stderr.hasSuffix("; nothing was imported\(hint)\n"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try cli.databaseBytes() == before)
    }

    @Test(arguments: ["markdown", "json"])
    func listsWhoseNamesDifferOnlyInBytesSurviveARoundTrip(_ format: String) throws {
        try cli.run("add", "-q", "-l", "caf\u{E9}", "one")
        try cli.run("add", "-q", "-l", "cafe\u{301}", "two")
        let exported = try cli.run("export", "--all", "--format", format).stdout
        let copy = try CLI()
        #expect(try copy.run(["import", "-"], stdin: Data(exported.utf8)).status == 0)
        #expect(try copy.run("export", "--all").stdout == cli.run("export", "--all").stdout)
        #expect(try copy.run("lists").stdout == cli.run("lists").stdout)
        #expect(try copy.run("count", "-l", "caf\u{E9}").stdout == "0 1\n")
    }

    @Test func aSingleListCheckingTwoItemsIsAMalformedFile() throws {
        let file =
            "## tents\n<!-- checklist: mode=single -->\n- [x] Big\n- [ ] Bivvy\n- [x] Small\n"
        let result = try cli.run(["import", "-"], stdin: Data(file.utf8))
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "checklist: line 5 of the import file: list 'tents' takes one checked item"
                + " (mode single), and this is a second one; nothing was imported\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func aMissingFileCannotBeRead() throws {
        let result = try cli.run("import", "nope.md")
        #expect(result.status == 74)
        #expect(result.stderr == "checklist: cannot read nope.md: No such file or directory\n")
    }

    // MARK: - Helpers

    /// camping: Map, Tent (checked), "  Stove \"gas\" 🔥", an SQL-looking title (checked);
    /// empty: no items; tents (single): Big, Small (checked). Camping's order comes from moves.
    private func sampleLists() throws {
        try cli.run(
            "add", "-q", "-l", "camping", "Tent", "  Stove \"gas\" 🔥", "'); DROP TABLE items; --",
            "Map")
        try cli.run("move", "-q", "4", "--to", "1")
        try cli.run("check", "-q", "1,3")
        try cli.run("lists", "add", "-q", "empty")
        try cli.run("lists", "add", "-q", "tents", "--mode", "single")
        try cli.run("add", "-q", "-l", "tents", "Big", "Small")
        try cli.run("check", "-q", "6")
    }

    /// Every item as JSON without the fields an import renews.
    private func withoutIDsAndTimes(_ cli: CLI) throws -> [[String: String]] {
        let json = try cli.run("list", "--all", "--format", "json").stdout
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return items.map { item in
            [
                "list": item["list"] as? String ?? "", "title": item["title"] as? String ?? "",
                "isSelected": "\(item["isSelected"] as? Bool ?? false)",
                "position": "\(item["position"] as? Int ?? 0)",
            ]
        }
    }

    @Test func importingNothingCreatesNoDatabase() throws {
        let result = try cli.run(["import", "-"], stdin: Data())
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "imported 0 items\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

}
