import Foundation
import Testing

/// `checklist edit` through a real terminal: the built binary runs in a tmux pane of 80x24,
/// keys go in with `send-keys`, the screen comes back with `capture-pane`, and the database
/// is checked after each step with the binary itself.
@Suite(.runsProcesses, .needs(.tmux))
struct EditTerminalTests {
    @Test func togglesArePersistedAndQLeavesTheTerminalAsItWas() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("default · multiple · 0 of 3 checked")
        #expect(try pane.isAlternateScreenOn())
        pane.keys("Space", "j", "Space")
        try pane.waitFor("2 of 3 checked")
        #expect(try cli.run("list").stdout == "[x] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n")
        pane.keys("Space")
        try pane.waitFor("1 of 3 checked")
        #expect(try cli.run("list").stdout == "[x] 1 Tent\n[ ] 2 Stove\n[ ] 3 Map\n")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.terminalModeIsUnchanged())
        #expect(try !pane.isAlternateScreenOn())
    }

    @Test func dThenYDeletesTheCheckedItemsShownAndURestoresThemWithTheirIDs() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "Tent pegs", "-q")
        try cli.run("check", "1,3,4", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("3 of 4 checked")
        pane.keys("/")
        pane.type("tent")
        pane.keys("Enter")
        try pane.waitFor("d Delete (2)")
        pane.keys("d")
        try pane.waitFor("Delete 2 items? [y/N]")
        pane.keys("y")
        try pane.waitFor("1 of 2 checked")
        #expect(try cli.run("list").stdout == "[ ] 2 Stove\n[x] 3 Map\n")
        pane.keys("u")
        try pane.waitFor("3 of 4 checked")
        #expect(
            try cli.run("list").stdout == "[x] 1 Tent\n[ ] 2 Stove\n[x] 3 Map\n[x] 4 Tent pegs\n")
        pane.keys("Escape")
        try pane.waitFor("d Delete (3)")
        pane.keys("Escape")
        #expect(try pane.exitStatus() == 0)
    }

    /// Issue 29, 3: `u` undoes your newest change to the list on screen only; a newer change of
    /// yours to another list is named in the footer and left alone, and once it is undone
    /// elsewhere, `u` undoes the change made here.
    @Test func uUndoesOnlyTheListOnScreenAndNamesANewerChangeElsewhere() throws {
        let cli = try CLI()
        try cli.run("add", "-l", "camping", "Tent", "Stove", "-q")
        try cli.run("add", "-l", "groceries", "Milk", "-q")
        let pane = try EditorPane(cli, arguments: ["-l", "camping"])
        try pane.waitFor("camping · multiple · 0 of 2 checked")
        pane.keys("Space")
        try pane.waitFor("1 of 2 checked")
        try cli.run("check", "3", "-q")  // yours too, newer, on groceries
        pane.keys("u")
        try pane.waitFor("your newest change is in 'groceries'")
        #expect(try cli.run("list", "--all", "--checked", "--format", "ids").stdout == "1\n3\n")
        try pane.waitFor("1 of 2 checked")
        try cli.run("undo", "-q")  // the groceries check, undone where it was made
        pane.keys("u")
        try pane.waitFor("undid: ")
        try pane.waitFor("0 of 2 checked")
        #expect(try cli.run("list", "--all", "--checked", "--format", "ids").stdout == "")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
    }

    // The editor wakes by itself; how fast is the bench's to measure, not a test's on a shared
    // machine (the wait is a hang guard).
    @Test func aChangeByAnotherProcessShowsWithoutAKey() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 2 checked")
        try cli.run("check", "2", "-q")
        try pane.waitFor("[x] 2 Stove")
        try cli.run("add", "Map", "-q")
        try pane.waitFor("1 of 3 checked")
    }

    /// A filter over more items than one key reads: the driver reads the rest between keys,
    /// so the one match far down the list and the count show without another key.
    @Test func aFilterOverALongListFindsAMatchFarDownAndCountsItWithoutAKey() throws {
        let cli = try CLI()
        let titles = (1...30_000).map { "Item \($0)\n" }.joined()
        try cli.run("add", "-", "-q", stdin: titles)
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 30000 checked")
        pane.type("/item 25000")
        try pane.waitFor("(1 shown)")
        try pane.waitFor("25000 Item 25000")
    }

    @Test(arguments: [("TERM", Int32(143)), ("HUP", 129), ("INT", 130)])
    func aSignalRestoresTheTerminalAndExitsWith128PlusItsNumber(
        signal: String, status: Int32
    ) throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 1 checked")
        if signal == "INT" {
            pane.keys("C-c")
        } else {
            _ = try cli.pipeline("kill -\(signal) \(try pane.editorPID())")
        }
        #expect(try pane.exitStatus() == status)
        #expect(try pane.terminalModeIsUnchanged())
        #expect(try !pane.isAlternateScreenOn())
    }

    @Test func ctrlZGivesTheTerminalBackAndContinuingRedraws() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 3 checked")
        let editor = try pane.editorPID()
        pane.keys("C-z")
        try waitUntil("the editor stopped") { try EditorPane.state(of: editor) == "T" }
        #expect(try !pane.isAlternateScreenOn(), "the terminal is given back before it stops")
        let mode = try cli.pipeline("stty -g -F \(try pane.tty())").stdout
        #expect(
            try mode
                == String(
                    contentsOf: cli.folder.appendingPathComponent("stty-before"), encoding: .utf8))
        try Data().write(to: cli.folder.appendingPathComponent("continue"))  // fg
        try pane.waitFor("default · multiple · 0 of 3 checked")
        #expect(try pane.isAlternateScreenOn())
        pane.keys("Space")
        try pane.waitFor("1 of 3 checked")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try pane.terminalModeIsUnchanged())
    }

    @Test func linesPastedIntoOAddOneItemEachAndNoneRunsAsKeys() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 1 checked")
        pane.keys("o")
        try pane.waitFor("Add: _")
        try pane.paste("Socks\nShirt and pants\ni\nr\n")
        try pane.waitFor("0 of 5 checked")
        #expect(
            try cli.run("list").stdout
                == "[ ] 1 Tent\n[ ] 2 Socks\n[ ] 3 Shirt and pants\n[ ] 4 i\n[ ] 5 r\n")
        #expect(try cli.run("history").stdout.split(separator: "\n").count == 2)
        try pane.paste("i")  // outside a prompt: ignored, never `i` (invert)
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.run("count").stdout == "0 5\n")
    }

    @Test func aListRenamedElsewhereIsFollowedAndNotCreatedAgain() throws {
        let cli = try CLI()
        try cli.run("add", "-l", "pack", "Tent", "-q")
        let pane = try EditorPane(cli, arguments: ["-l", "pack"])
        try pane.waitFor("pack · multiple · 0 of 1 checked")
        try cli.run("lists", "rename", "pack", "packing", "-q")
        try pane.waitFor("packing · multiple · 0 of 1 checked")
        pane.keys("o")
        pane.type("Map")
        pane.keys("Enter")
        try pane.waitFor("0 of 2 checked")
        #expect(try cli.run("lists", "--format", "json").stdout.contains("\"packing\""))
        #expect(try !cli.run("lists", "--format", "json").stdout.contains("\"pack\""))
        try cli.run("lists", "delete", "packing", "--force", "-q")
        try pane.waitFor("was deleted")
        pane.keys("o")
        pane.type("Again")
        pane.keys("Enter", "q")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.run("lists").stdout == "")
    }

    @Test(.fileOnly, .enabled(if: getuid() == 0, "runs the editor as another user through setpriv"))
    func aReadOnlyDatabaseOpensForViewing() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "-q")
        chmod(cli.databasePath, 0o644)
        chmod(cli.folder.path, 0o755)
        let before = try cli.databaseBytes()
        let pane = try EditorPane(
            cli, runAs: "setpriv --reuid=65534 --regid=65534 --clear-groups")
        try pane.waitFor("default · multiple · 0 of 2 checked")
        pane.keys("Space")
        try pane.waitFor("read-only database, nothing changed")
        pane.keys("j", "q")
        #expect(try pane.exitStatus() == 0)
        #expect(try cli.databaseBytes() == before)
    }

    @Test func killNineLosesNoToggleThatWasShownAsDone() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("0 of 3 checked")
        pane.keys("Space", "j", "Space", "j", "Space")
        try pane.waitFor("3 of 3 checked")
        _ = try cli.pipeline("kill -KILL \(try pane.editorPID())")
        #expect(try pane.exitStatus() == 137)
        #expect(try cli.run("list").stdout == "[x] 1 Tent\n[x] 2 Stove\n[x] 3 Map\n")
    }

    @Test func resizingTheTerminalRedrawsToTheNewSize() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map", "-q")
        let pane = try EditorPane(cli)
        try pane.waitFor("default · multiple · 0 of 3 checked")
        try pane.resize(columns: 30, rows: 6)
        // At 30 columns the header no longer fits and is cut, and the footer moves up to the
        // sixth row: both only after a redraw for the new size (SIGWINCH).
        try pane.waitFor("default · multiple · 0 of 3 c…")
        let lines = try pane.screen().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 6 && lines[5].hasPrefix("Delete (0)"), "\(lines)")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
    }

    @Test func aMissingDatabaseOpensEmptyAndOCreatesIt() throws {
        let cli = try CLI()
        let pane = try EditorPane(cli)
        try pane.waitFor("No items yet. Press o to add one.")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        pane.keys("o")
        pane.type("Tent")
        pane.keys("Enter")
        try pane.waitFor("0 of 1 checked")
        #expect(try cli.run("list").stdout == "[ ] 1 Tent\n")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
    }

    @Test func aMissingListNamedWithLExits3BeforeTakingTheScreen() throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let pane = try EditorPane(cli, arguments: ["-l", "nope"])
        #expect(try pane.exitStatus() == 3)
        #expect(try pane.terminalModeIsUnchanged())
        try pane.waitFor("checklist: ")
    }

    @Test func withoutATerminalEditExits64AndCreatesNothing() throws {
        let cli = try CLI()
        let result = try cli.run("edit")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: edit needs a terminal; in scripts use 'checklist list' and "
                + "'checklist check'\n")
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}

