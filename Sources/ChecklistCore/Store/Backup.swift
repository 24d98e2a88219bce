import GRDB
import Glibc

extension ChecklistStore {
    /// Writes a consistent copy of the database to `path` with SQLite's `VACUUM INTO`, which
    /// reads one snapshot, so the copy is whole even while other processes write (WAL lets
    /// them go on). The copy is written to a private temporary file beside `path`, flushed to
    /// disk, then renamed over it: `path` never holds a partial copy.
    public func backup(to path: String, overwriting: Bool) throws {
        // lstat: a symbolic link is judged as itself, never as what it points to.
        var status = stat()
        if lstat(path, &status) == 0 {
            if let kind = Self.irreplaceableKind(status.st_mode) {
                throw ChecklistError.databaseUnavailable(
                    path: path, reason: "it is \(kind), not a file; give a file path for the backup")
            }
            if !overwriting { throw ChecklistError.fileExists(path: path) }
        }
        let temporary = path + ".partial-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ChecklistError.databaseUnavailable(
                path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        do {
            try copy(to: temporary)
            try flush(temporary)
            guard moveFile(temporary, to: path) == 0 else {
                throw ChecklistError.databaseUnavailable(
                    path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            if let error = error as? DatabaseError {
                throw ChecklistError(error, path: path)
            }
            throw error
        }
    }

    /// What a backup may not replace, even with `--force`: anything but a regular file.
    private static func irreplaceableKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "something else"
        }
    }

    private func flush(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw ChecklistError.databaseUnavailable(
                path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }
}

/// rename(2), out of reach of ChecklistStore's own `rename`.
private func moveFile(_ source: String, to destination: String) -> Int32 {
    rename(source, destination)
}
