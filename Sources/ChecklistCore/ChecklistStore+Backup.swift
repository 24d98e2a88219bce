import ChecklistSQLite
import ChecklistStore

extension ChecklistStore {
    /// Writes a consistent copy of the database, a file's or a server's, to `path`: a new
    /// SQLite file, written beside it and renamed over it (`writeBackup`, in the file engine).
    public func backup(to path: String, overwriting: Bool) throws {
        try writeBackup(to: path, overwriting: overwriting)
    }
}
