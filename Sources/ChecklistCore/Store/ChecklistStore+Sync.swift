import GRDB

/// What a sync did: the changes it sent and received, and the conflicts it met.
public struct SyncReport: Equatable, Sendable {
    public var sent: Int
    public var received: Int
    public var conflicts: [SyncConflict]
    /// Items added offline that took new IDs.
    public var renumbered: [SyncRenumbered] = []
    /// Rows of the server the command line's rules refuse, left out: one line each.
    public var skipped: [String] = []
}

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
                let generation = FileSystem.randomHex(16)
                _ = try sync.progress(ofCopy: copyID)
                try sync.renew(generation: generation, ofCopy: copyID)
                let ids = try sync.reserveIDs(OfflineCopy.reservedIDs, forCopy: copyID)
                let now = try sync.now()
                let author = author ?? server.role
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
    /// next sync completes it and applies nothing twice (the server keeps what each change it
    /// applied was: `SentKey`). The server unreachable: nothing changed (exit 74).
    ///
    /// A side that came back from an older state loses nothing (`CopyLineage`): a copy put back
    /// from a backup or duplicated syncs as a new copy, its adds given new IDs; a server that
    /// lost changes this copy saw is refused (75, nothing changed) unless `restoringServer`,
    /// which first gives it back those changes from the copy's journal.
    public func sync(restoringServer: Bool = false) throws -> SyncReport {
        guard let file = engine as? SQLiteEngine else {
            throw ChecklistError.notAnOfflineCopy(path: "a PostgreSQL server")
        }
        let path = file.writer.path
        do {
            return try file.writer.write { db in
                try Self.sync(db, path: path, restoringServer: restoringServer)
            }
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: path)
        }
    }

    private static func sync(_ db: Database, path: String, restoringServer: Bool) throws
        -> SyncReport
    {
        guard let state = try OfflineCopy.state(db) else {
            throw ChecklistError.notAnOfflineCopy(path: path)
        }
        guard let uri = PostgreSQLURI(state.uri) else {
            throw ChecklistError.notAnOfflineCopy(path: path)
        }
        var events = CopyEvent.inOrder(
            try OfflineCopy.unsent(db, after: state.syncedThrough), try OfflineCopy.undos(db))
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
        if !restoringServer, events.isEmpty, hasIDs,
            server.revisionAtOpening == state.serverRevision
        {
            return report
        }
        try server.write { connection in
            let sync = PostgreSQLSync(connection: connection, seenRevision: state.serverRevision)
            var keys = events.map { $0.key(author: state.author) }
            let lineage = try sync.lineage(
                ofCopy: state.copyID, generation: state.generation, keys: keys)
            // The server no longer knows this copy's last sync: it went back in time. What it
            // lacks of the journal the copy holds is given back, or nothing is done at all.
            var restoring = false
            if lineage == .serverBehind {
                let lost = try sync.lost(try OfflineCopy.entries(db, through: state.syncedThrough))
                if !lost.isEmpty, !restoringServer {
                    throw ChecklistError.serverWentBack(
                        lost: lost.count, since: lost.map(\.createdAt).min() ?? "")
                }
                restoring = true
                if let first = lost.map(\.id).min() {
                    let lostIDs = Set(lost.map(\.id))
                    events = CopyEvent.inOrder(
                        try OfflineCopy.unsent(db, after: first - 1).filter {
                            lostIDs.contains($0.entry.id) || $0.entry.id > state.syncedThrough
                        }, try OfflineCopy.undos(db))
                    keys = events.map { $0.key(author: state.author) }
                }
                // It must never give again the IDs this copy holds or was given.
                let largest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM items") ?? 0
                try sync.keepItemIDs(above: max(largest, state.lastReservedID))
                try sync.recordRange(
                    state.firstReservedID...max(state.firstReservedID, state.lastReservedID),
                    ofCopy: state.copyID)
            }
            // A fork syncs as a new copy: what the copy it came from sent is not sent again
            // (matched by what each change is), and its adds take IDs no one else has.
            let copyID = lineage == .forked ? FileSystem.randomHex(16) : state.copyID
            _ = try sync.progress(ofCopy: copyID)
            let arrival = try sync.now()
            // The server's changes the copy has not seen: all those after its last sync, before
            // this one's own.
            report.received = try connection.query(
                "SELECT count(*) FROM checklist.changes WHERE id > \(state.syncedThrough)"
            ).onlyRow().int(0)
            let sent = try sync.sent(keys)
            let renumbering = try Self.renumbering(
                events, skipping: sent, keys: keys, lineage: lineage, restoring: restoring,
                state: state, sync: sync)
            report.renumbered = renumbering.told
            // Lost changes come back at the times they were made.
            let times = Stamp.clock(
                events.map(\.time), seen: restoring ? "" : Stamp(state.seen).time,
                arrival: arrival)
            let seen = Stamp(state.seen)
            var undoneOnServer = false
            var applied: [String] = []
            for ((event, time), key) in zip(zip(events, times), keys) {
                switch event {
                case .change(let change):
                    guard !sent.contains(key) else { continue }
                    let change = change.renumbered(renumbering.ids)
                    var author = change.entry.author ?? state.author
                    // Given back by a role under the journal's row-level security: its own name.
                    if restoring, author != server.role, try sync.journalIsGuarded() {
                        author = server.role
                    }
                    let stamp = Stamp(time: time, author: author)
                    report.conflicts += try sync.apply(change, stamp: stamp, seen: seen)
                case .undo(let undo):
                    // A change the server took: an undo the server made (or refused) leaves
                    // rows the server's revisions may not name, so the copy takes all back.
                    var taken = true
                    if let unsent = undo.unsent {
                        let author = unsent.author ?? state.author
                        let onServer = try sync.change(
                            matching: unsent, author: author, after: state.syncedThrough)
                        taken = sent.contains(SentKey.of(unsent, author: author)) || onServer != nil
                    }
                    if taken { undoneOnServer = true }
                    guard !sent.contains(key) else { continue }
                    let stamp = Stamp(time: time, author: undo.author ?? state.author)
                    if let unsent = undo.unsent {
                        // Undone before it was sent: nothing to send, unless the server took it
                        // in a sync whose end the copy never heard (cut as the server committed).
                        if taken,
                            let change = try sync.change(
                                matching: unsent, author: unsent.author ?? state.author,
                                after: state.syncedThrough)
                        {
                            report.conflicts += try sync.undo(changeID: change, stamp: stamp)
                        }
                    } else {
                        report.conflicts += try sync.undo(changeID: undo.changeID, stamp: stamp)
                    }
                }
                applied.append(key)
                report.sent += 1
            }
            let generation = FileSystem.randomHex(16)
            try sync.recordSent(applied, ofCopy: copyID, generation: generation)
            try sync.renew(generation: generation, ofCopy: copyID)
            newState.copyID = copyID
            newState.generation = generation
            syncedAt = try sync.now()
            try Self.titleConflicts(&report, in: db)
            // What changed there since the copy's last sync (and what it changed itself), or,
            // when the server cannot tell (the copy's undos, a sync before the server kept
            // revisions, a side that went back in time, items given new IDs), everything.
            let screen = BroughtRows(lastItemID: try sync.lastItemID())
            defer { report.skipped = screen.skipped }
            if !undoneOnServer, lineage == .same, renumbering.ids.isEmpty,
                state.serverRevision >= (try sync.pullFrom())
            {
                try sync.pull(
                    into: db, since: state.serverRevision, syncedThrough: state.syncedThrough,
                    screen: screen,
                    touched: Set(
                        events.flatMap { event -> [ItemID] in
                            guard case .change(let change) = event else { return [] }
                            return change.edits.compactMap(\.itemID)
                        }))
            } else {
                try db.execute(sql: "DELETE FROM changes; DELETE FROM items; DELETE FROM lists")
                try PostgreSQLStore.copyRows(
                    from: connection, into: db, PostgreSQLStore.copiedTables, screen: screen)
            }
            // The copy's IDs: SQLite gives an item the larger of its counter and the largest ID
            // in the table, plus one; while no item from elsewhere is above the copy's reserved
            // IDs, they last; else, or when fewer than 1,000 are left, or for a fork (its IDs
            // are its twin's), the server sets aside new ones, above every ID it has given.
            var sequence = localSequence
            let largest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM items") ?? 0
            if lineage == .forked || !hasIDs || largest > state.lastReservedID {
                let ids = try sync.reserveIDs(OfflineCopy.reservedIDs, forCopy: copyID)
                newState.firstReservedID = ids.lowerBound
                newState.lastReservedID = ids.upperBound
                sequence = ids.lowerBound - 1
            }
            let lastChange = try sync.lastChangeID()
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name IN ('items', 'changes')")
            try db.execute(
                sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('items', ?), ('changes', ?)",
                arguments: [sequence, lastChange])
            newState.syncedThrough = lastChange
            newState.seen = Self.seen(syncedAt)
            try db.execute(sql: "DELETE FROM syncUndos")
            if report.sent > 0 { PostgreSQLStore.changed(connection) }
            newState.serverRevision = try sync.revision()
            try sync.recordPulled(ofCopy: copyID, at: newState.serverRevision)
        }
        try OfflineCopy.write(newState, syncedAt: syncedAt, into: db)
        return report
    }

    /// The new IDs of the copy's adds that cannot keep theirs (of the changes not `sent`
    /// before): every add of a fork (its IDs are its twin's); else an add at an ID the server
    /// has given another item, or outside the IDs set aside for this copy (a row planted on
    /// the server, a file changed by hand). New IDs are set aside before anything is added.
    private static func renumbering(
        _ events: [CopyEvent], skipping sent: Set<String>, keys: [String], lineage: CopyLineage,
        restoring: Bool, state: OfflineCopy.State, sync: PostgreSQLSync
    ) throws -> (ids: [ItemID: ItemID], told: [SyncRenumbered]) {
        var creates: [(id: ItemID, title: String)] = []
        for (event, key) in zip(events, keys) where !sent.contains(key) {
            guard case .change(let change) = event else { continue }
            for case .create(let id, _, let title, _, _) in change.edits {
                creates.append((id, title))
            }
        }
        guard !creates.isEmpty else { return ([:], []) }
        var ranges: [ClosedRange<ItemID>] = []
        if lineage == .same, !restoring {
            ranges = try sync.ranges(ofCopy: state.copyID)
            // Cloned before the server kept them: the copy's own word, once.
            if ranges.isEmpty, state.firstReservedID <= state.lastReservedID {
                ranges = [state.firstReservedID...state.lastReservedID]
                try sync.recordRange(ranges[0], ofCopy: state.copyID)
            }
        }
        let taken = try sync.taken(creates.map(\.id))
        let moving = creates.filter { create in
            lineage == .forked || taken.contains(create.id)
                || (!ranges.isEmpty && !ranges.contains { $0.contains(create.id) })
        }
        guard !moving.isEmpty else { return ([:], []) }
        let fresh = try sync.reserveIDs(Int64(moving.count))
        var ids: [ItemID: ItemID] = [:]
        var told: [SyncRenumbered] = []
        for (offset, create) in moving.enumerated() {
            let new = fresh.lowerBound + Int64(offset)
            ids[create.id] = new
            told.append(
                SyncRenumbered(
                    from: create.id, to: new, title: create.title, isFork: lineage == .forked))
        }
        return (ids, told)
    }

    /// Conflicts over items gone from the server are told with the copy's titles.
    private static func titleConflicts(_ report: inout SyncReport, in db: Database) throws {
        let titles = try OfflineCopy.titles(
            report.conflicts.filter { $0.title.isEmpty }.compactMap(\.itemID), in: db)
        report.conflicts = report.conflicts.map { conflict in
            guard conflict.title.isEmpty, let id = conflict.itemID else { return conflict }
            return SyncConflict(
                itemID: id, title: titles[id] ?? "", loser: conflict.loser,
                winner: conflict.winner)
        }
    }
}

