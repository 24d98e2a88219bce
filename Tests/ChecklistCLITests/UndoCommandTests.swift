import Foundation
import Testing

/// `undo` and `history` through the binary: each command a new process, so every undo here
/// also crosses a process restart.
@Suite(.runsProcesses) final class UndoCommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    static let mutatingCommands: [[String]] = [
        ["add", "-l", "camping", "Lamp", "Rope"],
        ["add", "-l", "groceries", "Milk"],
        ["add", "-l", "tents", "--checked", "Hammock"],
        ["check", "1,3"],
        ["check", "6"],
        ["check", "--all", "-l", "camping"],
        ["uncheck", "--all", "-l", "tents"],
        ["toggle", "1-4"],
        ["toggle", "--all", "-l", "camping"],
        ["delete", "2,4"],
        ["delete", "--checked", "-l", "tents"],
        ["rm", "1-6"],
        ["rename", "1", "Big tent"],
        ["move", "3", "--to", "1"],
        ["move", "2", "--list", "tents"],
        ["lists", "add", "empty", "--mode", "single"],
        ["lists", "rename", "camping", "trip"],
        ["lists", "delete", "camping", "--force"],
        ["lists", "mode", "camping", "single"],
        ["lists", "mode", "tents", "multiple"],
        ["import", "-"],
    ]

    @Test(arguments: mutatingCommands)
    func undoRestoresTheExactPriorJSON(_ command: [String]) throws {
        try campingAndTents()
        let before = try everything()
        let changed = try cli.run(
            command + ["-q"], stdin: Data("## camping\n- [x] Compass\n".utf8))
        #expect(changed.status == 0, "\(changed)")
        #expect(try everything() != before)

        let undone = try cli.run("undo")

        #expect(undone.status == 0)
        #expect(undone.stderr.hasPrefix("undid change "))
        #expect(try everything() == before)
    }

    @Test func undoWalksBackAndThenHasNothingLeft() throws {
        try cli.run("add", "-q", "Tent", "Stove")
        let added = try everything()
        try cli.run("check", "-q", "1")
        try cli.run("delete", "-q", "1-2")

        #expect(try cli.run("undo").stderr == "undid change 3: deleted 2 items (IDs 1, 2)\n")
        #expect(try cli.run("undo").stderr == "undid change 2: checked 1 item (ID 1)\n")
        #expect(try everything() == added)
        try cli.run("undo", "-q")
        let nothing = try cli.run("undo")
        #expect(nothing.status == 3)
        #expect(
            nothing.stderr
                == "checklist: nothing to undo: no change is recorded (see `checklist history`)\n")
    }

    @Test func undoOnAMissingDatabaseCreatesNothing() throws {
        #expect(try cli.run("undo").status == 3)
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func undoBringsBackDeletedItemsWithTheirIDs() throws {
        try cli.run("add", "-q", "Tent", "Stove", "Map")
        try cli.run("check", "-q", "2")
        let before = try cli.run("list", "--format", "json").stdout
        try cli.run("delete", "-q", "--checked")
        try cli.run("undo", "-q")
        #expect(try cli.run("list", "--format", "json").stdout == before)
        #expect(try cli.run("list").stdout == "[ ] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n")
    }

    @Test func undoGoesBackTwentyFiveSteps() throws {
        try cli.run("add", "-q", "Tent")
        let start = try everything()
        for _ in 0..<25 { try cli.run("toggle", "-q", "1") }
        for _ in 0..<25 { #expect(try cli.run("undo", "-q").status == 0) }
        #expect(try everything() == start)
    }

    @Test(.fileOnly) func historyListsTheChangesNewestFirst() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent", "Stove")
        try cli.run("check", "-q", "2")
        let text = try cli.run("history").stdout
        let lines = text.split(separator: "\n").map {
            // Text shows the local time to the minute (ColorTests pins the time itself).
            $0.replacing(#/  \d{4}-\d\d-\d\d \d\d:\d\d  /#, with: " | ")
        }
        #expect(
            lines == [
                "2 | me  checked 1 item (ID 2)", "1 | me  added 2 items to 'camping' (IDs 1, 2)",
            ])
        let json = try cli.run("history", "--format", "json").stdout
        let changes = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(changes.map { $0["command"] as? String } == ["check", "add"])
        #expect(changes.map { $0["itemCount"] as? Int } == [1, 2])
        #expect(try cli.run("history", "--format", "ids").stdout == "2\n1\n")
        #expect(try cli.run("history", "--limit", "1", "--format", "ids").stdout == "2\n")
    }

    @Test(.fileOnly) func changesRecordTheirAuthorAndUndoRevertsYourOwn() throws {
        let ana = ["LOGNAME": "ana"], ben = ["LOGNAME": "ben", "USER": "ana"]
        try cli.run(["add", "-q", "Tent", "Stove", "Map"], stdin: Data(), environment: ana)
        try cli.run(["check", "-q", "1"], stdin: Data(), environment: ana)
        try cli.run(["check", "-q", "3"], stdin: Data(), environment: ben)

        let text = try cli.run("history").stdout
            .replacing(#/  \d{4}-\d\d-\d\d \d\d:\d\d  /#, with: " | ")
        #expect(
            text == """
                3 | ben  checked 1 item (ID 3)
                2 | ana  checked 1 item (ID 1)
                1 | ana  added 3 items to 'default' (IDs 1-3)

                """)
        let json = try cli.run("history", "--format", "json").stdout
        let changes = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(changes.map { $0["author"] as? String } == ["ben", "ana", "ana"])

        let undone = try cli.run(["undo"], stdin: Data(), environment: ana)
        #expect(undone.status == 0)
        #expect(undone.stderr == "undid change 2: checked 1 item (ID 1)\n")
        #expect(try checkedIDs() == "3\n")
    }

    @Test(.fileOnly) func undoOverAnotherAuthorsLaterChangeExits75AndChangesNothing() throws {
        let ana = ["LOGNAME": "ana"], ben = ["LOGNAME": "ben"]
        try cli.run(["add", "-q", "Tent", "Stove"], stdin: Data(), environment: ana)
        try cli.run(["check", "-q", "1-2"], stdin: Data(), environment: ana)
        try cli.run(["uncheck", "-q", "2"], stdin: Data(), environment: ben)
        let before = try everything()
        let history = try cli.run("history", "--format", "json").stdout

        let refused = try cli.run(["undo"], stdin: Data(), environment: ana)

        #expect(refused.status == 75)
        #expect(
            refused.stderr
                == "checklist: cannot undo change 2 (checked 2 items (IDs 1, 2)): change 3 by ben"
                + " (unchecked 1 item (ID 2)) has since changed the same items;"
                + " nothing changed (`checklist undo --anyone` reverts the newest change first)\n")
        #expect(try everything() == before)
        #expect(try cli.run("history", "--format", "json").stdout == history)

        let anyone = try cli.run(["undo", "--anyone"], stdin: Data(), environment: ana)
        #expect(anyone.status == 0)
        #expect(anyone.stderr == "undid change 3: unchecked 1 item (ID 2)\n")
        #expect(try cli.run(["undo"], stdin: Data(), environment: ana).status == 0)
        #expect(try checkedIDs() == "")
    }

    @Test(.fileOnly) func aLoginNameWithAControlCharacterIsPassedOver() throws {
        try cli.run(
            ["add", "-q", "Tent"], stdin: Data(), environment: ["LOGNAME": "ev\nil", "USER": "ana"])
        let text = try cli.run("history").stdout
        #expect(text.split(separator: "\n").count == 1, "\(text)")
        #expect(text.contains("  ana  added 1 item"), "\(text)")
    }

    @Test(.fileOnly) func anAuthorWithNothingOfTheirsToUndoExits3() throws {
        try cli.run(["add", "-q", "Tent"], stdin: Data(), environment: ["LOGNAME": "ana"])
        let result = try cli.run(["undo"], stdin: Data(), environment: ["LOGNAME": "carl"])
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "checklist: nothing to undo by carl: the change recorded was made by someone"
                + " else (`checklist undo --anyone` reverts the newest of all)\n")
    }

    @Test func historyOnAMissingDatabaseIsEmpty() throws {
        let result = try cli.run("history")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    // MARK: - Helpers

    private func checkedIDs() throws -> String {
        try cli.run("list", "--checked", "--format", "ids").stdout
    }

    /// camping: 1 Tent, 2 Stove, 3 Map; tents (single): 4 Big, 5 Small (checked), 6 Bivvy.
    private func campingAndTents() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent", "Stove", "Map")
        try cli.run("lists", "add", "-q", "tents", "--mode", "single")
        try cli.run("add", "-q", "-l", "tents", "Big", "Small", "Bivvy")
        try cli.run("check", "-q", "5")
    }

    /// Every item and every list, as the program prints them.
    private func everything() throws -> String {
        try cli.run("list", "--all", "--format", "json").stdout
            + cli.run("lists", "--format", "json").stdout
    }
}
