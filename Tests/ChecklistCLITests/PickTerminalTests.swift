import Foundation
import Testing

/// `checklist pick` and `--pick` through a real terminal: the binary runs in a tmux pane with
/// its standard output redirected to a file, so the choice is read from the file and the
/// screen from the pane (the picker draws on /dev/tty).
@Suite(.runsProcesses, .needs(.tmux))
struct PickTerminalTests {
    private func picked(_ cli: CLI) throws -> String {
        try String(contentsOf: cli.folder.appendingPathComponent("picked"), encoding: .utf8)
    }

    @Test func marksAndEnterPrintExactlyThoseIDsAndTheTerminalIsAsItWas() throws {
        let cli = try CLI()
        try cli.run("add", "-l", "camping", "Tent", "Stove", "Map", "Socks", "-q")
        let before = try cli.run("export", "--format", "json").stdout
        let pane = try EditorPane(
            cli, arguments: ["-l", "camping"], command: "pick", stdout: "picked")
        try pane.waitFor("camping · multiple · 0 of 4 checked · 0 marked")
        #expect(try pane.isAlternateScreenOn())
        pane.keys("Space", "j", "j", "Tab")
        try pane.waitFor("Enter print (2)")
        try pane.waitFor("* [ ] 3 Map")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == "1\n3\n")
        #expect(try pane.terminalModeIsUnchanged())
        #expect(try !pane.isAlternateScreenOn())
        #expect(try cli.run("export", "--format", "json").stdout == before, "nothing changed")
    }

    /// IDs in the list's order, not the IDs' order: a few chosen are read one by one, more
    /// than `Picker.directReadLimit` with the list; both give what `list` gives.
    @Test func idsComeInTheListsOrderHoweverManyAreChosen() throws {
        let cli = try CLI()
        try cli.run("add", "-", "-q", stdin: (1...1_200).map { "Item \($0)\n" }.joined())
        try cli.run("move", "1100", "--to", "1", "-q")
        var pane = try EditorPane(cli, command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("Space", "j", "Space", "Enter")  // 1100, then 1
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == "1100\n1\n")
        pane = try EditorPane(cli, command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("a")
        try pane.waitFor("Enter print (1200)")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == cli.run("list", "--format", "ids").stdout)
    }

    @Test func theFilterThenEnterAndJSONLikeList() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Tent pegs", "-q")
        try cli.run("check", "3", "-q")
        let pane = try EditorPane(
            cli, arguments: ["--format", "json"], command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.type("/tent")
        pane.keys("Enter")
        try pane.waitFor("(2 shown)")
        pane.keys("a")
        try pane.waitFor("Enter print (2)")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        let listed = try cli.run("list", "--match", "tent", "--format", "json").stdout
        #expect(try picked(cli) == listed)
    }

    @Test(arguments: ["Escape", "q"]) func escAndQPrintNothingAndExitOne(key: String) throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(cli, command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("Space", key)
        #expect(try pane.exitStatus() == 1)
        #expect(try picked(cli) == "")
        #expect(try pane.terminalModeIsUnchanged())
    }

    @Test func ctrlCExits130AndRestoresTheTerminal() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(cli, command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("C-c")
        #expect(try pane.exitStatus() == 130)
        #expect(try picked(cli) == "")
        #expect(try pane.terminalModeIsUnchanged())
    }

    @Test func checkedAndMatchNarrowWhatIsShown() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Tent pegs", "-q")
        try cli.run("check", "1,2", "-q")
        let pane = try EditorPane(
            cli, arguments: ["--checked", "--match", "tent"], command: "pick", stdout: "picked")
        try pane.waitFor("checked only · filter: tent (1 shown)")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == "1\n")
    }

    @Test func deletePickShowsDeleteNAsksOnceAndDeletesTheChoice() throws {
        let cli = try CLI()
        try cli.run("add", "-l", "camping", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(
            cli, arguments: ["-l", "camping"], command: "delete --pick", stdout: "picked")
        try pane.waitFor("Enter Delete (1)")
        pane.keys("Space", "j", "Space")
        try pane.waitFor("Enter Delete (2)")
        pane.keys("Enter")
        try pane.waitFor("Delete 2 items? [y/N]")
        pane.keys("n")
        try pane.waitFor("nothing deleted")
        #expect(try cli.run("count", "-l", "camping").stdout == "0 3\n")
        pane.keys("Enter")
        try pane.waitFor("Delete 2 items? [y/N]")
        pane.keys("y")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 3 Map\n")
        let history = try cli.run("history").stdout
        #expect(history.split(separator: "\n").count == 2, "one change: \(history)")
        #expect(history.contains("deleted 2 items (IDs 1, 2)"))
        try cli.run("undo", "-q")
        #expect(try cli.run("count", "-l", "camping").stdout == "0 3\n")
    }

    @Test func checkPickOnASingleChoiceListMarksOneAndToggleFollowsItsRule() throws {
        let cli = try CLI()
        try cli.run("lists", "add", "tents", "--mode", "single", "-q")
        try cli.run("add", "-l", "tents", "Tent", "Tarp", "Hammock", "-q")
        var pane = try EditorPane(
            cli, arguments: ["-l", "tents"], command: "check --pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("Space", "j", "Space")  // the mark moves, as a radio button
        try pane.waitFor("* ( ) 2 Tarp")
        try pane.waitFor("1 marked")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.run("list", "-l", "tents", "--checked", "--format", "ids").stdout == "2\n")
        // toggle of two unchecked items of a single-choice list: refused as `toggle 1,3` is.
        pane = try EditorPane(
            cli, arguments: ["-l", "tents"], command: "toggle --pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("Space", "j", "j", "Space", "Enter")
        #expect(try pane.exitStatus() == 64)
        #expect(try cli.run("list", "-l", "tents", "--checked", "--format", "ids").stdout == "2\n")
    }

    @Test func movePickMovesTheChosenItem() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(
            cli, arguments: ["--to", "1"], command: "move --pick", stdout: "picked")
        try pane.waitFor("Enter move (1)")
        pane.keys("G", "Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.run("list", "--format", "ids").stdout == "3\n1\n2\n")
    }

    @Test func aMarkedItemDeletedElsewhereIsNotPrintedAndTheFooterSaysSo() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(cli, command: "pick", stdout: "picked")
        try pane.waitFor("0 marked")
        pane.keys("Space", "j", "Space")
        try pane.waitFor("2 marked")
        try cli.run("delete", "1", "-q")
        try pane.waitFor("marked item 1 was deleted or moved elsewhere")
        try pane.waitFor("1 marked")
        pane.keys("Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == "2\n")
    }

    @Test func thePickPipedIntoDeleteDeletesTheChoice() throws {
        let cli = try CLI()
        try cli.run("add", "-l", "camping", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(
            cli, pipeline: "CHECKLIST pick -l camping | CHECKLIST delete - > picked 2>&1")
        try pane.waitFor("0 marked")
        pane.keys("j", "Space", "j", "Space", "Enter")
        #expect(try pane.exitStatus() == 0)
        #expect(try picked(cli) == "deleted 2 items\n")
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n")
    }

    /// No controlling terminal (setsid): 64, one line, and nothing opened or created.
    @Test(arguments: ["pick", "delete --pick", "check --pick", "move --pick --to 1"])
    func withoutATerminalItIsAUsageErrorAndNothingIsCreated(command: String) throws {
        let cli = try CLI()
        let result = try cli.pipeline(
            "setsid -w \"$CHECKLIST\" \(command) -l camping < /dev/null".replacingOccurrences(
                of: "--to 1 -l camping", with: "--to 1 --from camping"))
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("checklist: "), "\(result)")
        #expect(result.stderr.contains("needs a terminal"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        if !CLI.usesServer {
            #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        }
    }

    @Test func aListNamedThatDoesNotExistIsThreeAndTextIsNoFormatOfPick() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(
            cli, arguments: ["-l", "nosuch"], command: "pick", stdout: "picked")
        #expect(try pane.exitStatus() == 3)
        #expect(try picked(cli) == "")
        let text = try cli.run("pick", "--format", "text")
        #expect(text.status == 64, "\(text)")
    }

    @Test func pickGivenIDsOrAListWideFlagIsAUsageError() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        for words in [
            ["check", "--pick", "1"], ["delete", "--pick", "--checked"],
            ["move", "1", "--pick", "--to", "1"],
        ] {
            let result = try cli.run(words, stdin: Data())
            #expect(result.status == 64, "\(words): \(result)")
            #expect(result.stderr.contains("--pick"), "\(words): \(result)")
        }
    }
}
