import ChecklistModel
import ChecklistPostgres
import ChecklistSQLite
import ChecklistStore

/// Opens the database a command names: a file (`SQLiteOpener`: a look that never writes, then
/// SQLite) or a server (`PostgreSQLOpener`). A database without lists (a missing or empty
/// file, a server's database without the schema) reads as an empty checklist.
public enum DatabaseOpener {
    /// Opens the database for a command that only reads.
    public static func openForReading(_ location: DatabaseLocation) throws -> ChecklistStore {
        guard let server = location.server else {
            return try SQLiteOpener.openForReading(path: location.path)
        }
        return try PostgreSQLOpener.openServer(server, creating: false) ?? ChecklistStore.empty()
    }

    /// Opens a database that must exist (for `backup`): a missing file is an error, not an
    /// empty checklist; so is a server's database without the schema (no lists to back up).
    public static func openExisting(_ location: DatabaseLocation) throws -> ChecklistStore {
        guard let server = location.server else {
            return try SQLiteOpener.openExisting(path: location.path)
        }
        return try PostgreSQLOpener.openServer(server, creating: false, requiringSchema: true)
            ?? ChecklistStore.empty()
    }

    /// Opens a database that must exist, for writing (`serve`): a missing file is an error
    /// (exit 3), never created; a server's database without the schema gets it at the first
    /// write, as for any command.
    public static func openExistingForWriting(_ location: DatabaseLocation) throws -> ChecklistStore
    {
        guard let server = location.server else {
            return try SQLiteOpener.openExistingForWriting(path: location.path)
        }
        return try PostgreSQLOpener.openServer(server, creating: false)
            ?? ChecklistStore.empty()
    }

    /// Opens the database for a command that writes, creating and migrating it as needed.
    ///
    /// A command that can only change existing items (check, delete…) passes
    /// `createsMissingFile: false`: on a missing file it gets an empty in-memory store, so it
    /// fails or does nothing exactly as on an empty database, without leaving a file behind.
    public static func openForWriting(
        _ location: DatabaseLocation, createsMissingFile: Bool = true
    ) throws -> ChecklistStore {
        guard let server = location.server else {
            return try SQLiteOpener.openForWriting(
                path: location.path, createsMissingFile: createsMissingFile)
        }
        return try PostgreSQLOpener.openServer(server, creating: createsMissingFile)
            ?? ChecklistStore.empty()
    }

    /// Whether a file exists at `path` (for the command line's notes about a database).
    public static func exists(_ path: String) -> Bool { SQLiteOpener.exists(path) }
}
