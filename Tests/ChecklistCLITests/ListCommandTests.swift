import Foundation
import Testing

/// `lists add|rename|delete|mode`, single-choice lists, `move`, and the scripting guards, through
/// the binary.
@Suite(.runsProcesses) final class ListCommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    // MARK: - Managing lists

    @Test func listsAddCreatesAnEmptyListWithItsMode() throws {
        let result = try cli.run("lists", "add", "tents", "--mode", "single")
        #expect(result.status == 0)
        #expect(result.stderr == "created list tents (single)\n")
        #expect(try cli.run("lists").stdout == "tents  0/0 (single)\n")
        #expect(
            try cli.run("lists", "--format", "json").stdout
                == "[\n{\"checked\":0,\"mode\":\"single\",\"name\":\"tents\",\"total\":0}\n]\n")
    }

    @Test func listsAddTakesDbAfterItsName() throws {
        let other = cli.folder.appendingPathComponent("other.db").path
        try cli.run("lists", "add", "--db", other, "x")
        #expect(try cli.run("lists", "--db", other).stdout == "x  0/0\n")
    }

    @Test func listsAddRefusesAnExistingName() throws {
        try cli.run("lists", "add", "camping")
        let result = try cli.run("lists", "add", "camping")
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "checklist: a list named 'camping' already exists; nothing changed"
                + " (pick another name, or see `checklist lists`)\n")
    }

    @Test func listNamesAreCaseSensitive() throws {
        try cli.run("lists", "add", "camping")
        #expect(try cli.run("lists", "add", "Camping").status == 0)
        #expect(try cli.run("lists", "--format", "ids").stdout == "Camping\ncamping\n")
    }

    @Test(arguments: [
        ["lists", "add", ""], ["lists", "add", "a\nb"], ["lists", "rename", "a", ""],
    ])
    func badListNamesAreUsageErrors(_ arguments: [String]) throws {
        try cli.run("lists", "add", "a")
        let before = try cli.databaseBytes()
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 64)
        #expect(try cli.databaseBytes() == before)
    }

    @Test func listsRenameKeepsTheItems() throws {
        try cli.run("add", "-l", "camping", "Tent")
        let result = try cli.run("lists", "rename", "camping", "trip")
        #expect(result.stderr == "renamed list camping to trip\n")
        #expect(try cli.run("list", "-l", "trip").stdout == "[ ] 1 Tent\n")
        #expect(try cli.run("list", "-l", "camping").status == 3)
        #expect(try cli.run("lists", "rename", "nope", "x").status == 3)
    }

    @Test func listsDeleteRefusesANonEmptyListUnlessForced() throws {
        try cli.run("add", "-l", "camping", "Tent", "Stove")
        let refused = try cli.run("lists", "delete", "camping")
        #expect(refused.status == 3)
        #expect(
            refused.stderr
                == "checklist: list 'camping' has 2 items; nothing changed"
                + " (pass --force to delete them with it)\n")
        let deleted = try cli.run("lists", "delete", "camping", "--force")
        #expect(deleted.status == 0)
        #expect(deleted.stderr == "deleted list camping with 2 items\n")
        #expect(try cli.run("lists").stdout == "")
        #expect(try cli.run("count", "--all").stdout == "0 0\n")
    }

    @Test func listsModeSwitchesAndRefusesSeveralCheckedUnlessKeep() throws {
        try cli.run("add", "-l", "tents", "--checked", "Big", "Small", "Bivvy")
        let refused = try cli.run("lists", "mode", "tents", "single")
        #expect(refused.status == 3)
        #expect(
            refused.stderr
                == "checklist: list 'tents' has several checked items (IDs 1-3), and a"
                + " single-choice list takes one; nothing changed"
                + " (pass --keep ID to keep one checked)\n")
        let kept = try cli.run("lists", "mode", "tents", "single", "--keep", "2")
        #expect(kept.status == 0)
        #expect(kept.stderr == "list tents is single (unchecked 2 items)\n")
        #expect(
            try cli.run("list", "-l", "tents").stdout == "[ ] 1 Big\n[x] 2 Small\n[ ] 3 Bivvy\n")
        #expect(try cli.run("lists", "mode", "tents", "multiple").status == 0)
        #expect(try cli.run("lists").stdout == "tents  1/3\n")
    }

    @Test func keepNamesTheCheckedItemToKeepAndNeverChecksAnother() throws {
        try cli.run("add", "-q", "Tent", "Stove", "Map")
        let before = try cli.run("list", "--format", "json").stdout
        let history = try cli.run("history").stdout
        let refused = try cli.run("lists", "mode", "default", "single", "--keep", "2")
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr
                == "checklist: --keep 2: item 2 is not checked; --keep names the checked item to"
                + " keep (check it first, or name a checked one)\n")
        #expect(try cli.run("list", "--format", "json").stdout == before)
        #expect(try cli.run("history").stdout == history)
        // Nor does it move the choice to an unchecked item.
        try cli.run("check", "1", "3")
        let moved = try cli.run("lists", "mode", "default", "single", "--keep", "2")
        #expect(moved.status == 64)
        #expect(try cli.run("list").stdout == "[x] 1 Tent\n[ ] 2 Stove\n[x] 3 Map\n")
    }

    @Test func listsModeTakesOnlyMultipleOrSingle() throws {
        try cli.run("lists", "add", "x")
        #expect(try cli.run("lists", "mode", "x", "several").status == 64)
    }

    // MARK: - Single-choice lists

    @Test func checkingAnItemOfASingleListUnchecksTheOthers() throws {
        try singleTents()
        try cli.run("check", "1")
        let result = try cli.run("check", "3")
        #expect(result.stderr == "checked 1 item (unchecked 1 item of a single-choice list)\n")
        #expect(
            try cli.run("list", "-l", "tents").stdout == "[ ] 1 Big\n[ ] 2 Small\n[x] 3 Bivvy\n")
    }

    @Test func checkingTwoItemsOfASingleListIsAUsageErrorAndChangesNothing() throws {
        try singleTents()
        try cli.run("check", "1")
        let before = try cli.databaseBytes()
        let result = try cli.run("check", "2,3")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: list 'tents' takes one checked item (mode single), and this would"
                + " check IDs 2, 3; nothing changed (name one of them)\n")
        #expect(try cli.databaseBytes() == before)
        #expect(try cli.run("check", "--all", "-l", "tents").status == 64)
    }

    @Test func addingSeveralCheckedItemsToASingleListIsRefused() throws {
        try singleTents()
        let result = try cli.run("add", "-l", "tents", "--checked", "a", "b")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: list 'tents' takes one checked item (mode single); nothing changed"
                + " (add one item --checked, or add them unchecked)\n")
    }

    @Test(.needs(.sqlite3)) func aSingleListNeverHasTwoCheckedItemsAfterRandomCommands() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        try cli.run("lists", "add", "tents", "--mode", "single")
        try cli.run("add", "-l", "tents", "-q", "Big", "Small", "Bivvy", "Tarp", "Hammock")
        try cli.run("add", "-l", "spare", "-q", "--checked", "Old tent", "Fly")
        let commands: [[String]] = [
            ["check"], ["uncheck"], ["toggle"], ["check", "--all", "-l", "spare"],
            ["toggle", "--all", "-l", "tents"], ["move", "--list", "tents"],
            ["move", "--list", "spare"], ["add", "-l", "tents", "--checked", "New"],
            ["lists", "mode", "spare", "single"], ["lists", "mode", "spare", "multiple"],
            ["undo"],
        ]
        for step in 0..<120 {
            var arguments = commands.randomElement(using: &random) ?? ["check"]
            let ids = (1...9).map(String.init)
            if arguments.count == 1 && arguments[0] != "undo" {
                let count = Int.random(in: 1...2, using: &random)
                arguments += [
                    (0..<count).map { _ in ids.randomElement(using: &random) ?? "1" }
                        .joined(separator: ","), "--ignore-missing",
                ]
            } else if arguments[0] == "move" {
                arguments.insert(ids.randomElement(using: &random) ?? "1", at: 1)
            }
            let result = try cli.run(arguments + ["-q"], stdin: Data())
            #expect([0, 3, 64].contains(result.status), "step \(step) \(arguments): \(result)")
            let doubled = try sqlite(
                """
                SELECT lists.name FROM lists JOIN items ON items.listId = lists.id
                WHERE lists.mode = 'single' GROUP BY lists.id HAVING sum(items.isSelected) > 1
                """)
            #expect(doubled == "", "seed \(seed) step \(step) \(arguments)")
            if !doubled.isEmpty { break }
        }
    }

    // MARK: - move

    @Test func moveToBeforeAndAfterReorderTheList() throws {
        try cli.run("add", "-l", "camping", "-q", "Tent", "Stove", "Map", "Lamp")
        #expect(
            try cli.run("move", "4", "--to", "1").stderr
                == "moved item 4 to position 1 of camping\n")
        try cli.run("move", "1", "--after", "3")
        try cli.run("move", "2", "--before", "4")
        #expect(try order("camping") == ["2", "4", "3", "1"])
        let json = try cli.run("list", "-l", "camping", "--format", "json").stdout
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(items.map { $0["position"] as? Int } == [1, 2, 3, 4])
    }

    @Test func positionsStayContiguousAfterADelete() throws {
        try cli.run("add", "-q", "a", "b", "c")
        try cli.run("delete", "2")
        let json = try cli.run("list", "--format", "json").stdout
        #expect(json.contains("\"id\":3,\"isSelected\":false,\"list\":\"default\",\"position\":2"))
    }

    @Test func moveListMovesAnItemIntoAnotherList() throws {
        try cli.run("add", "-l", "camping", "-q", "Tent", "Milk")
        try cli.run("add", "-l", "groceries", "-q", "Eggs")
        let result = try cli.run("move", "2", "--list", "groceries")
        #expect(result.stderr == "moved item 2 to position 2 of groceries\n")
        #expect(try order("groceries") == ["3", "2"])
        try cli.run("move", "2", "--to", "1", "-l", "camping")
        #expect(try order("camping") == ["2", "1"])
    }

    @Test func moveIgnoresTheListVariable() throws {
        try cli.run("add", "-l", "camping", "-q", "Tent", "Stove")
        try cli.run("add", "-l", "other", "-q", "x")
        let result = try cli.run(
            ["move", "2", "--to", "1"], stdin: Data(), environment: ["CHECKLIST_LIST": "other"])
        #expect(result.status == 0)
        #expect(try order("camping") == ["2", "1"])
    }

    @Test(arguments: [
        (["move", "1"], 64), (["move", "1", "--to", "0"], 64),
        (["move", "1", "--to", "1", "--after", "2"], 64), (["move", "1", "--before", "1"], 64),
        (["move", "x", "--to", "1"], 64), (["move", "9", "--to", "1"], 3),
        (["move", "1", "--to", "5"], 3), (["move", "1", "--list", "nope"], 3),
        (["move", "1", "--after", "9"], 3),
    ])
    func badMovesChangeNothing(_ arguments: [String], _ status: Int) throws {
        try cli.run("add", "-q", "a", "b", "c")
        let before = try cli.databaseBytes()
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == Int32(status), "\(result)")
        #expect(result.stderr.hasPrefix("checklist: "))
        #expect(try cli.databaseBytes() == before)
    }

    // MARK: - Guards for scripts

    @Test func deleteExpectDeletesOnlyTheExpectedCount() throws {
        try cli.run("add", "-q", "--checked", "a", "b", "c")
        let before = try cli.databaseBytes()
        let refused = try cli.run("delete", "--checked", "--expect", "2")
        #expect(refused.status == 3)
        #expect(
            refused.stderr
                == "checklist: this would delete 3 items, not the 2 that --expect says;"
                + " nothing changed\n")
        #expect(try cli.databaseBytes() == before)
        #expect(try cli.run("delete", "1-2", "--expect", "3").status == 3)
        #expect(try cli.run("delete", "--checked", "--expect", "3").status == 0)
        #expect(try cli.run("count").stdout == "0 0\n")
    }

    @Test func countAllCheckedExitsZeroOnlyWhenEverythingIsChecked() throws {
        try cli.run("add", "-q", "Tent", "Stove")
        try cli.run("check", "1")
        let unpacked = try cli.run("count", "--all-checked")
        #expect(unpacked.status == 1)
        #expect(unpacked.stdout == "1 2\n")
        #expect(unpacked.stderr == "")
        try cli.run("check", "2")
        let packed = try cli.run("count", "--all-checked")
        #expect(packed.status == 0)
        #expect(packed.stdout == "2 2\n")
        let script = try cli.pipeline(
            "if checklist count --all-checked >/dev/null; then echo packed; fi")
        #expect(script.stdout == "packed\n")
    }

    // MARK: - Helpers

    /// tents (single): 1 Big, 2 Small, 3 Bivvy.
    private func singleTents() throws {
        try cli.run("lists", "add", "tents", "--mode", "single")
        try cli.run("add", "-l", "tents", "-q", "Big", "Small", "Bivvy")
    }

    private func order(_ list: String) throws -> [String] {
        try cli.run("list", "-l", list, "--format", "ids").stdoutLines
    }

    private func sqlite(_ sql: String) throws -> String {
        try cli.pipeline("sqlite3 -readonly \"$CHECKLIST_DB\" \"\(sql)\"").stdout
    }
}

@Suite(.runsProcesses) final class ListNameTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func listsThatSwiftCallsEqualPrintUnderTwoHeadings() throws {
        // "é" as U+00E9 and as "e" + U+0301: two lists to SQLite and to `lists`.
        try cli.run("add", "-l", "\u{E9}t\u{E9}", "one")
        try cli.run("add", "-l", "e\u{301}te\u{301}", "two")
        #expect(try cli.run("lists", "--format", "ids").stdoutLines.count == 2)
        let listed = try cli.run("list", "--all").stdout
        #expect(
            Array(listed.utf8)
                == Array("e\u{301}te\u{301}:\n[ ] 2 two\n\n\u{E9}t\u{E9}:\n[ ] 1 one\n".utf8))
    }
}
