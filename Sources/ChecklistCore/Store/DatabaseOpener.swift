import GRDB
import Glibc

/// Opens the database file for a command, after a look that never writes.
///
/// A reading command opens the file read-only and never creates it: a missing or empty file
/// reads as an empty checklist. A writing command creates a missing file (mode 0600, folders
/// 0700: lists are personal data), refuses a foreign, damaged or newer file before anything
/// writes to it, then opens it read-write in WAL mode and applies pending migrations.
public enum DatabaseOpener {
    /// How long a command waits for another process's write lock before giving up.
    public static let busyTimeout: Double = 5

    /// Opens the database for a command that only reads.
    public static func openForReading(_ location: DatabaseLocation) throws -> ChecklistStore {
        let path = location.path
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
    public static func openExisting(_ location: DatabaseLocation) throws -> ChecklistStore {
        if try inspectFile(at: location.path) == .missing {
            throw ChecklistError.databaseNotFound(path: location.path)
        }
        return try openForReading(location)
    }

    /// Opens the database for a command that writes, creating and migrating it as needed.
    ///
    /// A command that can only change existing items (check, delete…) passes
    /// `createsMissingFile: false`: on a missing file it gets an empty in-memory store, so it
    /// fails or does nothing exactly as on an empty database, without leaving a file behind.
    public static func openForWriting(
        _ location: DatabaseLocation, createsMissingFile: Bool = true
    ) throws -> ChecklistStore {
        let path = location.path
        var file = try inspectFile(at: path)
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
                let queue = try DatabaseQueue(
                    path: path, configuration: configuration(readonly: false))
                if !isWAL { try enableWAL(queue) }
                if state != .checklist(pending: []) { try SchemaMigrator.migrate(queue) }
                return ChecklistStore(queue)
            }
            try requireWritable(path)
            let queue = try DatabaseQueue(path: path, configuration: configuration(readonly: false))
            try enableWAL(queue)
            try SchemaMigrator.migrate(queue)
            return ChecklistStore(queue)
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    /// The schema version this binary writes into the file header: the number of migrations.
    static var currentVersion: Int32 { Int32(SchemaMigrator.migrations.count) }
    /// "CHKL", the file header's application_id of a checklist database.
    static let applicationID: Int32 = 0x4348_4B4C

    /// Opens a database whose header says it is a current checklist database with one
    /// connection, with no look through another and no migration; nil when the connection
    /// finds otherwise (the header may lag behind a `-wal`, or a newer checklist recorded a
    /// migration we do not know), and the careful path must decide.
    ///
    /// A read takes this path only when a `-wal` exists already: a read-only connection to a
    /// WAL database without one would create `-wal` and `-shm` files that a refused file must
    /// not get. A read-write connection removes the ones it created when it closes.
    private static func openCurrent(at path: String, readonly: Bool) throws -> ChecklistStore? {
        if readonly && !exists(path + "-wal") { return nil }
        do {
            if !readonly { try requireWritable(path) }
            let queue =
                readonly
                ? try readOnlyQueue(at: path)
                : try DatabaseQueue(path: path, configuration: configuration(readonly: false))
            if try queue.read(SchemaMigrator.state(of:)) == .checklist(pending: []) {
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
    static func look(at path: String) throws -> SchemaMigrator.SchemaState {
        if !exists(path + "-wal") {
            let before = modificationStamp(path)
            let immutable = try? DatabaseQueue(
                path: immutableURI(path), configuration: configuration(readonly: true))
            if let immutable, let state = try? immutable.read(SchemaMigrator.state(of:)) {
                try? immutable.close()
                if !exists(path + "-wal") && modificationStamp(path) == before { return state }
            }
        }
        let look = try DatabaseQueue(path: path, configuration: configuration(readonly: true))
        defer { try? look.close() }
        return try look.read(SchemaMigrator.state(of:))
    }

    /// Refuses, before SQLite touches anything, a file or folder this user may not write: a
    /// read-write open of it would leave `-wal` and `-shm` files behind and then fail.
    private static func requireWritable(_ path: String) throws(ChecklistError) {
        let folder = parentFolder(of: path)
        if access(path, W_OK) != 0 && errno != ENOENT {
            throw .databaseUnavailable(
                path: path, reason: "the file is read-only; check its permissions")
        }
        if !exists(path + "-wal") && access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            throw .databaseUnavailable(
                path: path,
                reason: "its folder is read-only (SQLite keeps a journal beside the file);"
                    + " check the folder's permissions")
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The file's size and modification time, to notice a change during a look.
    private static func modificationStamp(_ path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        return [
            Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec),
            Int(status.st_ino),
        ]
    }

    private static func immutableURI(_ path: String) -> String {
        "file:" + path.replacingPercentSensitiveCharacters() + "?immutable=1"
    }

    /// The connection a read uses once the look found a checklist database. Where the file
    /// and its folder may be written, a read-write connection: it only reads (every store read
    /// is a read-only transaction), but when it is the last one to close, SQLite checkpoints
    /// and removes the `-wal` and `-shm` files that opening a WAL database creates, as after a
    /// write. A read-only connection cannot remove them: a `list` left two empty files beside
    /// a database that had none. It takes no lock a read-only connection would not take, and
    /// its closing checkpoint is skipped, never waited for, while other connections are open.
    private static func readingQueue(at path: String) throws -> DatabaseQueue {
        let folder = parentFolder(of: path)
        guard access(path, W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
            return try readOnlyQueue(at: path)
        }
        return try DatabaseQueue(path: path, configuration: configuration(readonly: false))
    }

    /// A read-only connection. A WAL database in a folder we may not write (read-only media,
    /// another user's folder) cannot get its `-shm` file; when no `-wal` holds changes beyond
    /// the main file, the file alone is the whole database, and SQLite may read it as immutable.
    private static func readOnlyQueue(at path: String) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration(readonly: true))
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

    static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
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
                        reason: "SQLite could not switch it to WAL mode (it stays \(mode ?? "unknown"));"
                            + " keep the database on a local disk")
                }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                if ContinuousClock.now >= deadline { throw error }
                usleep(UInt32.random(in: 2_000...20_000))
            }
        }
    }

    // MARK: - Looking at the file itself

    enum FileKind: Equatable {
        case missing
        case empty
        /// `isCurrent`: the header names a checklist database at this binary's schema.
        case sqlite(isWAL: Bool, isCurrent: Bool)
    }

    /// Reads the first 100 bytes (SQLite's file header) without SQLite, so that a text file, a
    /// truncated copy or a directory is refused before any connection could touch it.
    static func inspectFile(at path: String) throws(ChecklistError) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return .missing }
            throw .databaseUnavailable(path: path, reason: systemError(errno))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw .databaseUnavailable(
                path: path, reason: "it is a directory; pass --db with a file path")
        }
        if status.st_size == 0 { return .empty }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .databaseUnavailable(path: path, reason: systemError(errno))
        }
        defer { close(descriptor) }
        // Another process's checkpoint writes page 1, with the new page count, before the pages
        // that grow the file, and its last connection then deletes the -wal: a live database
        // can look truncated for a moment. Only a file that still looks short after a while,
        // with no -wal frames that SQLite would read, is a truncated one.
        for attempt in 1...Self.truncationLooks {
            let header = try readHeader(descriptor, path: path)
            var size = stat()
            guard fstat(descriptor, &size) == 0 else {
                throw .databaseUnavailable(path: path, reason: systemError(errno))
            }
            let isWAL = header[18] == 2 && header[19] == 2
            let isCurrent =
                Int32(bitPattern: bigEndian(header, at: 68)) == applicationID
                && Int32(bitPattern: bigEndian(header, at: 60)) == currentVersion
            let kind = FileKind.sqlite(isWAL: isWAL, isCurrent: isCurrent)
            guard looksTruncated(header, size: Int64(size.st_size)) else { return kind }
            if isWAL && hasFrames(walOf: path) { return kind }
            if attempt < Self.truncationLooks { usleep(20_000) }
        }
        throw .corruptDatabase(path: path)
    }

    /// How many times a file that looks truncated is looked at, 20 ms apart.
    private static let truncationLooks = 5

    /// The first 100 bytes, SQLite's file header; anything else is not a database.
    private static func readHeader(_ descriptor: Int32, path: String) throws(ChecklistError)
        -> [UInt8]
    {
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw .notAChecklistDatabase(path: path)
        }
        return header
    }

    /// Whether the file is shorter than its header says. The in-header page count is valid
    /// when its "version-valid-for" matches the change counter.
    private static func looksTruncated(_ header: [UInt8], size: Int64) -> Bool {
        let pageSizeField = Int(header[16]) << 8 | Int(header[17])
        let pageSize = pageSizeField == 1 ? 65536 : pageSizeField
        let changeCounter = bigEndian(header, at: 24)
        let pageCount = bigEndian(header, at: 28)
        let validFor = bigEndian(header, at: 92)
        return validFor == changeCounter && pageCount > 0
            && size < Int64(pageCount) * Int64(pageSize)
    }

    /// Whether the database's -wal file exists and holds more than its header.
    private static func hasFrames(walOf path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 32
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Creates the file with mode 0600 and any missing folders with mode 0700.
    private static func createFile(at path: String) throws(ChecklistError) {
        try createFolders(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {  // another process may have just created it
            throw .databaseUnavailable(path: path, reason: systemError(errno))
        }
    }

    private static func createFolders(for path: String) throws(ChecklistError) {
        var folders: [String] = []
        var folder = parentFolder(of: path)
        var status = stat()
        while !folder.isEmpty && stat(folder, &status) != 0 && errno == ENOENT {
            folders.append(folder)
            folder = parentFolder(of: folder)
        }
        for folder in folders.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .databaseUnavailable(
                path: path, reason: "cannot create folder \(folder): \(systemError(errno))")
        }
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code))
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
