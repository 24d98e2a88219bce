import ChecklistModel
import ChecklistPostgres
import ChecklistSQLite
import ChecklistStore
import ChecklistSync

extension ChecklistStore {
    /// Starts loading PostgreSQL's client library while the caller opens a copy (a sync always
    /// needs it: a sync with nothing to do is mostly start-up, and the library's loading is
    /// most of that).
    public static func prepareToSync() {
        LibPQ.loadInBackground()
    }

    /// `checklist sync`: sends this copy's changes since its last sync to its server, in the
    /// order they were made, each merged there by `SyncMerge`'s rules and recorded in the
    /// server's journal under its author and time; then brings the server's lists, items and
    /// journal into the copy, so both hold the same. One transaction on each side, the copy's
    /// held throughout (its commands wait), the server's under its write lock: cut anywhere, the
    /// next sync completes it and applies nothing twice (the server keeps what each change it
    /// applied was: `SentKey`). The server unreachable: nothing changed (exit 74).
    ///
    /// A side that came back from an older state loses nothing (`CopyLineage`): a copy put back
    /// from a backup or duplicated syncs as a new copy, its adds given new IDs; a server that
    /// lost changes this copy saw is refused (75, nothing changed) unless `restoringServer`,
    /// which first gives it back those changes from the copy's journal.
    public func sync(restoringServer: Bool = false) throws -> SyncReport {
        try sync(restoringServer: restoringServer, tapsInBulk: true)
    }

    /// `sync`, with runs of taps sent as `apply` sends any change when not `tapsInBulk` (the
    /// tests' reference for the bulk path: both leave the server the same).
    func sync(restoringServer: Bool, tapsInBulk: Bool) throws -> SyncReport {
        guard let file = engine as? SQLiteEngine else {
            throw ChecklistError.notAnOfflineCopy(path: "a PostgreSQL server")
        }
        let path = file.filePath ?? ""
        return try file.asCopy { copy in
            try SyncConductor(copy: copy, path: path).sync(
                restoringServer: restoringServer, tapsInBulk: tapsInBulk
            ) { address, copyID in
                guard let uri = PostgreSQLURI(address) else {
                    throw ChecklistError.notAnOfflineCopy(path: path)
                }
                return try PostgreSQLOpener.serverStore(uri, copy: copyID).0
            }
        }
    }
}

extension ChecklistStore {
    /// The server an offline copy syncs with (its URI without a password); nil on a file that
    /// is not a copy, or on a server.
    public func offlineCopyServer() throws -> PostgreSQLURI? {
        guard let file = engine as? SQLiteEngine else { return nil }
        return try file.copyState().flatMap { PostgreSQLURI($0.uri) }
    }
}
