import ChecklistModel
import ChecklistPostgres
import ChecklistSQLite
import ChecklistStore
import ChecklistSync

extension ChecklistStore {
    /// `checklist clone URI FILE`: makes FILE, a SQLite copy of every list of the server's
    /// database, with IDs, history and authors, that remembers the URI without its password,
    /// and holds item IDs the server sets aside for it. FILE must not exist. Filled in memory,
    /// then its image written to a private temporary file beside it, checked, and renamed: a clone that
    /// fails, or is killed while it reads the server, leaves no file.
    public static func clone(from uri: PostgreSQLURI, to path: String, author: String?) throws
        -> CloneReport
    {
        if case .success = FileSystem.status(of: path, ofLinkItself: true) {
            throw ChecklistError.databaseUnavailable(
                path: path, reason: "it already exists; clone makes a new file (give another path)")
        }
        let (server, _) = try PostgreSQLOpener.serverStore(uri)
        return try SQLiteCopySide.newCopy(at: path) { copy in
            try SyncConductor(copy: copy, path: path).clone(from: server, author: author)
        }
    }
}