/// A copy's change or undo, in the order they were made.
enum CopyEvent {
    case change(CopyChange)
    case undo(OfflineCopy.Undo)

    var time: String {
        switch self {
        case .change(let change): change.entry.createdAt
        case .undo(let undo): undo.createdAt
        }
    }

    /// What names it on the server once sent.
    func key(author: String) -> String {
        switch self {
        case .change(let change): SentKey.of(change.entry, author: change.entry.author ?? author)
        case .undo(let undo): SentKey.of(undo, author: undo.author ?? author)
        }
    }

    /// The changes and undos merged in the order they were made (an undo after the copy's
    /// journal entry it followed).
    static func inOrder(_ changes: [CopyChange], _ undos: [OfflineCopy.Undo]) -> [CopyEvent] {
        var events: [CopyEvent] = []
        var pendingUndos = undos[...]
        for change in changes {
            while let undo = pendingUndos.first, undo.afterChange < change.entry.id {
                events.append(.undo(undo))
                pendingUndos = pendingUndos.dropFirst()
            }
            events.append(.change(change))
        }
        return events + pendingUndos.map { .undo($0) }
    }
}

/// An item added offline that took a new ID at sync, and why: its copy was put back from a
/// backup or duplicated (`isFork`), or its ID was another item's on the server.
public struct SyncRenumbered: Equatable, Sendable {
    public var from: ItemID
    public var to: ItemID
    public var title: String
    public var isFork: Bool
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
