import Foundation
import Testing

/// The zsh completion script `--generate-completion-script zsh` prints, installed in a real
/// interactive zsh's `fpath` and driven through a pseudo-terminal (zpty), with the binary on
/// PATH as `checklist`: the aliases `ls` and `rm` are offered and complete as `list` and
/// `delete` do, list names after `-l` included.
@Suite(.runsProcesses, .needs(.zsh)) final class ZshCompletionTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func zshReadsTheScriptAndItNamesTheAliasesWhereItNamesTheirCommands() throws {
        let result = try cli.pipeline(
            """
            checklist --generate-completion-script zsh > completion.zsh
            zsh -n completion.zsh && cat completion.zsh
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // The root's function describes its subcommands (`'list:Show the items…'`) and
        // dispatches on their names (`add|list|…)` runs `_checklist_${words[1]}`).
        let root = lines.drop { $0 != "_checklist() {" }.prefix { $0 != "}" }
        for (name, alias) in [("list", "ls"), ("delete", "rm")] {
            let described = root.filter { $0.hasPrefix("'\(name):") }
            #expect(described.count == 1)
            let description = described.first?.dropFirst(name.count + 2) ?? ""
            #expect(root.contains("'\(alias):" + description))
            let patterns = root.filter {
                $0.hasSuffix(")") && $0.dropLast().split(separator: "|").contains(Substring(name))
            }
            #expect(patterns.count == 1)
            #expect(
                patterns.first?.dropLast().split(separator: "|").contains(Substring(alias)) == true)
            #expect(lines.contains("_checklist_\(alias)() {"))
        }
    }

    @Test func zshOffersTheAliasesWithTheSubcommandNames() throws {
        #expect(try offers("checklist l") == ["list", "lists", "ls"])
        #expect(try offers("checklist r") == ["rename", "rm"])
    }

    @Test func zshCompletesListNamesAfterAnAlias() throws {
        try cli.run("add", "-q", "-l", "camping", "Tent")
        try cli.run("add", "-q", "-l", "garage", "Box")
        #expect(try offers("checklist list -l ") == ["camping", "garage"])
        #expect(try offers("checklist ls -l ") == ["camping", "garage"])
        #expect(try offers("checklist rm --list ga") == ["garage"])
    }

    @Test func zshCompletesAnAliasesOptionsAsItsCommands() throws {
        let deleteOptions = try offers("checklist delete --")
        #expect(deleteOptions.contains("--checked"))
        #expect(try offers("checklist rm --") == deleteOptions)
        #expect(try offers("checklist ls --") == offers("checklist list --"))
    }

    /// Third user (v3): the root's -l and --db, a database named before the command,
    /// move --list, the lists subcommands' names, and file names where a file goes.
    @Test(.fileOnly) func zshCompletesListNamesAndFilesEverywhereTheyGo() throws {
        for (line, expected) in try listNameAndFileCases(cli) {
            #expect(try offers(line) == expected, "\(line)")
        }
    }

    /// What zsh offers for `line`, sorted: `offer.zsh` types the line into an interactive zsh
    /// in a pseudo-terminal, with the script as `_checklist` in its `fpath`, presses Tab, and
    /// prints each candidate the completion system adds.
    private func offers(_ line: String) throws -> [String] {
        let bin = try cli.binFolder()
        let result = try cli.pipeline(
            """
            PATH="\(bin.path):$PATH"
            mkdir -p "$HOME" functions
            checklist --generate-completion-script zsh > functions/_checklist
            timeout 30 zsh -f offer.zsh "$PWD/functions" '\(line)'
            """, files: ["offer.zsh": Self.offerScript])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    /// zsh's completion widgets run only in its line editor, so the line is typed into one.
    /// `compadd` is wrapped to print the candidates it adds; the markers are written split in
    /// the commands so that the terminal's echo of a command never looks like its output.
    private static let offerScript = #"""
        zmodload zsh/zpty || exit 2
        zpty shell zsh -f -i
        zpty -w shell "fpath=(${(q)1} \$fpath); autoload -U compinit; compinit -u -D"
        zpty -w shell 'compadd() {
          if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
          local -a added; builtin compadd -A added "$@"; local found=$?
          (( $#added )) && print -r -l -- "<off""er>"${^added}
          return found
        }'
        zpty -w shell 'finish() { print -r -- "<fini""shed>"; exit }; zle -N finish'
        zpty -w shell 'bindkey "^I" complete-word; bindkey "^X" finish; print "<rea""dy>"'
        zpty -r shell output '*<ready>*'
        zpty -w -n shell "$2"$'\t\C-x'
        while zpty -r shell output; do
          [[ $output == *'<finished>'* ]] && break
          [[ $output == *'<offer>'* ]] && print -r -- ${${output##*<offer>}%%[$'\r\n']*}
        done
        zpty -d shell
        """#
}
