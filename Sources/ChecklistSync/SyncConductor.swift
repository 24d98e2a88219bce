import ChecklistModel

/// `checklist sync` and `checklist clone`, over a copy's side (`CopySide`) and a server's
/// (`SyncServerStore`, `SyncServer`): the order of a sync's steps and its decisions, in the
/// copy's and the server's own terms. Neither side's SQL is here; each side's is in its
/// engine's target (`SQLiteCopySide`, `PostgreSQLSync`).
package struct SyncConductor<Copy: CopySide> {
    /// The copy, inside the transaction that holds it throughout.
    let copy: Copy
    /// Where the copy is, for the errors that name it.
    let path: String

    /// A conductor over `copy` (inside its transaction); `path` names the copy in errors.
    package init(copy: Copy, path: String) {
        self.copy = copy
        self.path = path
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
    /// `open` connects to the server at a copy's address (as its state holds it), as the copy
    /// `copyID` (its opening reads where that copy stands there).
    package func sync<Server: SyncServerStore>(
        restoringServer: Bool, tapsInBulk: Bool,
        open: (_ address: String, _ copyID: String) throws -> Server
    ) throws -> SyncReport {
        guard let state = try copy.state() else {
            throw ChecklistError.notAnOfflineCopy(path: path)
        }
        var events = CopyEvent.inOrder(
            try copy.unsent(after: state.syncedThrough), try copy.undos())
        let localSequence = try copy.itemCounter() ?? (state.firstReservedID - 1)

        // The server's schema is refused at once when it lets another role's code in.
        let server = try open(state.uri, state.copyID)
        var report = SyncReport(sent: 0, received: 0, conflicts: [])
        var newState = state
        var syncedAt = ""
        let hasIDs = state.lastReservedID - localSequence >= OfflineCopy.reservedIDs
        // Nothing to send, nothing new there (the revision read as the connection opened; a
        // notice for this copy moved it too): nothing to do on either side. The number alone
        // cannot say so: a server restored from a dump and written to since may be back at
        // it. The server still holding this copy's last sync (its generation, random, made
        // by that sync) can: the dump was taken after it, so it lost nothing the copy saw.
        if !restoringServer, events.isEmpty, hasIDs, !state.generation.isEmpty,
            server.copyGenerationAtOpening == state.generation,
            server.revisionAtOpening == state.serverRevision
        {
            report.roundTrips = server.roundTrips
            return report
        }
        try server.transaction(seenRevision: state.serverRevision) { sync in
            var keys = events.map { $0.key(author: state.author) }
            var lineage = try sync.lineage(
                ofCopy: state.copyID, generation: state.generation,
                revision: state.serverRevision, lastChange: state.syncedThrough,
                held: keys + events.compactMap { $0.undoneUnsentKey(author: state.author) })
            let (lost, allFound) =
                lineage == .serverBehind || lineage == .unknown
                ? try sync.lost(
                    try copy.entries(through: state.syncedThrough),
                    through: state.syncedThrough) : ([], true)
            // A server with no record of the copy that holds all it saw: the copy is made
            // known again (bringing everything, and giving back only items it forgot).
            if case .retired(let number) = lineage {
                throw ChecklistError.copyRetired(number: number, server: server.shownAddress)
            }
            let forgetful = lineage == .unknown || lineage == .serverBehind
            if lineage == .unknown { lineage = lost.isEmpty ? .same : .serverBehind }
            // The server no longer knows this copy's last sync: it went back in time. Nothing
            // is done at all, unless asked to give it back what it lacks of the copy.
            // The server's journal is the copy's again (another copy gave back what it lost):
            // it is given what it may lack of this copy's, as `--restore-server` would, untold.
            let restoring = lineage == .serverBehind
            if restoring {
                guard restoringServer || allFound else {
                    throw ChecklistError.serverWentBack(
                        lost: lost.count, since: lost.map(\.createdAt).min() ?? state.syncedAt)
                }
                if let first = lost.map(\.id).min() {
                    let lostIDs = Set(lost.map(\.id))
                    events = CopyEvent.inOrder(
                        try copy.unsent(after: first - 1).filter {
                            lostIDs.contains($0.entry.id) || $0.entry.id > state.syncedThrough
                        }, try copy.undos())
                    keys = events.map { $0.key(author: state.author) }
                }
                // It must never give again the IDs this copy holds or was given.
                let largest = try copy.largestItemID()
                try sync.keepItemIDs(above: max(largest, state.lastReservedID))
                try sync.recordRange(
                    state.firstReservedID...max(state.firstReservedID, state.lastReservedID),
                    ofCopy: state.copyID)
            }
            // A fork syncs as a new copy: what the copy it came from sent is not sent again
            // (matched by what each change is), and its adds take IDs no one else has.
            let copyID = lineage == .forked ? RandomHex.make(16) : state.copyID
            var progress = try sync.progress(ofCopy: copyID)
            // A copy no sync of this program has seen (its generation and the server's still
            // ''): a sync of the program before it, cut as the server committed, is known by
            // how far the server applied the copy's journal.
            let legacy = lineage == .same && state.generation.isEmpty ? progress : nil
            let arrival = try sync.now()
            // The server's changes (undos among them) the copy has not seen: every one moved
            // the revision by one since the copy's last sync, however many the journal keeps.
            report.received = Int(max(0, try sync.revision() - state.serverRevision))
            var sent = try sync.sent(keys)
            for (event, key) in zip(events, keys) where event.isApplied(before: legacy) {
                sent.insert(key)
            }
            // New IDs given by a sync cut as the server committed, that the copy never heard.
            let carried =
                lineage == .same
                ? try sync.renumbered(ofCopy: copyID, holding: state.generation) : [:]
            let renumbering = try renumbering(
                events, skipping: sent, keys: keys, lineage: lineage, restoring: restoring,
                state: state, sync: sync)
            let ids = carried.merging(renumbering.ids) { $1 }
            report.renumbered = renumbering.told
            // Lost changes come back at the times they were made.
            let times = Stamp.clock(
                events.map(\.time), seen: restoring ? "" : Stamp(state.seen).time,
                arrival: arrival)
            // What the copy had seen of the server, never later than its clock now.
            let seenTime = Stamp(state.seen).time
            let seen = Stamp(Stamp.seen(ISOTime.isValid(seenTime) ? min(seenTime, arrival) : ""))
            var undoneOnServer = false
            var applied: [(key: String, stamp: String)] = []
            // What was overruled since this copy's last sync, told now, once (again, when the
            // sync that told it was cut before the copy committed).
            let generation = RandomHex.make(16)
            let notices = try sync.takeNotices(
                ofCopy: copyID, heard: state.generation, generation: generation)
            var index = 0
            while index < events.count {
                let (event, time, key) = (events[index], times[index], keys[index])
                index += 1
                var stamp = Stamp(time: time, author: state.author)
                // A run of taps (changes that only check or uncheck) goes in two round trips.
                if tapsInBulk, !restoring, case .change(let change) = event,
                    change.checksAlone
                {
                    var run = index - 1
                    var taps: [(change: CopyChange, stamp: Stamp, key: String)] = []
                    while run < events.count, case .change(let tap) = events[run],
                        tap.checksAlone
                    {
                        if !sent.contains(keys[run]) {
                            taps.append(
                                (
                                    tap.sent(ids, at: times[run]),
                                    Stamp(
                                        time: times[run], author: tap.entry.author ?? state.author),
                                    keys[run]
                                ))
                        }
                        run += 1
                    }
                    if let conflicts = try sync.applyChecks(
                        taps.map { ($0.change, $0.stamp) }, seen: seen)
                    {
                        report.conflicts += conflicts
                        for tap in taps {
                            progress.changes = max(progress.changes, tap.change.entry.id)
                            applied.append((tap.key, tap.stamp.text))
                        }
                        report.sent += taps.count
                        index = run
                        continue
                    }
                }
                switch event {
                case .change(let change):
                    guard !sent.contains(key) else { continue }
                    var change = change.sent(ids, at: time)
                    // A restored server may have given a lost list's ID to another: by name.
                    if restoring { change.lists = change.lists.mapValues { .init(mode: $0.mode) } }
                    var author = change.entry.author ?? state.author
                    // Given back by a role under the journal's row-level security: its own name.
                    if restoring, author != server.role, try sync.journalIsGuarded() {
                        author = server.role
                    }
                    stamp = Stamp(time: time, author: author)
                    report.conflicts += try sync.apply(change, stamp: stamp, seen: seen)
                    progress.changes = max(progress.changes, change.entry.id)
                case .undo(let undo):
                    // A change the server took: an undo the server made (or refused) leaves
                    // rows the server's revisions may not name, so the copy takes all back.
                    var taken = true
                    var onServer: Int64?
                    if let unsent = undo.unsent {
                        let author = unsent.author ?? state.author
                        onServer = try sync.change(
                            matching: CopyChange(entry: unsent, edits: []).renumbered(ids).entry,
                            author: author, after: state.syncedThrough)
                        taken = sent.contains(SentKey.of(unsent, author: author)) || onServer != nil
                    }
                    if taken { undoneOnServer = true }
                    guard !sent.contains(key) else { continue }
                    stamp = Stamp(time: time, author: undo.author ?? state.author)
                    if undo.unsent == nil {
                        report.conflicts += try sync.undo(changeID: undo.changeID, stamp: stamp)
                    } else if let onServer {
                        // Undone before it was sent: nothing to send, unless the server took it
                        // in a sync whose end the copy never heard (cut as the server committed).
                        report.conflicts += try sync.undo(changeID: onServer, stamp: stamp)
                    }
                    progress.undos = max(progress.undos, undo.id)
                }
                applied.append((key, stamp.text))
                report.sent += 1
            }
            // The other side of each conflict, when another copy's, hears of it at its next sync.
            try sync.notify(report.conflicts, besides: copyID)
            let own = report.conflicts.count
            report.conflicts += notices
            // Nothing the copy holds is deleted because the server forgot it: an item the
            // journal could not give back (past its depth, or undone there before the backup)
            // comes back as the copy holds it, unless deleted there since.
            if forgetful {
                let held = try copy.heldItems()
                let gone = try sync.forgotten(
                    held.map(\.item.id), known: try copy.entries(through: .max)
                ).subtracting(ids.keys)
                let givingBack = held.filter { gone.contains($0.item.id) }
                if !givingBack.isEmpty {
                    let stamp = Stamp(time: arrival, author: server.role)
                    report.conflicts += try sync.apply(
                        OfflineCopy.givingBack(givingBack, stamp: stamp), stamp: stamp,
                        seen: seen)
                }
            }
            try sync.record(progress: progress, ofCopy: copyID)
            try sync.describe(copy: copyID, author: state.author, syncedAt: arrival)
            try sync.recordSent(applied, ofCopy: copyID, generation: generation)
            try sync.recordRenumbered(renumbering.ids, ofCopy: copyID, generation: generation)
            try sync.renew(generation: generation, ofCopy: copyID)
            newState.copyID = copyID
            newState.generation = generation
            syncedAt = try sync.now()
            try titleConflicts(&report)
            try sync.keep(
                told: Array(report.conflicts.prefix(own)), ofCopy: copyID, generation: generation)
            // What changed there since the copy's last sync (and what it changed itself), or,
            // when the server cannot tell (the copy's undos, a sync before the server kept
            // revisions, a side that went back in time, items given new IDs), everything.
            let screen = BroughtRows(lastItemID: try sync.lastItemID())
            defer { report.skipped = screen.skipped }
            if !undoneOnServer, lineage == .same, !forgetful, ids.isEmpty,
                state.serverRevision >= (try sync.pullFrom())
            {
                try pull(
                    from: sync, since: state.serverRevision, syncedThrough: state.syncedThrough,
                    screen: screen,
                    touched: Set(
                        events.flatMap { event -> [ItemID] in
                            guard case .change(let change) = event else { return [] }
                            return change.edits.compactMap(\.itemID)
                        }))
            } else {
                try copy.removeAll()
                try sync.sendAll(to: copy, screen: screen)
            }
            // The copy's IDs: SQLite gives an item the larger of its counter and the largest ID
            // in the table, plus one; while no item from elsewhere is above the copy's reserved
            // IDs, they last; else, or when fewer than 1,000 are left, or for a fork (its IDs
            // are its twin's), the server sets aside new ones, above every ID it has given.
            var sequence = localSequence
            let largest = try copy.largestItemID()
            if lineage == .forked || !hasIDs || largest > state.lastReservedID {
                let ids = try sync.reserveIDs(OfflineCopy.reservedIDs, forCopy: copyID)
                newState.firstReservedID = ids.lowerBound
                newState.lastReservedID = ids.upperBound
                sequence = ids.lowerBound - 1
            }
            let lastChange = try sync.lastChangeID()
            try copy.setCounters(items: sequence, changes: lastChange)
            newState.syncedThrough = lastChange
            newState.seen = Stamp.seen(syncedAt)
            try copy.forgetUndos()
            // Each change and undo moved the revision itself: editors and pages are told.
            if report.sent > 0 { sync.announceChanges() }
            newState.serverRevision = try sync.revision()
            try sync.recordPulled(ofCopy: copyID, at: newState.serverRevision)
        }
        try copy.write(newState, syncedAt: syncedAt)
        report.roundTrips = server.roundTrips
        return report
    }
}
