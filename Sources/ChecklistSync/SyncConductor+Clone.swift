import ChecklistModel

/// What a clone made.
public struct CloneReport: Equatable, Sendable {
    public var lists: Int
    public var items: Int
    public var author: String
    public var reservedIDs: ClosedRange<ItemID>
    /// Rows of the server the command line's rules refuse, left out: one line each.
    public var skipped: [String] = []
}

extension SyncConductor {
    /// `checklist clone`: fills this new, empty copy with every list of `server`'s database,
    /// with IDs, history and authors, under a new copy's name the server records, with item IDs
    /// it sets aside for it, in one transaction there.
    package func clone(from server: some SyncServerStore, author: String?) throws -> CloneReport {
        try server.transaction(seenRevision: nil) { sync in
            let copyID = RandomHex.make(16)
            let generation = RandomHex.make(16)
            _ = try sync.progress(ofCopy: copyID)
            try sync.renew(generation: generation, ofCopy: copyID)
            let ids = try sync.reserveIDs(OfflineCopy.reservedIDs, forCopy: copyID)
            let now = try sync.now()
            let author = author ?? server.role
            try sync.describe(copy: copyID, author: author, syncedAt: nil)
            let screen = BroughtRows(lastItemID: try sync.lastItemID())
            try sync.sendAll(to: copy, screen: screen)
            let lastChange = try sync.lastChangeID()
            try copy.setCounters(items: ids.lowerBound - 1, changes: lastChange)
            let revision = try sync.revision()
            try sync.recordPulled(ofCopy: copyID, at: revision)
            let state = OfflineCopy.State(
                uri: server.shownAddress, author: author, copyID: copyID,
                syncedThrough: lastChange, serverRevision: revision, seen: Stamp.seen(now),
                firstReservedID: ids.lowerBound, lastReservedID: ids.upperBound,
                generation: generation)
            try copy.write(state, syncedAt: now)
            let counts = try copy.counts()
            return CloneReport(
                lists: counts.lists, items: counts.items, author: author, reservedIDs: ids,
                skipped: screen.skipped)
        }
    }
}
