import ChecklistCore
import ChecklistModel
import Foundation
import Testing

/// What the third new user hit (the contract's v3 additions: hostile input, history, hints).
@Suite(.runsProcesses) final class ThirdUserTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    // MARK: - Hostile input

    @Test(arguments: [
        ["add"], ["rename", "1"], ["lists", "add"], ["list", "--match"], ["add", "-l"],
    ])
    func anArgumentThatIsNotUTF8IsAUsageErrorAndNothingIsStored(_ command: [String]) throws {
        try cli.run("add", "Tent", "-q")
        let before = try cli.run("export", "--format", "json").stdout
        let words = command.map { "'\($0)'" }.joined(separator: " ")
        let position = command.count + 1
        let result = try cli.pipeline("checklist \(words) \"$(printf '\\377\\376 bad')\"")
        #expect(result.status == 64, "\(result)")
        let help = (["checklist"] + command.filter { !$0.hasPrefix("-") && $0 != "1" } + ["--help"])
            .joined(separator: " ")
        #expect(
            result.stderr
                == "checklist: argument \(position) is not valid UTF-8 text: '\\xFF\\xFE bad';"
                + " give it in UTF-8 (see '\(help)')\n")
        #expect(try cli.run("export", "--format", "json").stdout == before)
        #expect(try cli.run("history").stdout.split(separator: "\n").count == 1)
    }

    /// Issue 29, 18 (contract v4): paths are bytes. `--db` (and `--db=`), `CHECKLIST_DB`, the
    /// file of `import` and the path of `backup` may be any bytes; the files are made with
    /// exactly those bytes, and messages show the bad ones as `\xE9`. Titles and list names
    /// given in the same places stay refused.
    @Test func pathsThatAreNotUTF8AreUsedAsTheirBytes() throws {
        let db = "\"$(printf 'caf\\351.db')\""
        let script = """
            set -e
            checklist --db \(db) add Tent Stove -q
            checklist --db=\(db) check 1 -q
            CHECKLIST_DB=\(db) checklist count
            printf -- '- [ ] Map\\n' > "$(printf 'l\\351ger.md')"
            checklist --db \(db) import "$(printf 'l\\351ger.md')" -l camping
            checklist --db \(db) backup "$(printf 'b\\351.db')"
            checklist --db "$(printf 'b\\351.db')" list --all --format ids
            ls | od -An -c | tr -s ' ' | tr -d '\\n'
            """
        let result = try cli.pipeline(script)
        #expect(result.status == 0, "\(result)")
        // add's IDs, count, then the copy's IDs (camping, then default).
        #expect(result.stdout.hasPrefix("1\n2\n1 2\n3\n1\n2\n"), "\(result)")
        // The three files, named with byte 0351 (0xE9) as given; no -wal or -shm left.
        #expect(result.stdout.contains(" b 351 . d b \\n"), "\(result)")
        #expect(result.stdout.contains(" c a f 351 . d b \\n"), "\(result)")
        #expect(!result.stdout.contains("- w a l"), "\(result)")
        #expect(result.stderr.contains("imported 1 item into camping"), "\(result)")
        #expect(result.stderr.contains("backed up the database to b\\xE9.db"), "\(result)")
        // An error names the path with its bad byte shown.
        let notADatabase = try cli.pipeline(
            "echo junk > \"$(printf 'j\\351.db')\"; checklist --db \"$(printf 'j\\351.db')\" add Tent"
        )
        #expect(notADatabase.status == 65, "\(notADatabase)")
        #expect(notADatabase.stderr.contains("j\\xE9.db"), "\(notADatabase)")
        // Not a path: the list name of import, a title after import's file.
        for words in ["import -l", "add import"] {
            let refused = try cli.pipeline(
                "checklist --db \(db) \(words) \"$(printf 'x\\351')\" f.md")
            #expect(refused.status == 64, "\(words): \(refused)")
        }
    }

    @Test func aByteOrderMarkOnStdinIsNoPartOfTheFirstTitle() throws {
        let result = try cli.run(
            ["add", "-"], stdin: Data([0xEF, 0xBB, 0xBF] + Array("Socks\nShirt\n".utf8)))
        #expect(result.status == 0, "\(result)")
        #expect(try cli.run("list").stdout == "[ ] 1 Socks\n[ ] 2 Shirt\n")
        #expect(try cli.run("check", "-", stdin: "\u{FEFF}1\n").status == 0)
        #expect(try cli.run("list").stdout == "[x] 1 Socks\n[ ] 2 Shirt\n")
    }

    @Test func anEmptyChecklistListIsRefusedAsAnEmptyListFlagIs() throws {
        try cli.run("add", "Tent", "-q")
        for arguments in [["list"], ["add", "Stove"], ["count"]] {
            let result = try cli.run(arguments, stdin: Data(), environment: ["CHECKLIST_LIST": ""])
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.contains("$CHECKLIST_LIST needs a name; it is set but empty"))
        }
        #expect(try cli.run("list", "--all").stdout == "default:\n[ ] 1 Tent\n")
    }

    @Test func aChecklistListThatIsNotUTF8IsRefusedAsTheFlagIs() throws {
        let result = try cli.pipeline("CHECKLIST_LIST=\"$(printf 'l\\377')\" checklist add x")
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("checklist: $CHECKLIST_LIST is not valid UTF-8 text"))
        #expect(try cli.run("lists").stdout == "")
    }

    @Test(arguments: ["--help", "--version", "-h", "help"])
    func helpAndVersionToAFullDeviceFail(_ flag: String) throws {
        let full = try cli.pipeline("checklist \(flag) > /dev/full")
        #expect(full.status == 74, "\(full)")
        #expect(
            full.stderr == "checklist: cannot write to standard output: No space left on device\n")
        let fine = try cli.run(flag)
        #expect(fine.status == 0)
        #expect(!fine.stdout.isEmpty)
    }

    @Test(.needs(.script)) func messagesQuotingATitleOrListNameEscapeControlsOnATerminal() throws {
        let evil = "evil\u{1B}]0;PWNED\u{07}\u{1B}[2J"
        try cli.run("add", "Tent", "-q")
        try cli.run("rename", "1", evil, "-q")
        try cli.run("lists", "add", evil, "-q")
        let shown = "evil\\u{1B}]0;PWNED\\u{7}\\u{1B}[2J"
        // Through a pseudo-terminal, stderr is a terminal: escaped.
        let screen = try cli.pipeline(
            """
            script -qec '"$CHECKLIST" undo; "$CHECKLIST" undo; "$CHECKLIST" list -l "$(printf "x\\033[2J")"' /dev/null
            """
        ).stdout.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(!screen.contains("\u{1B}"), "\(screen.debugDescription)")
        #expect(screen.contains("undid change 3: created list '\(shown)'"), "\(screen)")
        #expect(screen.contains("undid change 2: renamed item 1 to '\(shown)'"), "\(screen)")
        #expect(screen.contains("no list named 'x\\u{1B}[2J'"), "\(screen)")
        // In a pipe, the bytes as they are.
        try cli.run("rename", "1", evil, "-q")
        #expect(try cli.run("undo").stderr.contains(evil))
    }

    // MARK: - History

    /// One error, one line, wherever it goes: echoed input is a short, escaped prefix.
    @Test func anErrorQuotesAShortEscapedPrefixOfTheInputItEchoes() throws {
        try cli.run("add", "-q", "Tent")
        let huge = String(repeating: "a", count: 1_000_000)
        let big = try cli.run(["check", "-"], stdin: Data(huge.utf8))
        #expect(big.status == 64)
        #expect(big.stderr.count < 300, "\(big.stderr.count) bytes")
        #expect(big.stderr.contains("'" + String(repeating: "a", count: 40) + "…'"))
        for (arguments, stdin) in [
            (["check", "ab\ncd"], ""), (["check", "-"], "x\u{1}y\u{1B}[2J"),
            (["list", "x\ry"], ""), (["chekc\n1"], ""), (["list", "--colr\u{1B}[31m"], ""),
        ] {
            let result = try cli.run(arguments, stdin: Data(stdin.utf8))
            #expect(result.status == 64, "\(arguments): \(result)")
            let line = result.stderr
            #expect(line.filter { $0 == "\n" }.count == 1, "\(arguments): \(line)")
            #expect(line.hasSuffix("--help')\n") || line.contains("whole number"), "\(line)")
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(line)")
        }
        let invalid = try cli.run(["check", "-"], stdin: Data([0x31, 0xFF, 0x0A]))
        #expect(invalid.stderr.contains("\\u{FFFD}"), "\(invalid)")
    }

    @Test func usageErrorsPointTheRightWay() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        let cases: [([String], String)] = [
            (
                ["help", "nonexistent"],
                "checklist: unknown command 'nonexistent' (see 'checklist --help')\n"
            ),
            (
                ["--help-me"],
                "checklist: unknown option '--help-me'; did you mean '--help'? (see 'checklist --help')\n"
            ),
            (
                ["-v"],
                "checklist: unknown option '-v'; did you mean '--version'? (see 'checklist --help')\n"
            ),
            (
                ["lists", "remove", "camping"],
                "checklist: unknown command 'lists remove'; did you mean 'lists delete'? (see 'checklist lists --help')\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr == expected)
        }
        // A short option's attached value, as POSIX reads it.
        for arguments in [["-lcamping", "list"], ["list", "-lcamping"], ["ls", "-lcamping"]] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.stdout == "[ ] 1 Tent\n", "\(arguments): \(result)")
        }
        #expect(try cli.run("add", "-lcamping", "Stove").stdout == "2\n")
        #expect(try cli.run("add", "--", "-lcamping").stdout == "3\n", "after --, a title")
    }

    @Test func aHistoryDescriptionNamesTheItemsThatChanged() throws {
        try cli.run("add", "A", "B", "C", "D", "-q")
        try cli.run("check", "1", "-q")
        try cli.run("check", "1,2", "-q")
        try cli.run("check", "1-4", "-q")
        try cli.run("uncheck", "2,3,9", "--ignore-missing", "-q")
        let lines = try cli.run("history", "--format", "json").stdout
        #expect(lines.contains(#""description":"checked 1 item (ID 2)""#), "\(lines)")
        #expect(lines.contains(#""description":"checked 2 items (IDs 3, 4)""#), "\(lines)")
        #expect(lines.contains(#""description":"unchecked 2 items (IDs 2, 3)""#), "\(lines)")
        try cli.run("add", "E", "F", "-q")
        try cli.run("delete", "5-7", "--ignore-missing", "-q")
        #expect(
            try cli.run("history", "--format", "json").stdout.contains(
                #""description":"deleted 2 items (IDs 5, 6)""#))
    }

    // MARK: - Messages

    @Test func aNegativeSplitLevelIsAnInvalidValue() throws {
        try Data("# A\n- [ ] x\n".utf8).write(to: cli.folder.appendingPathComponent("a.md"))
        let result = try cli.run("import", "--lenient", "--split-level", "-1", "a.md")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "checklist: --split-level takes a heading level from 1 to 6"
                + " (see 'checklist import --help')\n")
    }

    @Test func hintsNameTheRightPlaceAndOnlyOptionsTheCommandHas() throws {
        try cli.run("add", "Tent", "-q")
        let cases: [([String], String)] = [
            (
                ["-q", "check", "1"],
                "'-q' goes after the command's name (only --db and --list may come first):"
                    + " checklist check -q 1 (see 'checklist check --help')"
            ),
            (
                ["--quiet", "check", "1"],
                "'--quiet' goes after the command's name (only --db and --list may come first):"
                    + " checklist check --quiet 1 (see 'checklist check --help')"
            ),
            // No subcommand: neither the root nor `list` has it, so the root's help (issue 29).
            (["--quiet"], "unknown option '--quiet' (see 'checklist --help')"),
            (
                ["-q", "add", "--", "-5"],
                "'-q' goes after the command's name (only --db and --list may come first):"
                    + " checklist add -q -- -5 (see 'checklist add --help')"
            ),
            (["-x", "check", "1"], "unknown option '-x' (see 'checklist check --help')"),
            (
                ["add", "-l", "-x", "item"],
                "missing value for '-l <name>' (see 'checklist add --help')"
            ),
            (
                ["lists", "add", "-x"],
                "unknown option '-x'; a list name that starts with a dash goes after --:"
                    + " checklist lists add -- '-x' (see 'checklist lists add --help')"
            ),
            (
                ["check", "1", "--quite"],
                "unknown option '--quite'. Did you mean '--quiet'? (see 'checklist check --help')"
            ),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == "checklist: " + message + "\n", "\(arguments)")
        }
        #expect(try cli.run("list").stdout == "[ ] 1 Tent\n", "nothing changed")
        // The fix each hint shows works.
        #expect(try cli.run("check", "1", "-q").status == 0)
        #expect(try cli.run("lists", "add", "-q", "--", "-x").status == 0)
    }
}

