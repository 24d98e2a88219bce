import Foundation
import Testing

/// The bash completion script `--generate-completion-script bash` prints, sourced in a real
/// bash, with the binary on PATH as `checklist`: `-l <TAB>` offers the database's list names,
/// and the aliases `ls` and `rm` complete as `list` and `delete` do.
@Suite(.runsProcesses) final class CompletionTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func bashCompletesListNamesFromTheDatabase() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run("add", "-q", "-l", "garage", "Box")
        #expect(try complete("checklist list -l ") == "[camping garage]")
        #expect(try complete("checklist count --list ga") == "[garage]")
        #expect(try complete("checklist import x.md -l c") == "[camping]")
    }

    @Test func withoutADatabaseNothingIsOfferedAndNothingIsCreated() throws {
        #expect(try complete("checklist list -l ") == "[]")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func bashOffersTheAliasesWithTheSubcommandNames() throws {
        #expect(try offers("checklist l") == ["list", "lists", "ls"])
        #expect(try offers("checklist r") == ["rename", "rm"])
    }

    @Test func bashCompletesListNamesAfterAnAlias() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run("add", "-q", "-l", "garage", "Box")
        #expect(try complete("checklist ls -l ") == "[camping garage]")
        #expect(try complete("checklist rm --list ga") == "[garage]")
    }

    @Test func bashCompletesAnAliasesOptionsAsItsCommands() throws {
        let deleteOptions = try offers("checklist delete --")
        #expect(deleteOptions.contains("--checked"))
        #expect(try offers("checklist rm --") == deleteOptions)
        #expect(try offers("checklist ls --") == offers("checklist list --"))
    }

    /// Issue 33: `pick` is offered with its options, `--pick` on the commands that take it,
    /// and `move --from` completes list names.
    @Test func bashOffersPickAndThePickFlags() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        #expect(try offers("checklist pi") == ["pick"])
        let pickOptions = try offers("checklist pick --")
        for option in ["--checked", "--unchecked", "--match", "--format", "--list"] {
            #expect(pickOptions.contains(option), "\(option) in \(pickOptions)")
        }
        #expect(try complete("checklist pick --format ") == "[ids json]")
        for command in ["check", "uncheck", "toggle", "delete", "rm", "move"] {
            #expect(try offers("checklist \(command) --").contains("--pick"), "\(command)")
        }
        #expect(try complete("checklist move --pick --from c") == "[camping]")
    }

    /// The aliases are added to ArgumentParser's scripts where pieces of their text are found;
    /// a piece that is not found is reported on stderr (and the script printed as generated).
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyScriptGetsItsAliasesWithNothingOnStderr(_ shell: String) throws {
        let result = try cli.run("--generate-completion-script", shell)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(!result.stdout.isEmpty)
    }

    /// Third user (v3): the root's -l and --db, a database named before the command,
    /// move --list, the lists subcommands' names, and file names where a file goes.
    @Test func bashCompletesListNamesAndFilesEverywhereTheyGo() throws {
        for (line, expected) in try listNameAndFileCases(cli) {
            #expect(try offers(line) == expected, "\(line)")
        }
    }

    /// What bash offers for the last word of `line` (the cursor at its end), as bash shows it.
    private func complete(_ line: String) throws -> String {
        let bin = try cli.binFolder()
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try cli.pipeline(
            """
            PATH="\(bin.path):$PATH"
            checklist --generate-completion-script bash > completion.bash
            bash -c 'source ./completion.bash
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _checklist checklist "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            echo "[${COMPREPLY[*]}]"' bash '\(line)' \(quoted)
            """)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    /// What bash offers for the last word of `line`, sorted.
    private func offers(_ line: String) throws -> [String] {
        try complete(line).dropFirst().dropLast().split(separator: " ").map(String.init).sorted()
    }
}

/// The lines every shell's script must complete with list names or file names (v3): the
/// root's -l and --db, a database named before the command, move --list, the lists
/// subcommands' names, and a file where a file goes. Makes the lists and the file first.
func listNameAndFileCases(_ cli: CLI) throws -> [(line: String, offers: [String])] {
    try cli.run("add", "-q", "-l", "camping", "Tent")
    try cli.run("add", "-q", "-l", "garage", "Box")
    try Data().write(to: cli.folder.appendingPathComponent("trip.md"))
    let both = ["camping", "garage"]
    return [
        ("checklist -l ", both), ("checklist --db \(cli.databasePath) list -l ", both),
        ("checklist move 1 --list ", both), ("checklist lists rename ", both),
        ("checklist lists copy g", ["garage"]), ("checklist lists delete c", ["camping"]),
        ("checklist lists mode ", both), ("checklist import tr", ["trip.md"]),
        ("checklist backup tr", ["trip.md"]), ("checklist --db tr", ["trip.md"]),
        ("checklist list --db tr", ["trip.md"]),
    ]
}
