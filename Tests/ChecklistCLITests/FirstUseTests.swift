import Foundation
import Testing

/// What a new user ran into, each now a line of the contract's v2 additions (issue 10).
@Suite(.runsProcesses) final class FirstUseTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    // MARK: - Input and output failures

    @Test(arguments: [["export", "--all"], ["list"], ["count"], ["list", "--format", "json"]])
    func aFullDiskOnStandardOutputIsAnError(_ arguments: [String]) throws {
        try cli.run("add", "Tent")
        let result = try cli.pipeline("checklist \(arguments.joined(separator: " ")) > /dev/full")
        #expect(result.status == 74)
        #expect(
            result.stderr == "checklist: cannot write to standard output: No space left on device\n"
        )
    }

    @Test func addWhoseIDsCannotBeWrittenKeepsTheItemsAndNamesThem() throws {
        try cli.run("add", "Tent")
        let result = try cli.pipeline("checklist add -q Stove Map > /dev/full")
        #expect(result.status == 74)
        #expect(
            result.stderr
                == "checklist: cannot write to standard output: No space left on device;"
                + " the items were added (IDs 2, 3); `checklist undo` removes them\n")
        #expect(try cli.run("count").stdout == "0 3\n")
        #expect(try cli.run("undo").status == 0)
        #expect(try cli.run("count").stdout == "0 1\n")
    }

    @Test func aClosedStandardOutputIsAnError() throws {
        try cli.run("add", "Tent")
        let result = try cli.pipeline("checklist list >&-")
        #expect(result.status == 74)
        #expect(
            result.stderr == "checklist: cannot write to standard output: Bad file descriptor\n")
        #expect(try cli.pipeline("checklist check 1 >&-").status == 0, "nothing to write")
    }

    @Test func aReaderThatQuitsEarlyIsNotAnError() throws {
        _ = try cli.pipeline("seq 1 30000 | checklist add -q - > /dev/null")
        let result = try cli.pipeline(#"(checklist list; echo "status $?" >&2) | head -n 1"#)
        #expect(result.stdout == "[ ] 1 1\n")
        #expect(result.stderr == "status 0\n")
    }

    @Test(arguments: [["check", "-"], ["import", "-"], ["add", "-"], ["delete", "-"]])
    func aClosedStandardInputIsAnErrorAndChangesNothing(_ arguments: [String]) throws {
        try cli.run("add", "Tent")
        let before = try cli.databaseBytes()
        let result = try cli.pipeline("checklist \(arguments.joined(separator: " ")) <&-")
        #expect(result.status == 74)
        #expect(result.stderr == "checklist: cannot read standard input: Bad file descriptor\n")
        #expect(try cli.databaseBytes() == before)
    }

    @Test func anEmptyStandardInputChangesNothing() throws {
        try cli.run("add", "Tent")
        let imported = try cli.run("import", "-", stdin: "")
        #expect(imported.status == 0)
        #expect(imported.stderr == "imported 0 items\n")
        let checked = try cli.run("check", "-", stdin: "")
        #expect(checked.status == 0)
        #expect(try cli.run("history", "--format", "ids").stdout == "1\n")
    }

    // MARK: - The environment

    @Test(arguments: ["e\nf", "   "])
    func aListNameFromTheEnvironmentIsRefusedAsTheFlagRefusesIt(_ name: String) throws {
        for arguments in [["add", "z"], ["list"], ["import", "-"]] {
            let result = try cli.run(
                arguments, stdin: Data("- [ ] z\n".utf8), environment: ["CHECKLIST_LIST": name])
            let problem =
                name == "   "
                ? "a list name cannot be empty or only spaces"
                : "a list name cannot contain a line break"
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr
                    == "checklist: $CHECKLIST_LIST: \(problem) (see 'checklist \(arguments[0]) --help')\n"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func theListFlagOverridesABadListNameInTheEnvironment() throws {
        let result = try cli.run(
            "add", "-l", "camping", "Tent", environment: ["CHECKLIST_LIST": " "])
        #expect(result.status == 0)
    }

    // MARK: - Hints that fit the command

    @Test func aTitleThatStartsWithADashShowsTheFix() throws {
        for (arguments, fix) in [
            (["add", "-5"], "checklist add -- '-5'"),
            (["add", "-5", "tent"], "checklist add -- '-5'"),
            (["add", "-5 degrees"], "checklist add -- '-5 degrees'"),
            (["rename", "1", "-x"], "checklist rename 1 -- '-x'"),
            // Flags ArgumentParser adds by itself are titles here too: `add --version` once
            // printed the version and added nothing, exit 0.
            (["add", "--version"], "checklist add -- '--version'"),
            (["add", "Milk", "--version"], "checklist add -- '--version'"),
            (["rename", "1", "-help"], "checklist rename 1 -- '-help'"),
        ] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 64)
            #expect(
                result.stderr
                    == "checklist: unknown option '\(arguments.dropFirst().first { $0.hasPrefix("-") } ?? "")';"
                    + " a title that starts with a dash goes after --: \(fix)"
                    + " (see 'checklist \(arguments[0]) --help')\n")
        }
        #expect(try cli.run("add", "--", "-5 degrees").stdout == "1\n")
        #expect(try cli.run("list").stdout == "[ ] 1 -5 degrees\n")
    }

    @Test func aNegativeNumberIsAnInvalidValueNotAMissingOne() throws {
        try cli.run("add", "Tent", "Stove")
        for (arguments, message) in [
            (
                ["move", "2", "--to", "-1"],
                "invalid value '-1' for '--to <position>': positions count from 1 (see 'checklist move --help')"
            ),
            (
                ["move", "2", "--to", "0"],
                "invalid value '0' for '--to <position>': positions count from 1 (see 'checklist move --help')"
            ),
            (
                ["history", "--limit", "-1"],
                "invalid value '-1' for '--limit <limit>': give a count of 1 or more (see 'checklist history --help')"
            ),
            (
                ["delete", "--checked", "--expect", "-1"],
                "invalid value '-1' for '--expect <n>': give a count of 0 or more (see 'checklist delete --help')"
            ),
        ] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 64)
            #expect(result.stderr == "checklist: \(message)\n")
        }
    }

    @Test func aUsageErrorPointsToTheSubcommandsHelp() throws {
        let result = try cli.run("lists", "add", "--colour", "x")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: unknown option '--colour' (see 'checklist lists add --help')\n")
    }

    @Test func eachBulkCommandsHelpShowsItsOwnExample() throws {
        #expect(try cli.run("delete", "--help").stdout.contains("| checklist delete -"))
        #expect(!(try cli.run("delete", "--help").stdout.contains("checklist uncheck")))
        #expect(try cli.run("uncheck", "--help").stdout.contains("checklist uncheck --all"))
    }

    // MARK: - Options before the subcommand, unknown commands

    @Test func theDatabaseAndListMayBeNamedBeforeTheSubcommand() throws {
        let copy = cli.folder.appendingPathComponent("copy.db").path
        try Data("- [ ] Tent\n- [x] Stove\n".utf8).write(
            to: cli.folder.appendingPathComponent("f.md"))
        let imported = try cli.run("--db", copy, "-l", "camping", "import", "f.md")
        #expect(imported.stderr == "imported 2 items into camping\n")
        #expect(try cli.run("--db", copy, "--list", "camping", "count").stdout == "1 2\n")
        #expect(
            try cli.run("--db=\(copy)", "--list=camping", "list").stdout
                == "[ ] 1 Tent\n[x] 2 Stove\n")
        #expect(try cli.run("--db", copy).stdout == "", "alone, it is `list` of the default list")
        #expect(try cli.run("--db", copy, "-l", "camping").stdout == "[ ] 1 Tent\n[x] 2 Stove\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func anOptionAfterTheSubcommandWinsOverOneBeforeIt() throws {
        try cli.run("-l", "a", "add", "-l", "b", "Tent")
        #expect(try cli.run("lists", "--format", "ids").stdout == "b\n")
    }

    @Test func anUnknownCommandIsNamedWithASuggestion() throws {
        for (word, line) in [
            ("chekc", "unknown command 'chekc'; did you mean 'check'?"),
            ("mv", "unknown command 'mv'; did you mean 'move'?"),
            ("frobnicate", "unknown command 'frobnicate'"),
        ] {
            let result = try cli.run(word, "1", "--to", "2")
            #expect(result.status == 64)
            #expect(result.stderr == "checklist: \(line) (see 'checklist --help')\n")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    // MARK: - --all and --list

    @Test(arguments: ["list", "count", "export"])
    func allWithTheListFlagIsAUsageError(_ command: String) throws {
        try cli.run("add", "-l", "camping", "Tent")
        let result = try cli.run(command, "-l", "camping", "--all")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: give --all or --list, not both (see 'checklist \(command) --help')\n"
        )
        let withVariable = try cli.run(command, "--all", environment: ["CHECKLIST_LIST": "camping"])
        #expect(withVariable.status == 0, "the variable only sets a default")
    }

    // MARK: - Single-choice lists

    @Test func toggleMayMoveTheChoiceOfASingleChoiceList() throws {
        try cli.run("lists", "add", "tents", "--mode", "single")
        try cli.run("add", "-l", "tents", "A", "B", "C")
        try cli.run("check", "2")
        let result = try cli.run("toggle", "1,2")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "toggled 2 items\n")
        #expect(try cli.run("list", "-l", "tents", "--checked", "--format", "ids").stdout == "1\n")
        let refused = try cli.run("toggle", "2,3")
        #expect(refused.status == 64)
        #expect(try cli.run("list", "-l", "tents", "--checked", "--format", "ids").stdout == "1\n")
    }

    @Test func addingOrImportingACheckedItemReportsTheChoiceItReplaced() throws {
        try cli.run("lists", "add", "tents", "--mode", "single")
        try cli.run("add", "-l", "tents", "--checked", "Big tent")
        let added = try cli.run("add", "-l", "tents", "--checked", "Small tent")
        #expect(
            added.stderr == "added 1 item to tents (unchecked 1 item of a single-choice list)\n")
        let imported = try cli.run("import", "-l", "tents", "-", stdin: "- [x] Bivvy\n")
        #expect(
            imported.stderr
                == "imported 1 item into tents (unchecked 1 item of a single-choice list)\n")
        #expect(try cli.run("list", "-l", "tents", "--checked", "--format", "ids").stdout == "3\n")
    }

    // MARK: - Changes that change nothing

    @Test func renamingAnItemToItsOwnTitleChangesAndRecordsNothing() throws {
        try cli.run("add", "Tent")
        let before = try cli.databaseBytes()
        let result = try cli.run("rename", "1", "Tent")
        #expect(result.status == 0)
        #expect(result.stderr == "item 1 is already titled 'Tent'\n")
        #expect(try cli.databaseBytes() == before)
        #expect(try cli.run("history", "--format", "ids").stdout == "1\n")
    }

    @Test func commandsThatChangeNothingLeaveNoGapInHistory() throws {
        try cli.run("add", "Tent", "Stove")
        try cli.run("check", "1")
        try cli.run("check", "1")  // already checked
        try cli.run("uncheck", "2")  // already unchecked
        try cli.run("move", "1", "--to", "1")  // already there
        try cli.run("rename", "2", "Stove")  // already titled so
        try cli.run("check", "2")
        #expect(try cli.run("history", "--format", "ids").stdout == "3\n2\n1\n")
    }
}

@Suite(.runsProcesses) final class ListCopyCommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func aListIsCopiedAsATemplateAndUndoRemovesIt() throws {
        try cli.run("add", "-l", "camping", "Tent", "Stove", "Map")
        try cli.run("check", "2")
        let copied = try cli.run("lists", "copy", "camping", "trip", "--unchecked")
        #expect(copied.status == 0)
        #expect(copied.stderr == "copied list camping to trip (3 items)\n")
        #expect(try cli.run("list", "-l", "trip").stdout == "[ ] 4 Tent\n[ ] 5 Stove\n[ ] 6 Map\n")
        let existing = try cli.run("lists", "copy", "camping", "trip")
        #expect(existing.status == 3)
        #expect(try cli.run("undo").stderr.hasPrefix("undid change 3: copied list 'camping'"))
        #expect(try cli.run("lists", "--format", "ids").stdout == "camping\n")
    }
}
