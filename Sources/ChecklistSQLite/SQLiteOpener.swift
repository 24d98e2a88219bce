import CSQLiteDefensive
import ChecklistModel
import ChecklistStore
import GRDB

/// Opens the database file for a command, after a look that never writes.
///
/// A reading command opens the file read-only and never creates it: a missing or empty file
/// reads as an empty checklist. A writing command creates a missing file (mode 0600, folders
/// 0700: lists are personal data), refuses a foreign, damaged or newer file before anything
/// writes to it, then opens it read-write in WAL mode and applies pending migrations.
public enum SQLiteOpener {
    /// How long a command waits for another process's write lock before giving up.
    public static let busyTimeout: Double = 5

    /// Opens the database for a command that only reads.
    package static func openForReading(path: String) throws -> ChecklistStore {
        switch try inspectFile(at: path) {
        case .missing, .empty:
            return try ChecklistStore.empty()
        case .sqlite(_, let isCurrent):
            if isCurrent, let store = try openCurrent(at: path, readonly: true) { return store }
        }
        do {
            switch try look(at: path) {
            case .empty:
                return try ChecklistStore.empty()
            case .checklist:
                return ChecklistStore(try readingQueue(at: path))
            case .tooNew:
                throw ChecklistError.schemaTooNew(path: path)
            case .foreign:
                throw ChecklistError.notAChecklistDatabase(path: path)
            }
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    /// Opens a database that must exist (for `backup`): a missing file is an error, not an
    /// empty checklist.
    package static func openExisting(path: String) throws -> ChecklistStore {
        if try inspectFile(at: path) == .missing {
            throw ChecklistError.databaseNotFound(path: path)
        }
        return try openForReading(path: path)
    }

    /// Opens a database that must exist, for writing (`serve`): a missing file is an error
    /// (exit 3), never created; a server's database without the schema gets it at the first
    /// write, as for any command.
    package static func openExistingForWriting(path: String) throws -> ChecklistStore {
        if try inspectFile(at: path) == .missing {
            throw ChecklistError.databaseNotFound(path: path)
        }
        return try openForWriting(path: path, createsMissingFile: false)
    }

    /// Opens the database for a command that writes, creating and migrating it as needed.
    ///
    /// A command that can only change existing items (check, delete…) passes
    /// `createsMissingFile: false`: on a missing file it gets an empty in-memory store, so it
    /// fails or does nothing exactly as on an empty database, without leaving a file behind.
    package static func openForWriting(path: String, createsMissingFile: Bool = true) throws
        -> ChecklistStore
    {
        var file = try inspectFile(at: path)
        if file != .missing || createsMissingFile { try requireRoom(path) }
        if file == .missing {
            guard createsMissingFile else { return try ChecklistStore.empty() }
            try createFile(at: path)
            file = .empty
        }
        if case .sqlite(_, true) = file, let store = try openCurrent(at: path, readonly: false) {
            return store
        }
        do {
            if case .sqlite(let isWAL, _) = file {
                let state = try look(at: path)
                if state == .tooNew { throw ChecklistError.schemaTooNew(path: path) }
                if state == .foreign { throw ChecklistError.notAChecklistDatabase(path: path) }
                try requireWritable(path)
                let queue = try connection(at: path, readonly: false)
                if !isWAL { try enableWAL(queue) }
                if state != .checklist(pending: []) { try SQLiteSchema.migrate(queue) }
                return ChecklistStore(queue)
            }
            try requireWritable(path)
            let queue = try connection(at: path, readonly: false)
            try enableWAL(queue)
            try SQLiteSchema.migrate(queue)
            return ChecklistStore(queue)
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    /// The schema version this binary writes into the file header: the number of migrations.
    static var currentVersion: Int32 { Int32(SQLiteSchema.migrations.count) }
    /// "CHKL", the file header's application_id of a checklist database.
    static let applicationID: Int32 = 0x4348_4B4C

    /// Opens a database whose header says it is a current checklist database with one
    /// connection, with no look through another and no migration; nil when the connection
    /// finds otherwise (the header may lag behind a `-wal`, or a newer checklist recorded a
    /// migration we do not know), and the careful path must decide.
    ///
    /// A read takes this path when a `-wal` exists already (through a read-only connection),
    /// or when this user may write the file and its folder (through the read-write connection
    /// `readingQueue` gives, which removes the `-wal` and `-shm` it creates when it closes): a
    /// read-only connection to a WAL database without a `-wal` would leave those two files
    /// behind. Otherwise the careful path looks first. Taking this path, an ordinary `list` or
    /// `count` opens one connection, not two (one connection's set-up is about a million
    /// instructions, and closing one wakes a libdispatch thread).
    private static func openCurrent(at path: String, readonly: Bool) throws -> ChecklistStore? {
        let hasWAL = exists(path + "-wal")
        if readonly && !hasWAL && !isWritableWithItsFolder(path) { return nil }
        do {
            if !readonly { try requireWritable(path) }
            let queue =
                readonly
                ? (hasWAL ? try readOnlyQueue(at: path) : try readingQueue(at: path))
                : try connection(at: path, readonly: false)
            // Outside a transaction (no BEGIN and COMMIT, nor, on a read-write connection,
            // GRDB's query_only on and off): the look's three statements may each see a newer
            // state than the one before. The only change another checklist can make between
            // them is a newer migration (its row and its header version in one transaction),
            // and the last statement reads the migrations: the look says too new, or current
            // as of before it, as one transaction would.
            if try queue.inDatabase(SQLiteSchema.state(of:)) == .checklist(pending: []) {
                return ChecklistStore(queue)
            }
            try queue.close()
            return nil
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    /// What the file holds, seen through a read-only connection that leaves nothing beside
    /// the file: a file we refuse must stay exactly as found, without a `-shm` or `-wal`.
    ///
    /// With no `-wal` beside it, no connection is open and the file alone is the whole
    /// database, so SQLite may read it as immutable (no `-shm`). Another process could start
    /// writing during the look; then the `-wal` appears or the file changes, and the look is
    /// made again through an ordinary read-only connection (a `-wal` exists by then, so it
    /// adds nothing that was not there). A read-write connection is never used for the look:
    /// closing it would checkpoint a foreign WAL database.
    static func look(at path: String) throws -> SQLiteSchema.SchemaState {
        if !exists(path + "-wal") {
            let before = modificationStamp(path)
            let immutable = try? DatabaseQueue(
                path: immutableURI(path), configuration: configuration(readonly: true))
            if let immutable, let state = try? immutable.read(SQLiteSchema.state(of:)) {
                try? immutable.close()
                if !exists(path + "-wal") && modificationStamp(path) == before { return state }
            }
        }
        let look = try connection(at: path, readonly: true)
        defer { try? look.close() }
        return try look.read(SQLiteSchema.state(of:))
    }

    /// Refuses, before SQLite touches anything, a file or folder this user may not write: a
    /// read-write open of it would leave `-wal` and `-shm` files behind and then fail.
    static func requireWritable(_ path: String) throws(ChecklistError) {
        let folder = parentFolder(of: path)
        if let refusal = FileSystem.writeRefusal(path), !refusal.isMissing {
            throw .databaseUnavailable(
                path: path, reason: "the file is read-only; check its permissions")
        }
        if !exists(path + "-wal") && FileSystem.writeRefusal(folder.isEmpty ? "." : folder) != nil {
            throw .databaseUnavailable(
                path: path,
                reason: "its folder is read-only (SQLite keeps a journal beside the file);"
                    + " check the folder's permissions")
        }
    }

    public static func exists(_ path: String) -> Bool {
        FileSystem.exists(path)
    }

    /// The file's size, modification time and inode, to notice a change during a look.
    static func modificationStamp(_ path: String) -> [Int] {
        (try? FileSystem.status(of: path).get())?.stamp ?? []
    }

    private static func immutableURI(_ path: String) -> String {
        if RawPath.hasRawBytes(path) { return RawPath.forSQLite(path) + "?immutable=1" }
        return "file:" + path.replacingPercentSensitiveCharacters() + "?immutable=1"
    }

    /// The connection a read uses once the look found a checklist database. Where the file
    /// and its folder may be written, a read-write connection: it only reads (every store read
    /// is a read-only transaction), but when it is the last one to close, SQLite checkpoints
    /// and removes the `-wal` and `-shm` files that opening a WAL database creates, as after a
    /// write. A read-only connection cannot remove them: a `list` left two empty files beside
    /// a database that had none. It takes no lock a read-only connection would not take, and
    /// its closing checkpoint is skipped, never waited for, while other connections are open.
    private static func readingQueue(at path: String) throws -> DatabaseQueue {
        // A full disk: no room for the `-shm` a WAL database's connection makes (SQLite would
        // fail with code 4874 and leave it, and a `-wal`, behind). With neither beside it, no
        // connection is open and no write can commit without room for a `-wal`: the file alone
        // is the whole database, read as immutable.
        if !hasRoomForItsJournal(path), !exists(path + "-wal"), !exists(path + "-shm") {
            return try DatabaseQueue(
                path: immutableURI(path), configuration: configuration(readonly: true))
        }
        guard isWritableWithItsFolder(path) else { return try readOnlyQueue(at: path) }
        return try connection(at: path, readonly: false)
    }

    /// Room enough on the disk for a connection's `-shm` and a first write's `-wal`.
    static let journalRoom = 256 * 1024

    /// Whether the disk holding the database has `journalRoom` left for this user (or cannot
    /// tell).
    static func hasRoomForItsJournal(_ path: String) -> Bool {
        let folder = parentFolder(of: path)
        return (FileSystem.availableBytes(folder.isEmpty ? "." : folder) ?? .max) >= journalRoom
    }

    /// Refuses a write on a full disk before SQLite touches anything, when no `-wal` is there
    /// to write in: SQLite would fail with code 4874 and leave a `-shm` and a `-wal` behind.
    static func requireRoom(_ path: String) throws(ChecklistError) {
        guard !exists(path + "-wal"), !hasRoomForItsJournal(path) else { return }
        throw .databaseUnavailable(
            path: path, reason: "the disk is full; nothing changed; free some space and try again")
    }

    /// Whether this user may write the file and the folder it is in.
    private static func isWritableWithItsFolder(_ path: String) -> Bool {
        let folder = parentFolder(of: path)
        return FileSystem.writeRefusal(path) == nil
            && FileSystem.writeRefusal(folder.isEmpty ? "." : folder) == nil
    }

    /// A read-only connection. A WAL database in a folder we may not write (read-only media,
    /// another user's folder) cannot get its `-shm` file; when no `-wal` holds changes beyond
    /// the main file, the file alone is the whole database, and SQLite may read it as immutable.
    private static func readOnlyQueue(at path: String) throws -> DatabaseQueue {
        // A file this user may not write, with no `-wal` beside it (no connection is open,
        // and the file alone is the whole database): read as immutable. An ordinary read-only
        // connection would create the `-wal` and `-shm` of a WAL database in a folder this user
        // may write, owned by this user, and could not remove them: another user's read
        // would leave files beside the owner's database.
        if !exists(path + "-wal"), FileSystem.writeRefusal(path) != nil {
            return try DatabaseQueue(
                path: immutableURI(path), configuration: configuration(readonly: true))
        }
        do {
            let queue = try connection(at: path, readonly: true)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError
            where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode)
        {
            guard !hasFrames(walOf: path) else { throw error }
            return try DatabaseQueue(
                path: immutableURI(path), configuration: configuration(readonly: true))
        }
    }

    /// A connection to the file at `path`, which SQLite reads as a path even where it starts
    /// with `file:` (SQLite would read that as a URI naming another file, with its own
    /// options, past every look the opener made).
    static func connection(at path: String, readonly: Bool) throws -> DatabaseQueue {
        try DatabaseQueue(path: plainPath(path), configuration: configuration(readonly: readonly))
    }

    /// `path` as SQLite reads a path, never a URI: a relative path that starts with `file:`
    /// gets `./` in front.
    static func plainPath(_ path: String) -> String {
        if RawPath.hasRawBytes(path) { return RawPath.forSQLite(path) }
        return path.hasPrefix("file:") ? "./" + path : path
    }

    static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        // A file may come from anyone: SQLite's defensive mode, and its schema untrusted (no
        // function with side effects runs from what the file stores). The look refuses a file
        // with triggers or views (SQLiteSchema.state).
        configuration.prepareDatabase { db in
            let status = checklist_sqlite_harden(UnsafeMutableRawPointer(db.sqliteConnection))
            if status != 0 { throw DatabaseError(resultCode: ResultCode(rawValue: status)) }
        }
        return configuration
    }

    /// Switches the file to WAL, which lets readers go on while one process writes; the mode
    /// is stored in the file.
    ///
    /// The switch needs an exclusive lock, and SQLite does not call the busy handler for it (a
    /// connection holding a shared lock could deadlock waiting for one): when several processes
    /// create one database at once, all but the first get SQLITE_BUSY at once. So the switch is
    /// retried here, within the same busy timeout as every other lock.
    private static func enableWAL(_ queue: DatabaseQueue) throws {
        let deadline = ContinuousClock.now + .seconds(busyTimeout)
        while true {
            do {
                let mode = try queue.writeWithoutTransaction { db in
                    try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                }
                guard mode?.lowercased() == "wal" else {
                    throw ChecklistError.databaseUnavailable(
                        path: queue.path,
                        reason:
                            "SQLite could not switch it to WAL mode (it stays \(mode ?? "unknown"));"
                            + " keep the database on a local disk")
                }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                if ContinuousClock.now >= deadline { throw error }
                FileSystem.pause(microseconds: UInt32.random(in: 2_000...20_000))
            }
        }
    }

}

extension String {
    /// The path with the characters that mean something in a SQLite URI percent-encoded.
    fileprivate func replacingPercentSensitiveCharacters() -> String {
        var encoded = ""
        for character in self {
            switch character {
            case "%": encoded += "%25"
            case "?": encoded += "%3F"
            case "#": encoded += "%23"
            default: encoded.append(character)
            }
        }
        return encoded
    }
}
