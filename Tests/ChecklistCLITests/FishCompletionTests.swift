import Foundation
import Testing

/// The fish completion script `--generate-completion-script fish` prints, in a real
/// interactive fish with the binary on PATH as `checklist`: the aliases `ls` and `rm` are
/// offered and complete as `list` and `delete` do, list names after `-l` included.
@Suite(.runsProcesses, .needs(.fish, .script)) final class FishCompletionTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func fishOffersTheAliasesWithTheSubcommandNames() throws {
        #expect(try offers("checklist l") == ["list", "lists", "ls"])
        #expect(try offers("checklist r") == ["rename", "rm"])
    }

    @Test func fishCompletesListNamesAfterAnAlias() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run("add", "-q", "-l", "garage", "Box")
        #expect(try offers("checklist list -l ") == ["camping", "garage"])
        #expect(try offers("checklist ls -l ") == ["camping", "garage"])
        #expect(try offers("checklist rm --list ga") == ["garage"])
    }

    @Test func fishCompletesAnAliasesOptionsAsItsCommands() throws {
        let deleteOptions = try offers("checklist delete --")
        #expect(deleteOptions.contains("--checked"))
        #expect(try offers("checklist rm --") == deleteOptions)
        #expect(try offers("checklist ls --") == offers("checklist list --"))
    }

    /// Third user (v3): the root's -l and --db, a database named before the command,
    /// move --list, the lists subcommands' names, and file names where a file goes.
    @Test func fishCompletesListNamesAndFilesEverywhereTheyGo() throws {
        for (line, expected) in try listNameAndFileCases(cli) {
            #expect(try offers(line) == expected, "\(line)")
        }
    }

    /// What fish offers for `line`, sorted: the line is put on an interactive fish's command
    /// line at its first prompt and completed there with `complete -C`. The script asks fish
    /// for the cursor's place (`commandline -C`), which only an interactive fish with a
    /// terminal (here, `script`'s) answers; `fish -c "complete -C '…'"` gets no list names.
    private func offers(_ line: String) throws -> [String] {
        let bin = try cli.binFolder()
        let result = try cli.pipeline(
            """
            PATH="\(bin.path):$PATH"
            mkdir -p "$HOME"
            checklist --generate-completion-script fish > completion.fish
            COMMAND_LINE='\(line)' timeout 30 script -qec \
                "fish --no-config --interactive --init-command 'source ./offer.fish'" /dev/null \
                < /dev/null > /dev/null
            cat offers
            """,
            files: [
                "offer.fish": """
                source ./completion.fish
                function offer --on-event fish_prompt
                    commandline -- $COMMAND_LINE
                    complete -C > offers
                    exit
                end
                """
            ])
        #expect(result.status == 0, "\(result.stderr)")
        // A line a candidate: `camping<TAB>description`.
        return result.stdout.split(separator: "\n").map {
            String($0.prefix { $0 != "\t" })
        }.sorted()
    }
}
