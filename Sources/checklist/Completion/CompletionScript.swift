import ArgumentParser

/// The script `--generate-completion-script SHELL` prints: ArgumentParser's, with the
/// subcommands' aliases added.
///
/// swift-argument-parser (1.8.2) writes each subcommand's name into the scripts it generates,
/// never its aliases: bash, zsh and fish would not offer `ls` after `checklist l`, and would
/// complete nothing after `checklist ls `. So the request is answered here, before
/// ArgumentParser sees it: the script comes from its public `completionScript(for:)`, and
/// each alias read from the command configurations is wired in beside its command, so the
/// shell completes after the alias exactly as after the name (`ScriptLines+Aliases`).
/// The edits find their places by pieces of the generated text. If one is missing (a later
/// ArgumentParser writes its scripts differently), ArgumentParser's script is printed as it
/// is, with an error line on stderr, and the completion tests fail.
struct CompletionScript {
    /// What goes to stdout.
    let text: String
    /// Why the aliases are missing from `text`, if they are.
    let problem: String?

    /// The script the command line asks for; nil when it asks for none, or for one that
    /// ArgumentParser should refuse itself (an unknown shell).
    init?(requestedBy invocation: Invocation) {
        guard invocation.commandType == nil,
            let shell = Self.requestedShell(in: invocation.arguments)
        else { return nil }
        self.init(shell)
    }

    private init(_ shell: CompletionShell) {
        let generated = ChecklistCommand.completionScript(for: shell)
        do {
            text = try Self.addingAliases(to: generated, for: shell)
            problem = nil
        } catch {
            text = generated
            problem =
                "the \(shell.rawValue) completion script does not complete the aliases: "
                + error.description
        }
    }

    /// The shell named as ArgumentParser reads it: `--generate-completion-script SHELL` or
    /// `=SHELL` anywhere before `--`, or the flag alone for the shell of `$SHELL`.
    private static func requestedShell(in arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        let options = arguments.prefix { $0 != "--" }
        guard let index = options.firstIndex(where: { $0 == flag || $0.hasPrefix(flag + "=") })
        else { return nil }
        if options[index] != flag {
            return CompletionShell(rawValue: String(options[index].dropFirst(flag.count + 1)))
        }
        if index + 1 < options.endIndex, !options[index + 1].hasPrefix("-") {
            return CompletionShell(rawValue: options[index + 1])
        }
        return CompletionShell.autodetected()
    }

    /// `generated` with every alias added, or an error naming the piece of text not found.
    private static func addingAliases(
        to generated: String, for shell: CompletionShell
    ) throws(ScriptLines.MissingAnchor) -> String {
        var script = ScriptLines(generated)
        for alias in aliases(under: ChecklistCommand.self, path: [ChecklistCommand._commandName]) {
            switch shell {
            case .bash: try script.addBash(alias)
            case .zsh: try script.addZsh(alias)
            case .fish: try script.addFish(alias)
            default: throw ScriptLines.MissingAnchor("no edits for \(shell.rawValue) scripts")
            }
        }
        return script.text
    }

    /// Every alias of `command`'s subcommands, at any depth.
    private static func aliases(
        under command: any ParsableCommand.Type, path: [String]
    ) -> [CommandAlias] {
        command.configuration.subcommands.flatMap { subcommand in
            let name = subcommand._commandName
            return subcommand.configuration.aliases.map {
                CommandAlias(parents: path, name: name, alias: $0)
            } + aliases(under: subcommand, path: path + [name])
        }
    }
}
