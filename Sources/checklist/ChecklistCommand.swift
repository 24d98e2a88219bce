import ArgumentParser
import ChecklistCore
import ChecklistModel

/// The root command, and the one place where errors become exit statuses.
@main
struct ChecklistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist",
        abstract:
            "Keep checklists in SQLite, or shared on a PostgreSQL server: check items off,"
            + " reset them, clean up in bulk.",
        discussion: """
            The database is --db PATH, else $CHECKLIST_DB, else \
            $XDG_DATA_HOME/checklist/checklist.db, else ~/.local/share/checklist/checklist.db.
            With no subcommand, checklist lists the items of the default list. On a server,             each wait for it lasts at most $CHECKLIST_SERVER_TIMEOUT seconds (default 30;             0 waits forever).

            Exit status: 0 success; 1 a confirmation answered no, or count --all-checked \
            found unchecked items; 3 an ID or list named does not exist (nothing changed); \
            64 usage error (nothing changed); 65 not a checklist database, corrupt, a newer \
            schema, or a malformed import file (left untouched); 74 the database or a file \
            cannot be opened, read or written, or a server stopped answering; 75 undo \
            refused: another author changed the same items since, or sync found that the \
            server lost changes this copy holds (nothing changed; see sync \
            --restore-server); 130 interrupted (Ctrl-C).
            """,
        version: "1.0.0",
        subcommands: [
            Add.self, List.self, Check.self, Uncheck.self, Toggle.self, Delete.self,
            Rename.self, Set.self, Move.self, Count.self, Lists.self, Undo.self, History.self,
            Export.self, Import.self, Backup.self, Clone.self, Sync.self, Copies.self, Edit.self,
            Pick.self,
            Serve.self,
        ]
    )

    // `--db` and `-l` before the subcommand's name (`checklist -l camping check 3`). Invocation
    // moves them after it before anything parses; they are declared here for the help and the
    // completion scripts, which complete their values at that place too.
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database (a file or a postgresql:// URI), for the command that follows (as its own --db).",
            valueName: "path"),
        completion: .file())
    var db: String?

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The list, for the command that follows (as its own --list).", valueName: "name"),
        completion: .custom(ListNames.complete))
    var list: String?

    static func main() {
        Platform.ignoreFatalWriteSignals()
        Platform.holdClosedStandardDescriptors()
        var commandPath: [String] = []
        do {
            // With no subcommand, `checklist [options]` is `checklist list [options]`. This is
            // done by `Invocation` rather than with ArgumentParser's `defaultSubcommand`,
            // which builds the default command's whole argument set on every run, a tenth of
            // every command's start-up.
            let invocation = try Invocation(
                Invocation.separatingAttachedValues(try Invocation.commandLineArguments()))
            commandPath = invocation.commandPath
            if let script = CompletionScript(requestedBy: invocation) {
                // ArgumentParser's own script would lack the aliases (see CompletionScript).
                Output.write(script)
            } else {
                // The hot command lines skip ArgumentParser's start-up (see FastPath).
                if let request = FastPath.request(invocation) {
                    try request.run()
                } else {
                    var command = try parse(invocation)
                    try command.run()
                }
            }
            try Output.finishStandardOutput()
        } catch {
            Output.standardOutput.flush()
            exit(reporting: error, in: commandPath)
        }
    }

    /// Parses the command line. A subcommand is parsed as a command of its own (its
    /// configuration names `checklist` as its super-command, so its help and usage read the
    /// same): the root's parse would also try the whole command line twice as a request for a
    /// completion script, a quarter of `checklist check 5`'s instructions (callgrind).
    static func parse(_ invocation: Invocation) throws -> any ParsableCommand {
        guard let type = invocation.commandType else {
            return try parseAsRoot(invocation.arguments)
        }
        return try type.parseAsRoot(
            Array(invocation.arguments.dropFirst(invocation.commandPath.count)))
    }

    /// ArgumentParser's sentence for a value outside a choice ("The value 'yaml' is invalid for
    /// '--format <format>'. Please provide one of 'text', 'json' or 'ids'.") in the words of
    /// the program's other messages: `invalid --format 'yaml'; use 'text', 'json' or 'ids'`.
    static func inOurWords(_ message: String) -> String {
        let text = message.replacingPrefix("Error: ", with: "")
        guard text.hasPrefix("The value '"),
            let invalid = text.range(of: "' is invalid for '"),
            let choices = text.range(of: ". Please provide one of ")
        else { return message }
        let value = text[text.index(text.startIndex, offsetBy: 11)..<invalid.lowerBound]
        let option =
            text[invalid.upperBound..<choices.lowerBound].dropLast()
            .split(separator: " ").first ?? ""
        let allowed = text[choices.upperBound...].drop { $0 == " " }
        return
            "invalid \(option) '\(value)'; use \(allowed.hasSuffix(".") ? allowed.dropLast() : allowed)"
    }

    /// Prints one line for the error on stderr and exits with the contract's status. A usage
    /// error points to the help of the subcommand it concerns.
    private static func exit(reporting error: any Error, in commandPath: [String]) -> Never {
        let failure: CommandFailure
        switch error {
        case let error as ChecklistError:
            failure = CommandFailure(error)
        case let error as UsageError:
            failure = CommandFailure(
                error.message + " " + helpPointer(error.command), status: .usage)
        case let error as OutputFailure:
            failure = CommandFailure(
                "cannot write to standard output: \(error.reason)", status: .ioError)
        case let error as AddedButNotShown:
            failure = CommandFailure(error.message, status: .ioError)
        case let error as ExitCode:
            Platform.exit(error.rawValue)
        default:
            // Help, --version and completion answers are clean exits, written as ArgumentParser
            // writes them, but checked: on a full disk or a closed pipe they fail as every
            // command does.
            if exitCode(for: error) == .success { exit(printing: fullMessage(for: error)) }
            // ArgumentParser's own parse and validation errors: one line, no usage block.
            // Its first paragraph (an argument's own line break must not end it), with every
            // quoted argument shown short and escaped: one error, one line.
            let full = message(for: error)
            let firstParagraph = Self.firstParagraph(of: full)
            let message = Phrase.quotingInput(
                in: inOurWords(
                    withoutFarSuggestion(
                        String(firstParagraph.reversed().drop { $0 == "\n" }.reversed()))))
            failure = CommandFailure(
                lowercasingFirst(message.replacingPrefix("Error: ", with: "")) + " "
                    + helpPointer(commandPath), status: .usage)
        }
        // The one error edge: one line on stderr, the contract's status.
        Output.reportError(failure.line)
        Platform.exit(failure.status.rawValue)
    }

    /// Writes a clean exit's text on stdout; exits 0, or 74 when the text could not be written.
    private static func exit(printing text: String) -> Never {
        if !text.isEmpty { Output.standardOutput.write(text + "\n") }
        do {
            try Output.finishStandardOutput()
        } catch {
            exit(reporting: error, in: [])
        }
        Platform.exit(ExitStatus.success.rawValue)
    }

    /// An ArgumentParser message before its usage block (an argument's own line break is part
    /// of the message, not its end).
    private static func firstParagraph(of message: String) -> String {
        for marker in ["\nUsage:", "\n  See '", "\nHelp:"] {
            if let range = message.range(of: marker) { return String(message[..<range.lowerBound]) }
        }
        return message
    }

    /// ArgumentParser suggests the nearest option however far it is (`--quiet`: "Did you mean
    /// '--list'?"); a suggestion more than two edits away is dropped.
    private static func withoutFarSuggestion(_ message: String) -> String {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard message.hasPrefix("Error: Unknown option '") || message.hasPrefix("Unknown option '"),
            message.contains(". Did you mean '"), parts.count >= 5
        else { return message }
        let (option, suggestion) = (String(parts[1]), String(parts[3]))
        guard Invocation.editDistance(option, suggestion) > 2,
            let suggested = message.range(of: ". Did you mean '")
        else { return message }
        return String(message[..<suggested.lowerBound])
    }

    /// "(see 'checklist lists add --help')".
    /// (Help pointers are the program's own words.)
    private static func helpPointer(_ commandPath: [String]) -> String {
        "(see '" + (["checklist"] + commandPath + ["--help"]).joined(separator: " ") + "')"
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