/// A tmux server of its own (a unique socket) running `checklist edit` in an 80x24 pane. The
/// pane's shell saves `stty -g` before and after the editor and its exit status, then waits,
/// so the screen after the editor can be read too.
final class EditorPane {
    private let socket = "checklist-edit-\(UUID().uuidString)"
    private let folder: URL

    /// `runAs`: a command line put before the editor's (`setpriv …` to run it as another
    /// user).
    ///
    /// `command`: the subcommand (`pick`, `delete`); `stdout`: a file of the test's folder that
    /// standard output goes to (the picker draws on /dev/tty, the pane, all the same);
    /// `pipeline`: a whole command line instead, its words after `checklist` written as
    /// `CHECKLIST` (`CHECKLIST pick | CHECKLIST delete -`).
    init(
        _ cli: CLI, arguments: [String] = [], runAs: String = "", database: String? = nil,
        command: String = "edit", stdout: String? = nil, pipeline: String? = nil
    ) throws {
        let binary = "'\(CLI.binary.path)'"
        let line =
            pipeline?.replacingOccurrences(of: "CHECKLIST", with: binary)
            ?? "\(runAs) \(binary) \(command) \(arguments.joined(separator: " "))"
            + (stdout.map { " > '\($0)'" } ?? "")
        folder = cli.folder
        let script = """
            export HOME='\(cli.folder.appendingPathComponent("home").path)'
            export CHECKLIST_DB='\(database ?? cli.databasePath)' LANG=C.UTF-8 TERM=xterm-256color
            export LOGNAME=me  # the author of the CLI harness's commands too
            unset CHECKLIST_LIST NO_COLOR
            cd '\(cli.folder.path)'
            trap : INT  # Ctrl-C is for the editor; this shell stays to record what it did
            stty -g > stty-before
            # Job control, as at a prompt: the editor runs as a job in the foreground, and
            # Ctrl-Z stops it. Then the test reads the screen, and `touch continue` is `fg`.
            set -m
            # The editor is the job itself, as at a prompt (a wrapper such as timeout would be
            # stopped by Ctrl-Z first, and the shell would take the terminal back while the
            # editor still restores it). The test's hang guard and kill-server bound it.
            \(line)
            status=$?
            while [ "$status" -eq 148 ]; do
                while [ ! -e continue ]; do sleep 0.05; done
                rm continue
                fg > /dev/null
                status=$?
            done
            echo $status > status.tmp && mv status.tmp status
            # Written whole, then renamed: the test may look the moment the file appears.
            stty -g > stty-after.tmp && mv stty-after.tmp stty-after
            exec sleep 60  # the pane outlives the editor, for a while
            """
        // A pane before this one in the same folder left its status and modes.
        for file in ["status", "stty-before", "stty-after"] {
            try? FileManager.default.removeItem(at: cli.folder.appendingPathComponent(file))
        }
        try Data(script.utf8).write(to: cli.folder.appendingPathComponent("pane.sh"))
        try tmux(
            "new-session", "-d", "-x", "80", "-y", "24",
            "/bin/sh " + cli.folder.appendingPathComponent("pane.sh").path)
    }

