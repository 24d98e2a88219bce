import GRDB

/// What a sync did: the changes it sent and received, and the conflicts it met.
public struct SyncReport: Equatable, Sendable {
    public var sent: Int
    public var received: Int
    public var conflicts: [SyncConflict]
}

/// What a clone made.
public struct CloneReport: Equatable, Sendable {
    public var lists: Int
    public var items: Int
    public var author: String
    public var reservedIDs: ClosedRange<ItemID>
}

extension ChecklistStore {
    /// `checklist clone URI FILE`: makes FILE, a SQLite copy of every list of the server's
    /// database, with IDs, history and authors, that remembers the URI without its password,
    /// and holds item IDs the server sets aside for it. FILE must not exist. Written to a
    /// private temporary file beside it, checked, then renamed: nothing is left on failure.
    public static func clone(from uri: PostgreSQLURI, to path: String, author: String?) throws
        -> CloneReport
    {
        if case .success = FileSystem.status(of: path, ofLinkItself: true) {
            throw ChecklistError.databaseUnavailable(
                path: path, reason: "it already exists; clone makes a new file (give another path)")
        }
        let (server, _) = try DatabaseOpener.serverStore(uri)
        var report: CloneReport?
        try writeNewDatabase(at: path) { temporary in
            let queue = try fillingQueue(at: temporary)
            try SQLiteSchema.migrate(queue)
            report = try server.write { connection in
                let sync = PostgreSQLSync(connection: connection)
                let copyID = FileSystem.randomHex(16)
                _ = try sync.progress(ofCopy: copyID)
                let ids = try sync.reserveIDs(OfflineCopy.reservedIDs)
                let now = try sync.now()
                let author = author ?? server.role
                return try queue.write { db in
                    try PostgreSQLStore.copyRows(
                        from: connection, into: db, PostgreSQLStore.copiedTables)
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
                        firstReservedID: ids.lowerBound, lastReservedID: ids.upperBound)
                    try OfflineCopy.write(state, syncedAt: now, into: db)
                    return CloneReport(
                        lists: try Int.fetchOne(db, sql: "SELECT count(*) FROM lists") ?? 0,
                        items: try Int.fetchOne(db, sql: "SELECT count(*) FROM items") ?? 0,
                        author: author, reservedIDs: ids)
                }
            }
            try queue.close()
        }
        guard let report else { throw ChecklistError.nothingToUndo }
        return report
    }

    /// Starts loading PostgreSQL's client library while the caller opens a copy (a sync always
    /// needs it: a sync with nothing to do is mostly start-up, and the library's loading is
    /// most of that).
    public static func prepareToSync() {
        LibPQ.loadInBackground()
    }

    /// The stamp that stands for everything seen from a server whose clock read `time`: later
    /// than every edit it held then, whoever's.
    static func seen(_ time: String) -> String { time + " \u{FFFF}" }

    /// `checklist sync`: sends this copy's changes since its last sync to its server, in the
    /// order they were made, each merged there by `SyncMerge`'s rules and recorded in the
    /// server's journal under its author and time; then brings the server's lists, items and
    /// journal into the copy, so both hold the same. One transaction on each side, the copy's
    /// held throughout (its commands wait), the server's under its write lock: cut anywhere, the
    /// next sync completes it and applies nothing twice (the server remembers how far each
    /// copy's journal has been applied). The server unreachable: nothing changed (exit 74).
    public func sync() throws -> SyncReport {
        guard let file = engine as? SQLiteEngine else {
            throw ChecklistError.notAnOfflineCopy(path: "a PostgreSQL server")
        }
        let path = file.writer.path
        do {
            return try file.writer.write { db in try Self.sync(db, path: path) }
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    private static func sync(_ db: Database, path: String) throws -> SyncReport {
        guard let state = try OfflineCopy.state(db) else {
            throw ChecklistError.notAnOfflineCopy(path: path)
        }
        guard let uri = PostgreSQLURI(state.uri) else {
            throw ChecklistError.notAnOfflineCopy(path: path)
        }
        let changes = try OfflineCopy.unsent(db, after: state.syncedThrough)
        let undos = try OfflineCopy.undos(db)
        // The copy's changes and undos, in the order they were made.
        enum Event {
            case change(CopyChange)
            case undo(OfflineCopy.Undo)
            var time: String {
                switch self {
                case .change(let change): change.entry.createdAt
                case .undo(let undo): undo.createdAt
                }
            }
        }
        var events: [Event] = []
        var pendingUndos = undos[...]
        for change in changes {
            while let undo = pendingUndos.first, undo.afterChange < change.entry.id {
                events.append(.undo(undo))
                pendingUndos = pendingUndos.dropFirst()
            }
            events.append(.change(change))
        }
        events += pendingUndos.map { .undo($0) }
        let localSequence =
            try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'items'")
            ?? (state.firstReservedID - 1)

        // Whether the server carries code this program did not create is looked at only when
        // there is something to do (before the first transaction).
        let (server, _) = try DatabaseOpener.serverStore(uri, checkingTrust: false)
        var report = SyncReport(sent: 0, received: 0, conflicts: [])
        var newState = state
        var syncedAt = ""
        let hasIDs = state.lastReservedID - localSequence >= OfflineCopy.reservedIDs
        // Nothing to send, nothing new there (the revision read as the connection opened):
        // nothing to do on either side.
        if events.isEmpty, hasIDs, server.revisionAtOpening == state.serverRevision {
            return report
        }
        try server.write { connection in
            let sync = PostgreSQLSync(connection: connection, seenRevision: state.serverRevision)
            var progress = try sync.progress(ofCopy: state.copyID)
            let arrival = try sync.now()
            // The server's changes the copy has not seen: all those after its last sync, before
            // this one's own.
            report.received = try connection.query(
                "SELECT count(*) FROM checklist.changes WHERE id > \(state.syncedThrough)"
            ).onlyRow().int(0)
            let times = Stamp.clock(
                events.map(\.time), seen: Stamp(state.seen).time, arrival: arrival)
            let seen = Stamp(state.seen)
            var undoneOnServer = false
            // How far the server had applied the copy's journal before this sync.
            let appliedBefore = progress.changes
            for (event, time) in zip(events, times) {
                switch event {
                case .change(let change):
                    guard change.entry.id > progress.changes else { continue }
                    let stamp = Stamp(time: time, author: change.entry.author ?? state.author)
                    report.conflicts += try sync.apply(change, stamp: stamp, seen: seen)
                    progress.changes = change.entry.id
                case .undo(let undo):
                    // A change the server took: an undo the server made (or refused) leaves
                    // rows the server's revisions may not name, so the copy takes all back.
                    let taken = undo.unsent.map { $0.id <= appliedBefore } ?? true
                    if taken { undoneOnServer = true }
                    guard undo.id > progress.undos else { continue }
                    progress.undos = undo.id
                    let stamp = Stamp(time: time, author: undo.author ?? state.author)
                    guard let unsent = undo.unsent else {
                        report.conflicts += try sync.undo(changeID: undo.changeID, stamp: stamp)
                        break
                    }
                    // Undone before it was sent: nothing to send, unless the server took it in
                    // a sync whose end the copy never heard (cut as the server committed).
                    guard taken,
                        let change = try sync.change(
                            matching: unsent, author: unsent.author ?? state.author,
                            after: state.syncedThrough)
                    else { continue }
                    report.conflicts += try sync.undo(changeID: change, stamp: stamp)
                }
                report.sent += 1
            }
            try sync.record(progress: progress, ofCopy: state.copyID)
            syncedAt = try sync.now()
            // The server's lists, items and journal, as they are now, replace the copy's.
            let titles = try OfflineCopy.titles(
                report.conflicts.filter { $0.title.isEmpty }.compactMap(\.itemID), in: db)
            report.conflicts = report.conflicts.map { conflict in
                guard conflict.title.isEmpty, let id = conflict.itemID else { return conflict }
                return SyncConflict(
                    itemID: id, title: titles[id] ?? "", loser: conflict.loser,
                    winner: conflict.winner)
            }
            // What changed there since the copy's last sync (and what it changed itself), or,
            // when the server cannot tell (the copy's undos, or a sync before the server kept
            // revisions), everything.
            if !undoneOnServer, state.serverRevision >= (try sync.pullFrom()) {
                try sync.pull(
                    into: db, since: state.serverRevision, syncedThrough: state.syncedThrough,
                    touched: Set(changes.flatMap { $0.edits.compactMap(\.itemID) }))
            } else {
                try db.execute(sql: "DELETE FROM changes; DELETE FROM items; DELETE FROM lists")
                try PostgreSQLStore.copyRows(
                    from: connection, into: db, PostgreSQLStore.copiedTables)
            }
            // The copy's IDs: SQLite gives an item the larger of its counter and the largest ID
            // in the table, plus one; while no item from elsewhere is above the copy's reserved
            // IDs, they last; else, or when fewer than 1,000 are left, the server sets aside new
            // ones, above every ID it has given.
            var sequence = localSequence
            let largest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM items") ?? 0
            if !hasIDs || largest > state.lastReservedID {
                let ids = try sync.reserveIDs(OfflineCopy.reservedIDs)
                newState.firstReservedID = ids.lowerBound
                newState.lastReservedID = ids.upperBound
                sequence = ids.lowerBound - 1
            }
            let lastChange = try sync.lastChangeID()
            // The copy's next changes are numbered past both the server's journal and every
            // change of the copy the server has applied (`progress`, in the copy's numbers,
            // which undone and empty changes leave ahead of the server's): a number at or
            // below the mark would be taken for one already sent.
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name IN ('items', 'changes')")
            try db.execute(
                sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('items', ?), ('changes', ?)",
                arguments: [sequence, max(lastChange, progress.changes)])
            newState.syncedThrough = lastChange
            newState.seen = Self.seen(syncedAt)
            try db.execute(sql: "DELETE FROM syncUndos")
            if report.sent > 0 { PostgreSQLStore.changed(connection) }
            newState.serverRevision = try sync.revision()
            try sync.recordPulled(ofCopy: state.copyID, at: newState.serverRevision)
        }
        try OfflineCopy.write(newState, syncedAt: syncedAt, into: db)
        return report
    }
}

extension ChecklistStore {
    /// The server an offline copy syncs with (its URI without a password); nil on a file that
    /// is not a copy, or on a server.
    public func offlineCopyServer() throws -> PostgreSQLURI? {
        guard let file = engine as? SQLiteEngine else { return nil }
        return try file.writer.read { db in
            try OfflineCopy.state(db).flatMap { PostgreSQLURI($0.uri) }
        }
    }
}
