import ChecklistCore
import ChecklistModel
import Foundation
import Testing

/// Issue 48, part 3: what the fifth user and the third probe hit on the command line.
@Suite(.runsProcesses) final class FifthUserTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// 18: a forgotten `-l` where there is no `default` list, but other lists, is refused
    /// like any missing list (3), naming the lists there are; a new database still reads as
    /// an empty default list.
    @Test func aForgottenListIsRefusedNamingTheListsThereAre() throws {
        #expect(try cli.run("list").status == 0)
        try cli.run("add", "-q", "-l", "camping", "Tent", "Stove")
        try cli.run("lists", "add", "-q", "food")
        let before = try cli.run("export", "--format", "json").stdout
        for command in [
            ["check", "--all"], ["uncheck", "--all"], ["list"], ["count"],
            ["delete", "--checked", "--yes"],
        ] {
            let result = try cli.run(command, stdin: Data())
            #expect(result.status == 3, "\(command): \(result)")
            #expect(
                result.stderr
                    == "checklist: no list named 'default' (the list without -l); name one of the"
                    + " lists here with -l: 'camping', 'food'\n", "\(command)")
        }
        #expect(try cli.run("export", "--format", "json").stdout == before)
        // Named, it works; and once `default` exists, it is the list without -l again.
        #expect(try cli.run("check", "-q", "--all", "-l", "camping").status == 0)
        try cli.run("add", "-q", "Map")
        #expect(try cli.run("list").stdout == "[ ] 3 Map\n")
    }

    /// 16: `--db` naming a device or a FIFO is refused before SQLite opens it, and nothing is
    /// made beside it (`/dev/null-journal` was, world-writable).
    @Test func aDatabaseThatIsNotARegularFileIsRefused() throws {
        let result = try cli.pipeline(
            """
            mkfifo fifo
            checklist list --db fifo; echo "status $?"
            checklist add Tent --db fifo; echo "status $?"
            ls
            """)
        #expect(
            result.stdout.components(separatedBy: "status 74\n").count == 3, "\(result)")
        #expect(!result.stdout.contains("fifo-"), "\(result)")
        #expect(
            result.stderr.split(separator: "\n").allSatisfy {
                $0.hasSuffix(
                    "it is not a regular file (a device, a FIFO or a socket); pass --db with a"
                        + " file path")
            }, "\(result)")
        let null = try cli.run("count", "--db", "/dev/null")
        #expect(null.status == 74, "\(null)")
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    /// 17: endless input stops: at the first NUL byte (`/dev/zero`), refused where it is; at
    /// 64 MiB of text (`yes x`), refused; memory stays small either way.
    @Test func endlessInputStops() throws {
        let result = try cli.pipeline(
            """
            ulimit -v 1000000
            checklist add - < /dev/zero; echo "status $?"
            checklist import /dev/zero; echo "status $?"
            yes x | checklist add -; echo "status $?"
            checklist count
            """)
        #expect(
            result.stdout == "status 64\nstatus 65\nstatus 64\n0 0\n", "\(result)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result)")
        #expect(lines.first == "checklist: line 1 of the input: a title cannot contain a NUL byte")
        #expect(
            lines.last
                == "checklist: standard input is longer than 64 MiB; nothing changed (split it"
                + " into several runs)")
    }

    /// 15: a message is one line wherever it goes: a line break in a value it quotes (a list
    /// name, a path) is escaped in a pipe too.
    @Test func errorsStayOneLineInAPipe() throws {
        try cli.run("add", "-q", "Tent")
        let result = try cli.pipeline(
            """
            checklist lists copy "$(printf 'a\\nb')" x; echo "status $?"
            checklist import "$(printf 'no\\rsuch\\nfile')"; echo "status $?"
            checklist list -l "$(printf 'c\\nd')"; echo "status $?"
            """)
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "", "\(result)")
        #expect(result.stderr.contains("\\u{A}") && result.stderr.contains("\\u{D}"), "\(result)")
        #expect(!result.stdout.contains("status 0"), "\(result)")
    }

    /// 14: what another role or a changed copy stored (an author, a time) never reaches a
    /// terminal raw (an OSC 52 sequence would set the clipboard), and never breaks
    /// `history`'s one line a change in a pipe.
    @Test func storedAuthorsAndTimesAreEscaped() throws {
        try cli.run("add", "-q", "Tent")
        try cli.run("check", "-q", "1")
        let database = cli.databasePath
        _ = try cli.pipeline(
            """
            sqlite3 '\(database)' "UPDATE changes SET author = 'x' || char(27) || ']52;c;cm0gLXJmIH4=' || char(7) || char(10) || 'y' WHERE id = 1; UPDATE changes SET createdAt = '2026' || char(27) || '[2J' WHERE id = 2"
            """)
        let piped = try cli.run("history")
        #expect(piped.stdout.split(separator: "\n").count == 2, "\(piped)")
        #expect(piped.stdout.contains("\\u{A}y"), "\(piped)")
        let shown = try cli.pipeline("TERM=xterm script -qec '\"$CHECKLIST\" history' /dev/null")
        #expect(!shown.stdout.contains("\u{1B}"), "\(shown)")
        #expect(shown.stdout.contains("\\u{1B}]52;c;"), "\(shown)")
        #expect(shown.stdout.contains("2026\\u{1B}[2J"), "\(shown)")
    }

    /// 19: the smaller lines the trial listed.
    @Test func theSmallerLinesSayWhatToDo() throws {
        try cli.run("add", "-q", "Tent", "Stove")
        func stderr(_ arguments: String...) throws -> String {
            try cli.run(arguments, stdin: Data()).stderr
        }
        #expect(
            try stderr("reset")
                == "checklist: unknown command 'reset'; did you mean 'uncheck --all'? (see"
                + " 'checklist --help')\n")
        #expect(
            try stderr("lists", "remove", "x")
                == "checklist: unknown command 'lists remove'; did you mean 'lists delete'? (see"
                + " 'checklist lists --help')\n")
        #expect(try stderr("delete", "abc", "0", "-1").hasPrefix("checklist: invalid ID 'abc': "))
        #expect(try stderr("delete", "-1").hasPrefix("checklist: invalid ID '-1': "))
        #expect(
            try stderr("list", "--format", "yaml")
                == "checklist: invalid --format 'yaml'; use 'text', 'json' or 'ids' (see"
                + " 'checklist list --help')\n")
        let sync = try cli.run(["sync", "--db", "missing.db"], stdin: Data())
        #expect(sync.status == 64)
        #expect(
            sync.stderr.hasPrefix("checklist: no file at missing.db, so there is nothing to sync"))
        let help = try cli.run("--help").stdout
        #expect(help.hasPrefix("OVERVIEW: Keep checklists in SQLite, or shared on a PostgreSQL"))
        #expect(help.contains("130 interrupted") && help.contains("--restore-server"))
        // uncheck --all and delete --checked name their items in the history, as check does.
        try cli.run("check", "-q", "1", "2")
        try cli.run("uncheck", "-q", "--all")
        try cli.run("check", "-q", "2")
        try cli.run("delete", "-q", "--checked", "--yes")
        let history = try cli.run("history").stdout.split(separator: "\n")
        #expect(history[0].hasSuffix("deleted 1 item (the checked items of 'default') (ID 2)"))
        #expect(history[2].hasSuffix("unchecked 2 items in 'default' (IDs 1, 2)"))
    }
}
