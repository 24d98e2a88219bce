import Foundation
import Testing

@Suite(.runsProcesses) final class CommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    // MARK: - add

    @Test func addPrintsTheNewIDsOnStdoutAndASummaryOnStderr() throws {
        let result = try cli.run("add", "Tent", "Stove")
        #expect(result.status == 0)
        #expect(result.stdout == "1\n2\n")
        #expect(result.stderr == "added 2 items to default\n")
    }

    @Test func addReadsTitlesFromStdinSkippingBlankLines() throws {
        let result = try cli.run("add", "-", stdin: "Tent\n\n   \nStove\nMap")
        #expect(result.stdout == "1\n2\n3\n")
        #expect(try titles() == ["Tent", "Stove", "Map"])
    }

    @Test func addCheckedAddsCheckedItems() throws {
        try cli.run("add", "--checked", "Tent")
        #expect(try cli.run("list").stdout == "[x] 1 Tent\n")
    }

    @Test func addCreatesAMissingList() throws {
        try cli.run("add", "--list", "camping", "Tent")
        #expect(try cli.run("lists").stdout == "camping  0/1\n")
    }

    @Test func doubleDashLetsATitleStartWithADash() throws {
        try cli.run("add", "--", "-5 degrees sleeping bag")
        #expect(try titles() == ["-5 degrees sleeping bag"])
    }

    @Test func optionsMayComeAnywhereAfterTheSubcommand() throws {
        try cli.run("add", "Tent", "-l", "camping", "--quiet", "Stove", "--db", cli.databasePath)
        #expect(try cli.run("list", "--list", "camping").stdout == "[ ] 1 Tent\n[ ] 2 Stove\n")
    }

    // MARK: - list

    @Test func listShowsItemsInPositionOrder() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        let result = try cli.run("list")
        #expect(result.status == 0)
        #expect(result.stdout == "[ ] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n")
        #expect(result.stderr == "")
    }

    @Test func lsIsAnAliasOfList() throws {
        try cli.run("add", "Tent")
        #expect(try cli.run("ls").stdout == "[ ] 1 Tent\n")
    }

    @Test func noSubcommandListsTheDefaultList() throws {
        try cli.run("add", "Tent")
        #expect(try cli.run([], stdin: Data()).stdout == "[ ] 1 Tent\n")
    }

    @Test func optionsWithoutASubcommandGoToList() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        #expect(try cli.run("-l", "camping", "--format", "ids").stdout == "1\n")
        #expect(try cli.run("--list=camping").stdout == "[ ] 1 Tent\n")
        #expect(try cli.run("--version").stdout == "1.0.0\n")
        let help = try cli.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS"))
    }

    @Test func listFiltersCheckedAndUnchecked() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "1,3")
        #expect(try cli.run("list", "--checked").stdout == "[x] 1 Tent\n[x] 3 Map\n")
        #expect(try cli.run("list", "--unchecked").stdout == "[ ] 2 Stove\n")
    }

    @Test func listAllShowsEveryListUnderItsName() throws {
        try cli.run("add", "-l", "groceries", "Milk")
        try cli.run("add", "-l", "camping", "Tent")
        #expect(
            try cli.run("list", "--all").stdout
                == "camping:\n[ ] 2 Tent\n\ngroceries:\n[ ] 1 Milk\n")
    }

    @Test func listUsesTheListFromTheEnvironmentUnlessTheFlagSaysOtherwise() throws {
        try cli.run("add", "-l", "camping", "Tent")
        try cli.run("add", "-l", "groceries", "Milk")
        let fromVariable = try cli.run("list", environment: ["CHECKLIST_LIST": "camping"])
        #expect(fromVariable.stdout == "[ ] 1 Tent\n")
        let flagWins = try cli.run(
            "list", "--list", "groceries", environment: ["CHECKLIST_LIST": "camping"])
        #expect(flagWins.stdout == "[ ] 2 Milk\n")
    }

    // MARK: - check, uncheck, toggle

    @Test func checkTakesIDsRangesAndMixes() throws {
        try cli.run("add", "-", stdin: (1...12).map { "item \($0)" }.joined(separator: "\n"))
        let result = try cli.run("check", "1,4,9-11", "12")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "checked 6 items\n")
        #expect(try checkedIDs() == "1\n4\n9\n10\n11\n12\n")
    }

    @Test func duplicateIDsCollapse() throws {
        try cli.run("add", "Tent", "Stove")
        #expect(try cli.run("check", "1", "1,1-2", "2").stderr == "checked 2 items\n")
    }

    @Test func checkingACheckedItemSaysSo() throws {
        try cli.run("add", "Tent", "Stove")
        try cli.run("check", "1")
        #expect(try cli.run("check", "1-2").stderr == "checked 1 item (1 already checked)\n")
    }

    @Test func checkAllChecksTheWholeList() throws {
        try cli.run("add", "Tent", "Stove")
        try cli.run("add", "-l", "groceries", "Milk")
        #expect(try cli.run("check", "--all").stderr == "checked 2 items\n")
        #expect(try checkedIDs() == "1\n2\n")
        #expect(try cli.run("count", "-l", "groceries").stdout == "0 1\n")
    }

    @Test func uncheckAllResetsTheList() throws {
        try cli.run("add", "--checked", "Tent", "Stove")
        let result = try cli.run("uncheck", "--all")
        #expect(result.stderr == "unchecked 2 items\n")
        #expect(try cli.run("count").stdout == "0 2\n")
    }

    @Test func uncheckTakesIDs() throws {
        try cli.run("add", "--checked", "Tent", "Stove")
        #expect(try cli.run("uncheck", "2").stderr == "unchecked 1 item\n")
        #expect(try checkedIDs() == "1\n")
    }

    @Test func toggleFlipsItems() throws {
        try cli.run("add", "Tent", "Stove")
        try cli.run("check", "1")
        #expect(try cli.run("toggle", "1-2").stderr == "toggled 2 items\n")
        #expect(try checkedIDs() == "2\n")
    }

    @Test func toggleAllInvertsTheList() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        try cli.run("toggle", "--all")
        #expect(try checkedIDs() == "1\n3\n")
    }

    @Test func idsAreGlobalWhateverListIsNamed() throws {
        try cli.run("add", "-l", "camping", "Tent")
        try cli.run("add", "-l", "groceries", "Milk")
        #expect(try cli.run("check", "--list", "camping", "2").status == 0)
        #expect(try cli.run("list", "-l", "groceries").stdout == "[x] 2 Milk\n")
    }

    @Test func quietDropsTheSummary() throws {
        let added = try cli.run("add", "-q", "Tent")
        #expect(added.stdout == "1\n")
        #expect(added.stderr == "")
        let checked = try cli.run("check", "--quiet", "1")
        #expect(checked.stdout == "")
        #expect(checked.stderr == "")
    }

    // MARK: - delete, rename, count, lists

    @Test func deleteRemovesItems() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        let result = try cli.run("delete", "1,3")
        #expect(result.stderr == "deleted 2 items\n")
        #expect(result.stdout == "")
        #expect(try cli.run("list").stdout == "[ ] 2 Stove\n")
    }

    @Test func rmIsAnAliasOfDelete() throws {
        try cli.run("add", "Tent")
        #expect(try cli.run("rm", "1").status == 0)
        #expect(try cli.run("list").stdout == "")
    }

    @Test func deleteCheckedDeletesTheCheckedItemsOfTheList() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("add", "-l", "groceries", "--checked", "Milk")
        try cli.run("check", "1,3")
        #expect(try cli.run("delete", "--checked").stderr == "deleted 2 items\n")
        #expect(try cli.run("list", "--all", "--format", "ids").stdout == "2\n4\n")
    }

    @Test func idsSurviveDeletionsAndAreNeverReused() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("delete", "2-3")
        #expect(try cli.run("add", "Lamp").stdout == "4\n")
        #expect(try cli.run("list").stdout == "[ ] 1 Tent\n[ ] 4 Lamp\n")
    }

    @Test func renameChangesTheTitle() throws {
        try cli.run("add", "Tent")
        let result = try cli.run("rename", "1", "Big tent")
        #expect(result.status == 0)
        #expect(result.stderr == "renamed item 1\n")
        #expect(try titles() == ["Big tent"])
    }

    @Test func renameTakesADashTitleAfterDoubleDash() throws {
        try cli.run("add", "Tent")
        try cli.run("rename", "1", "--", "-5 degrees")
        #expect(try titles() == ["-5 degrees"])
    }

    @Test func countPrintsCheckedAndTotal() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        #expect(try cli.run("count").stdout == "1 3\n")
        #expect(try cli.run("count", "--checked").stdout == "1\n")
        #expect(try cli.run("count", "--unchecked").stdout == "2\n")
    }

    @Test func listsShowsEachListWithItsCounts() throws {
        try cli.run("add", "-l", "camping", "Tent", "Stove")
        try cli.run("add", "-l", "groceries", "--checked", "Milk")
        try cli.run("check", "1")
        #expect(try cli.run("lists").stdout == "camping    1/2\ngroceries  1/1\n")
    }

    @Test func listsAsJSONGivesNameModeCheckedAndTotal() throws {
        try cli.run("add", "-l", "camping", "--checked", "Tent", "Stove")
        let lists = try #require(
            try JSONSerialization.jsonObject(
                with: Data(cli.run("lists", "--format", "json").stdout.utf8))
                as? [[String: Any]])
        #expect(lists.count == 1)
        #expect(lists[0]["name"] as? String == "camping")
        #expect(lists[0]["mode"] as? String == "multiple")
        #expect(lists[0]["checked"] as? Int == 2)
        #expect(lists[0]["total"] as? Int == 2)
    }

    // MARK: - Durability and pipes

    @Test(.needs(.sqlite3)) func selectionSurvivesRestarts() throws {
        try cli.run("add", "Tent", "Stove", "Map")
        // One process checks, another reads, and the file itself holds the selection.
        try cli.run("check", "1,3")
        #expect(try cli.run("list", "--checked", "--format", "ids").stdout == "1\n3\n")
        guard !CLI.usesServer else { return }  // the file's own bytes
        let raw = try cli.pipeline(
            "sqlite3 \"$CHECKLIST_DB\" 'SELECT id FROM items WHERE isSelected = 1'")
        #expect(raw.stdout == "1\n3\n")
    }

    @Test func checkedIDsPipeIntoDelete() throws {
        try cli.run("add", "Tent", "Stove", "Map", "Lamp")
        try cli.run("check", "2,4")
        let result = try cli.pipeline("checklist list --checked --format ids | checklist delete -")
        #expect(result.status == 0)
        #expect(result.stderr == "deleted 2 items\n")
        #expect(try cli.run("list", "--format", "ids").stdout == "1\n3\n")
    }

    @Test func stdinIDsMixWithArguments() throws {
        try cli.run("add", "a", "b", "c", "d", "e")
        try cli.run("check", "1", "-", stdin: "2 3\n4-5\n")
        #expect(try cli.run("count", "--checked").stdout == "5\n")
    }

    @Test func addedIDsPipeIntoDeleteOfANewDatabase() throws {
        let result = try cli.pipeline(
            "printf 'Tent\\nStove\\n' | checklist add - | checklist delete -")
        #expect(result.stderr == "added 2 items to default\ndeleted 2 items\n", "\(result)")
        #expect(try cli.run("count").stdout == "0 0\n")
    }

    @Test func addedIDsPipeIntoCheck() throws {
        let result = try cli.pipeline(
            "printf 'Tent\\nStove\\n' | checklist add - | checklist check -")
        #expect(result.stderr == "added 2 items to default\nchecked 2 items\n")
        #expect(try cli.run("count").stdout == "2 2\n")
    }

    // MARK: - Helpers

    private func titles() throws -> [String] {
        let data = Data(try cli.run("list", "--format", "json").stdout.utf8)
        let items = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return items.compactMap { $0["title"] as? String }
    }

    private func checkedIDs() throws -> String {
        try cli.run("list", "--checked", "--format", "ids").stdout
    }
}
