import ChecklistModel
import ChecklistStore
import GRDB

extension ChecklistStore {
    /// Writes a consistent copy of the database to `path` with SQLite's `VACUUM INTO`, which
    /// reads one snapshot, so the copy is whole even while other processes write (WAL lets
    /// them go on). The copy is written to a private temporary file beside `path`, flushed to
    /// disk, then renamed over it: `path` never holds a partial copy.
    package func writeBackup(to path: String, overwriting: Bool) throws {
        // lstat: a symbolic link is judged as itself, never as what it points to.
        if case .success(let status) = FileSystem.status(of: path, ofLinkItself: true) {
            if let kind = Self.irreplaceableKind(status.kind) {
                throw ChecklistError.databaseUnavailable(
                    path: path, reason: "it is \(kind), not a file; give a file path for the backup"
                )
            }
            if !overwriting { throw ChecklistError.fileExists(path: path) }
        }
        do {
            try Self.writeNewDatabase(at: path) { temporary in
                try engine.copy(to: temporary, newFile: SQLiteCopySide.filling)
            }
        } catch let error as DatabaseError {
            // A damaged database is the one backed up, not the backup's path.
            if [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode),
                let source = engine.filePath
            {
                throw ChecklistError.damagedBackupSource(path: source)
            }
            throw ChecklistError(error, path: path)
        }
    }

    /// Writes a database at `path` through `write`, which fills an empty private file (mode
    /// 0600) beside it; the file is checked (a checklist database of this program's schema,
    /// whole), flushed to disk, then renamed over `path`: `path` never holds a partial copy, and
    /// nothing is left behind on failure.
    static func writeNewDatabase(at path: String, _ write: (String) throws -> Void) throws {
        let temporary = path + ".partial-\(FileSystem.processID)"
        if let failure = FileSystem.createNew(temporary, mode: 0o600) {
            throw ChecklistError.databaseUnavailable(path: path, reason: failure.reason)
        }
        do {
            try write(temporary)
            guard case .sqlite(_, isCurrent: true) = try SQLiteOpener.inspectFile(at: temporary)
            else {
                throw ChecklistError.databaseUnavailable(
                    path: path, reason: "the copy did not come out whole; nothing was written")
            }
            if let failure = FileSystem.flushToDisk(temporary)
                ?? FileSystem.move(temporary, to: path)
            {
                throw ChecklistError.databaseUnavailable(path: path, reason: failure.reason)
            }
        } catch {
            FileSystem.remove(temporary)
            throw error
        }
    }

    /// What a backup may not replace, even with `--force`: anything but a regular file.
    private static func irreplaceableKind(_ kind: FileSystem.Kind) -> String? {
        switch kind {
        case .regular: nil
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .device: "a device"
        case .other: "something else"
        }
    }
}