/// Layout on a terminal (v3, clarified): aligned with or without colour; `lists` by display
/// width.
@Suite(.runsProcesses) final class TerminalLayoutTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test(.needs(.script), arguments: ["--color never", "", "--color auto"])
    func listLinesUpTitlesOnATerminalWithoutColour(_ option: String) throws {
        try cli.run(["add"] + (1...10).map { "item \($0)" } + ["-q"], stdin: Data())
        try cli.run("check", "10", "-q")
        let screen = try cli.pipeline(
            "NO_COLOR=1 script -qec '\"$CHECKLIST\" list \(option)' /dev/null"
        ).stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.first == "[ ]  1 item 1")
        #expect(lines[9] == "[x] 10 item 10")
        #expect(!screen.contains("\u{1B}"), "no colour")
        // In a pipe, the v1 bytes.
        #expect(try cli.run("list").stdout.hasPrefix("[ ] 1 item 1\n"))
    }

    @Test(.needs(.script))
    func aLongTitleGoesOnUnderTheTitlesColumnAtFortyColumns() throws {
        let title = "Sleeping bag rated to minus five degrees, in its compression sack"
        try cli.run("add", "-q", "Tent", title, "露营用的帐篷和睡袋还有炉子和燃料以及头灯")
        let screen = try cli.pipeline(
            "NO_COLOR=1 script -qec 'stty cols 40 rows 20; \"$CHECKLIST\" list' /dev/null"
        ).stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(6)) == [
                "[ ] 1 Tent",
                "[ ] 2 Sleeping bag rated to minus five",
                "      degrees, in its compression sack",
                "[ ] 3 露营用的帐篷和睡袋还有炉子和燃料以",  // 34 columns: 40 less the 6 before
                "      及头灯",
                "0 of 3 checked",
            ], "\(lines)")
        // In a pipe, the v1 bytes: one line an item.
        #expect(try cli.run("list").stdout.split(separator: "\n").count == 3)
    }

    @Test func listsAlignsCountsByDisplayWidth() throws {
        for name in ["露营", "🏕️ trip", "camping", "x"] {
            try cli.run("add", "-l", name, "Tent", "-q")
        }
        let lines = try cli.run("lists").stdout.split(separator: "\n").map(String.init)
        let columns = lines.map { line in
            TerminalWidth.of(String(line[..<line.range(of: "0/1")!.lowerBound]))
        }
        #expect(Set(columns).count == 1, "\(lines)")
    }
}

/// Display columns, as a terminal counts them (the model's `TerminalText` rule).
enum TerminalWidth {
    static func of(_ text: String) -> Int { TerminalText.width(of: text) }
}
