import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistStore

/// `--db`: where the database lives.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database: a file, or a postgresql:// URI (default: $CHECKLIST_DB, else the XDG data folder).",
            valueName: "path"),
        completion: .file())
    var db: String?

    /// The option's value, as the requests carry it.
    var location: StoreLocation { StoreLocation(db: db) }

    /// Opens the database read-only; a missing file reads as empty and is not created.
    func openForReading() throws -> ChecklistStore { try location.openForReading() }

    /// Opens a database that must exist (backup): a missing file is an error (exit 3).
    func openExisting() throws -> ChecklistStore { try location.openExisting() }

    /// Opens the database for adding items, creating and migrating it when needed.
    func openForAdding() throws -> ChecklistStore { try location.openForAdding() }

    /// Opens the database for changing existing items; a missing file is not created, as
    /// there is nothing in it to change.
    func openForChanging() throws -> ChecklistStore { try location.openForChanging() }
}

/// `--db`'s value as a plain value (see `Request`), and the ways a command opens the store.
struct StoreLocation: Equatable {
    var db: String?

    func openForReading() throws -> ChecklistStore {
        try DatabaseOpener.openForReading(resolved())
    }

    func openExisting() throws -> ChecklistStore {
        try DatabaseOpener.openExisting(resolved())
    }

    func openForAdding() throws -> ChecklistStore {
        try DatabaseOpener.openForWriting(resolved())
    }

    func openForChanging() throws -> ChecklistStore {
        try DatabaseOpener.openForWriting(resolved(), createsMissingFile: false)
    }

    /// Opens an offline copy for `sync`: a server, or a file that is missing, is no copy.
    func openCopy() throws -> ChecklistStore {
        let location = try resolved()
        if let server = location.server {
            throw ChecklistError.notAnOfflineCopy(path: server.description)
        }
        guard DatabaseOpener.exists(location.path) else {
            throw ChecklistError.noOfflineCopy(path: location.path)
        }
        return try DatabaseOpener.openForWriting(location, createsMissingFile: false)
    }

    private func resolved() throws -> DatabaseLocation {
        try DatabaseLocation.resolve(explicitPath: db, environment: Environment.databaseVariables)
    }
}

/// The stores of the commands that have finished with them, closed and kept until the process
/// exits: a store that goes at the end of a command runs GRDB's deinitializer, which costs
/// the hottest commands (`check`, `count`, `list`) about 8% of their instructions for nothing
/// the exit would not do (see `ChecklistStore.closeFile`).
enum StoreLifetime {
    nonisolated(unsafe) private static var kept: [ChecklistStore] = []

    /// Closes the store's file and keeps the store; a server's store, or one whose file does
    /// not close, goes as before.
    static func closeAndKeepUntilExit(_ store: ChecklistStore) {
        guard (try? store.closeFile()) == true else { return }
        kept.append(store)
    }
}
