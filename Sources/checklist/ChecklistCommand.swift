import ArgumentParser
import ChecklistCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The root command, and the one place where errors become exit statuses.
@main
struct ChecklistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist",
        abstract: "Keep checklists in SQLite: check items off, reset them, clean up in bulk.",
        discussion: """
            The database is --db PATH, else $CHECKLIST_DB, else \
            $XDG_DATA_HOME/checklist/checklist.db, else ~/.local/share/checklist/checklist.db.
            With no subcommand, checklist lists the items of the default list.
            """,
        version: "1.0.0",
        subcommands: [
            Add.self, List.self, Check.self, Uncheck.self, Toggle.self, Delete.self,
            Rename.self, Move.self, Count.self, Lists.self, Undo.self, History.self,
            Export.self, Import.self, Backup.self,
        ]
    )

    /// With no subcommand, `checklist [options]` is `checklist list [options]`. This is done
    /// here rather than with ArgumentParser's `defaultSubcommand`, which builds the default
    /// command's whole argument set on every run, a tenth of every command's start-up.
    static func withDefaultSubcommand(_ arguments: [String]) -> [String] {
        guard let first = arguments.first else { return ["list"] }
        let rootFlags: Set = [
            "-h", "--help", "--version", "--generate-completion-script",
            "--experimental-dump-help",
        ]
        let flag = String(first.prefix { $0 != "=" })
        guard first.hasPrefix("-"), !rootFlags.contains(flag) else { return arguments }
        return ["list"] + arguments
    }

    static func main() {
        // A write beyond a file-size limit must fail with an error SQLite reports, not kill us.
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try parseAsRoot(
                withDefaultSubcommand(Array(CommandLine.arguments.dropFirst())))
            try command.run()
            Output.standardOutput.flush()
        } catch {
            Output.standardOutput.flush()
            exit(reporting: error)
        }
    }

    /// Prints one line for the error on stderr and exits with the contract's status.
    private static func exit(reporting error: any Error) -> Never {
        switch error {
        case let error as ChecklistError:
            Output.reportError(error.description)
            Glibc.exit(ExitStatus(error).rawValue)
        case let error as ExitCode:
            Glibc.exit(error.rawValue)
        default:
            // Help, --version and completion scripts are clean exits: ArgumentParser prints them.
            if exitCode(for: error) == .success { exit(withError: error) }
            // ArgumentParser's own parse and validation errors: one line, no usage block.
            let message =
                message(for: error)
                .split(separator: "\n").first.map(String.init) ?? "\(error)"
            Output.reportError(
                lowercasingFirst(message.replacingPrefix("Error: ", with: ""))
                    + " (see 'checklist --help')")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }
}

/// The contract's exit statuses (sysexits.h where one fits).
enum ExitStatus: Int32 {
    case success = 0
    /// `count --all-checked` found unchecked items; a confirmation was answered no.
    case declined = 1
    case notFound = 3
    case usage = 64
    case dataError = 65
    case ioError = 74

    init(_ error: ChecklistError) {
        switch error {
        case .itemsNotFound, .listNotFound, .listExists, .listNotEmpty, .severalChecked,
            .itemNotInList, .positionOutOfRange, .unexpectedCount, .nothingToUndo:
            self = .notFound
        case .declined: self = .declined
        case .invalidInput, .fileExists, .singleChoiceConflict: self = .usage
        case .notAChecklistDatabase, .corruptDatabase, .schemaTooNew, .malformedImport:
            self = .dataError
        case .databaseUnavailable, .databaseBusy, .cannotRead: self = .ioError
        }
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
