import ChecklistModel

/// The opener's look at the file itself, without SQLite: its kind and header, a truncated copy
/// told from a live database, and the creation of a new file and its folders.
extension SQLiteOpener {
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
        let status: FileSystem.Status
        switch FileSystem.status(of: path) {
        case .success(let found): status = found
        case .failure(let failure) where failure.isMissing: return .missing
        case .failure(let failure): throw .databaseUnavailable(path: path, reason: failure.reason)
        }
        if status.kind == .directory {
            throw .databaseUnavailable(
                path: path, reason: "it is a directory; pass --db with a file path")
        }
        // A device, FIFO or socket is no database: SQLite would read nothing from /dev/null
        // and leave a world-writable /dev/null-journal beside it (issue 48).
        if status.kind != .regular {
            throw .databaseUnavailable(
                path: path,
                reason: "it is not a regular file (a device, a FIFO or a socket); pass --db"
                    + " with a file path")
        }
        if status.size == 0 { return .empty }
        let file: FileSystem.ReadingFile
        do { file = try FileSystem.ReadingFile(path) } catch {
            throw .databaseUnavailable(path: path, reason: error.reason)
        }
        // Another process's checkpoint writes page 1, with the new page count, before the pages
        // that grow the file, and its last connection then deletes the -wal: a live database
        // can look truncated for a moment. Only a file that still looks short after a while,
        // with no -wal frames that SQLite would read, is a truncated one.
        for attempt in 1...Self.truncationLooks {
            let header = try readHeader(file, path: path)
            let size: Int64
            do { size = try file.status().size } catch {
                throw .databaseUnavailable(path: path, reason: error.reason)
            }
            let isWAL = header[18] == 2 && header[19] == 2
            let isCurrent =
                Int32(bitPattern: bigEndian(header, at: 68)) == applicationID
                && Int32(bitPattern: bigEndian(header, at: 60)) == currentVersion
            let kind = FileKind.sqlite(isWAL: isWAL, isCurrent: isCurrent)
            guard looksTruncated(header, size: size) else { return kind }
            if isWAL && hasFrames(walOf: path) { return kind }
            if attempt < Self.truncationLooks { FileSystem.pause(microseconds: 20_000) }
        }
        throw .corruptDatabase(path: path)
    }

    /// How many times a file that looks truncated is looked at, 20 ms apart.
    static let truncationLooks = 5

    /// The first 100 bytes, SQLite's file header; anything else is not a database.
    static func readHeader(_ file: borrowing FileSystem.ReadingFile, path: String)
        throws(ChecklistError) -> [UInt8]
    {
        let header = try? file.read(100, at: 0)
        guard let header, header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8))
        else { throw .notAChecklistDatabase(path: path) }
        return header
    }

    /// Whether the file is shorter than its header says. The in-header page count is valid
    /// when its "version-valid-for" matches the change counter.
    static func looksTruncated(_ header: [UInt8], size: Int64) -> Bool {
        let pageSizeField = Int(header[16]) << 8 | Int(header[17])
        let pageSize = pageSizeField == 1 ? 65536 : pageSizeField
        let changeCounter = bigEndian(header, at: 24)
        let pageCount = bigEndian(header, at: 28)
        let validFor = bigEndian(header, at: 92)
        return validFor == changeCounter && pageCount > 0
            && size < Int64(pageCount) * Int64(pageSize)
    }

    /// Whether the database's -wal file exists and holds more than its header.
    static func hasFrames(walOf path: String) -> Bool {
        guard case .success(let status) = FileSystem.status(of: path + "-wal") else { return false }
        return status.size > 32
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Creates the file with mode 0600 and any missing folders with mode 0700.
    static func createFile(at path: String) throws(ChecklistError) {
        try createFolders(for: path)
        // Another process may have just created it.
        if let failure = FileSystem.createNew(path, mode: 0o600), !failure.isExisting {
            throw .databaseUnavailable(path: path, reason: failure.reason)
        }
        // A symbolic link to nothing (stat said missing, O_EXCL said it exists): SQLite would
        // create the file it points to, with the umask's mode, wherever whoever made the link
        // chose (in a shared folder, a file they can read). Refused; nothing is created.
        if case .success(let link) = FileSystem.status(of: path, ofLinkItself: true),
            link.kind == .symbolicLink, !FileSystem.exists(path)
        {
            throw .databaseUnavailable(
                path: path,
                reason: "it is a symbolic link to a file that does not exist; create the database"
                    + " where you want it and pass --db with that path")
        }
    }

    static func createFolders(for path: String) throws(ChecklistError) {
        var folders: [String] = []
        var folder = parentFolder(of: path)
        while !folder.isEmpty, case .failure(let failure) = FileSystem.status(of: folder),
            failure.isMissing
        {
            folders.append(folder)
            folder = parentFolder(of: folder)
        }
        for folder in folders.reversed() {
            if let failure = FileSystem.makeFolder(folder, mode: 0o700), !failure.isExisting {
                throw .databaseUnavailable(
                    path: path, reason: "cannot create folder \(folder): \(failure.reason)")
            }
        }
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

}
