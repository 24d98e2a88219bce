import ChecklistModel
import GRDB

extension ChecklistError {
    /// Translates SQLite's result codes into the errors users see.
    init(_ error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .databaseBusy(path: path)
        case .SQLITE_CORRUPT:
            self = .corruptDatabase(path: path)
        case .SQLITE_NOTADB:
            self = .notAChecklistDatabase(path: path)
        case .SQLITE_FULL:
            self = .databaseUnavailable(
                path: path, reason: "the disk is full; free some space and try again")
        case .SQLITE_READONLY:
            self = .databaseUnavailable(
                path: path,
                reason: "the file or its folder is read-only; check their permissions")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            self = .databaseUnavailable(
                path: path,
                reason: "cannot open the file; check that it and its folder are accessible")
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_SHMSIZE:
            // No room for the `-shm` file that a WAL database's connection makes.
            self = .databaseUnavailable(
                path: path,
                reason: "no room on the disk for SQLite's shared-memory file (is it full?);"
                    + " nothing changed; free some space and try again")
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_WRITE:
            self = .databaseUnavailable(
                path: path,
                reason: "writing to the disk failed (is it full, or a file-size limit reached?);"
                    + " nothing changed; free some space and try again")
        case .SQLITE_IOERR:
            self = .databaseUnavailable(
                path: path,
                reason: "disk I/O error (SQLite code \(error.extendedResultCode.rawValue));"
                    + " check the disk")
        default:
            self = .databaseUnavailable(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }
}
