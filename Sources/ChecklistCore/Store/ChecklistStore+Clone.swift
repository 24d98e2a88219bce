import GRDB

/// What a clone made.
public struct CloneReport: Equatable, Sendable {
    public var lists: Int
    public var items: Int
    public var author: String
    public var reservedIDs: ClosedRange<ItemID>
    /// Rows of the server the command line's rules refuse, left out: one line each.
    public var skipped: [String] = []
}

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
        let (server, _) = try DatabaseOpener.serverStore(uri)
        var configuration = Configuration()
        // The rows come whole from a database that enforced them.
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try SQLiteSchema.migrate(queue)
        let report = try server.write { connection in
            let sync = PostgreSQLSync(connection: connection)
            let copyID = FileSystem.randomHex(16)
            let generation = FileSystem.randomHex(16)
            _ = try sync.progress(ofCopy: copyID)
            try sync.renew(generation: generation, ofCopy: copyID)
            let ids = try sync.reserveIDs(OfflineCopy.reservedIDs, forCopy: copyID)
            let now = try sync.now()
            let author = author ?? server.role
            try sync.describe(copy: copyID, author: author, syncedAt: nil)
            let screen = BroughtRows(lastItemID: try sync.lastItemID())
            return try queue.write { db in
                try PostgreSQLStore.copyRows(
                    from: connection, into: db, PostgreSQLStore.copiedTables, screen: screen)
                try db.execute(sql: "DELETE FROM sqlite_sequence")
                try db.execute(
                    sql: """
                        INSERT INTO sqlite_sequence (name, seq) VALUES ('items', ?), ('changes', ?)
                        """, arguments: [ids.lowerBound - 1, try sync.lastChangeID()])
                try sync.recordPulled(ofCopy: copyID, at: try sync.revision())
                let state = OfflineCopy.State(
                    uri: uri.shown, author: author, copyID: copyID,
                    syncedThrough: try sync.lastChangeID(), serverRevision: try sync.revision(),
                    seen: Self.seen(now),
                    firstReservedID: ids.lowerBound, lastReservedID: ids.upperBound,
                    generation: generation)
                try OfflineCopy.write(state, syncedAt: now, into: db)
                return CloneReport(
                    lists: try Int.fetchOne(db, sql: "SELECT count(*) FROM lists") ?? 0,
                    items: try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0,
                    author: author, reservedIDs: ids, skipped: screen.skipped)
            }
        }
        try writeNewDatabase(at: path) { temporary in try SQLiteImage.write(queue, to: temporary) }
        try queue.close()
        return report
    }
}