    deinit {
        // Output to /dev/null: the test's folder may be gone by now.
        _ = EditorPane.spawn(["-L", socket, "kill-server"], output: "/dev/null")
    }

    /// Keys by tmux's names (`Space`, `Enter`, `Escape`, `C-c`, `j`).
    func keys(_ names: String...) {
        _ = try? tmux(["send-keys"] + names)
    }

    /// Text pasted as a terminal pastes it: bracketed, when the program asked for that.
    func paste(_ text: String) throws {
        try tmux("set-buffer", "--", text)
        try tmux("paste-buffer", "-p")
    }

    /// Text typed literally.
    func type(_ text: String) {
        _ = try? tmux("send-keys", "-l", text)
    }

    /// Makes the terminal this size, as a person resizing the window does (tmux sends the
    /// program SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        try tmux("resize-window", "-x", String(columns), "-y", String(rows))
    }

    func screen() throws -> String {
        try tmux("capture-pane", "-p")
    }

    /// Waits until the screen contains `text`; fails with the screen after the deadline.
    func waitFor(_ text: String, within seconds: Double = 10) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return }
            usleep(50_000)
        }
        throw HarnessError("no \"\(text)\" on screen within \(seconds) s; screen:\n\(last)")
    }

    /// The editor's exit status, once the pane's shell wrote it.
    func exitStatus() throws -> Int32 {
        let file = folder.appendingPathComponent("status")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            usleep(50_000)
        }
        throw HarnessError("the editor did not exit; screen:\n\(try screen())")
    }

    /// `stty -g` after the editor equals `stty -g` before it.
    func terminalModeIsUnchanged() throws -> Bool {
        _ = try exitStatus()
        let deadline = Date().addingTimeInterval(10)
        let after = folder.appendingPathComponent("stty-after")
        while Date() < deadline && !FileManager.default.fileExists(atPath: after.path) {
            usleep(50_000)
        }
        let before = try String(
            contentsOf: folder.appendingPathComponent("stty-before"), encoding: .utf8)
        return try before == String(contentsOf: after, encoding: .utf8) && !before.isEmpty
    }

    /// The pane's terminal device.
    func tty() throws -> String {
        try tmux("display-message", "-p", "#{pane_tty}").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    func isAlternateScreenOn() throws -> Bool {
        try tmux("display-message", "-p", "#{alternate_on}").hasPrefix("1")
    }

    /// The editor process: the pane's shell runs it.
    func editorPID() throws -> Int32 {
        let shell = try tmux("display-message", "-p", "#{pane_pid}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try EditorPane.child(of: shell)
    }

    /// A process's state letter (`S` sleeping, `T` stopped), from /proc.
    static func state(of pid: Int32) throws -> String {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { return "" }
        return String(stat[stat.index(close, offsetBy: 2)])
    }

    private static func child(of pid: String) throws -> Int32 {
        let children = try String(
            contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        guard let child = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
            throw HarnessError("no child process under \(pid)")
        }
        return child
    }

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Runs tmux; its output goes through a file.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = folder.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = EditorPane.spawn(
            ["-L", socket, "-f", "/dev/null"] + arguments, output: output.path)
        guard status == 0 else { throw HarnessError("tmux \(arguments) failed: \(status)") }
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }

    private static func spawn(_ arguments: [String], output: String) -> Int32 {
        guard let tmux = try? ChildProcess("/usr/bin/tmux", arguments, stdout: output) else {
            return -1
        }
        return (try? tmux.wait()) ?? -1
    }
}

/// Waits up to 10 s (a hang guard, not a timing) for `condition`.
func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        if try condition() { return }
        usleep(50_000)
    }
    throw HarnessError("not within 10 s: \(what)")
}
