import Glibc

/// The opener's look at the file itself, without SQLite: its kind and header, a truncated copy
/// told from a live database, and the creation of a new file and its folders.
extension DatabaseOpener {
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
    static let truncationLooks = 5

    /// The first 100 bytes, SQLite's file header; anything else is not a database.
    static func readHeader(_ descriptor: Int32, path: String) throws(ChecklistError)
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
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 32
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Creates the file with mode 0600 and any missing folders with mode 0700.
    static func createFile(at path: String) throws(ChecklistError) {
        try createFolders(for: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {  // another process may have just created it
            throw .databaseUnavailable(path: path, reason: systemError(errno))
        }
    }

    static func createFolders(for path: String) throws(ChecklistError) {
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

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
