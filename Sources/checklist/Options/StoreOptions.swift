import ArgumentParser
import ChecklistCore
import Glibc

/// `--db`: where the database lives.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $CHECKLIST_DB, else the XDG data folder).",
            valueName: "path"))
    var db: String?

    /// Opens the database read-only; a missing file reads as empty and is not created.
    func openForReading() throws -> ChecklistStore {
        try DatabaseOpener.openForReading(location())
    }

    /// Opens a database that must exist (backup): a missing file is an error (exit 3).
    func openExisting() throws -> ChecklistStore {
        try DatabaseOpener.openExisting(location())
    }

    /// Opens the database for adding items, creating and migrating it when needed.
    func openForAdding() throws -> ChecklistStore {
        try DatabaseOpener.openForWriting(location())
    }

    /// Opens the database for changing existing items; a missing file is not created, as
    /// there is nothing in it to change.
    func openForChanging() throws -> ChecklistStore {
        try DatabaseOpener.openForWriting(location(), createsMissingFile: false)
    }

    private func location() throws -> DatabaseLocation {
        try DatabaseLocation.resolve(explicitPath: db, environment: Environment.databaseVariables)
    }
}

/// `--list` / `-l`: which list; the flag wins over `CHECKLIST_LIST`, then `default`.
struct ListOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The list (default: $CHECKLIST_LIST, else 'default').", valueName: "name"),
        completion: .custom(ListNames.complete))
    var list: String?

    /// The list named by the flag or the environment, if any.
    var explicitName: String? { list ?? ListOptions.environmentName }

    /// The list named by `CHECKLIST_LIST`, if any.
    static var environmentName: String? {
        guard let name = Environment.value("CHECKLIST_LIST"), !name.isEmpty else { return nil }
        return name
    }

    /// The list a command works on.
    var name: String { explicitName ?? Checklist.defaultName }

    /// The flag is checked as ArgumentParser reads it; `CHECKLIST_LIST` exactly as the flag,
    /// unless the flag overrides it (an empty variable counts as unset).
    func validate() throws {
        if let list {
            if list.isEmpty {
                throw ValidationError("--list needs a name; it was given an empty one")
            }
            try Checklist.validateName(list)
        } else {
            try ListOptions.validateEnvironment()
        }
    }

    /// `CHECKLIST_LIST` is refused exactly as `--list` would refuse its value.
    static func validateEnvironment() throws {
        guard let name = environmentName else { return }
        do {
            try Checklist.validateName(name)
        } catch {
            throw ValidationError("$CHECKLIST_LIST: \(error.description)")
        }
    }

    /// `--all` with the flag `--list` is a contradiction (the variable only sets a default).
    func requireNoList(with all: Bool) throws {
        if all && list != nil { throw ValidationError("give --all or --list, not both") }
    }
}

/// `--quiet` / `-q`: no summary line on stderr.
struct QuietOption: ParsableArguments {
    @Flag(name: [.short, .long], help: "Do not print the summary line on stderr.")
    var quiet = false
}

/// `--format`: how `list` and `lists` print.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
    case ids
}

enum Environment {
    /// The value of an environment variable, if set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables that choose the database.
    static var databaseVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["CHECKLIST_DB", "XDG_DATA_HOME", "HOME"] {
            variables[name] = value(name)
        }
        return variables
    }
}

/// Shell completion of list names: the lists of the database the command line names (its
/// `--db`, else the usual places), read without creating anything; nothing when there is no
/// database or it cannot be read.
enum ListNames {
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var path: String?
        for (position, word) in words.enumerated() where position < index {
            if word == "--db", position + 1 < words.count {
                path = words[position + 1]
            } else if word.hasPrefix("--db=") {
                path = String(word.dropFirst(5))
            }
        }
        guard
            let location = try? DatabaseLocation.resolve(
                explicitPath: path, environment: Environment.databaseVariables),
            let lists = try? DatabaseOpener.openForReading(location).lists()
        else { return [] }
        return lists.map(\.name).filter { $0.hasPrefix(prefix) }
    }
}
