import ChecklistModel

/// What a sync tells of items: the adds given new IDs, and titles of items gone.
extension SyncConductor {
    /// The new IDs of the copy's adds that cannot keep theirs (of the changes not `sent`
    /// before): every add of a fork (its IDs are its twin's); else an add at an ID the server
    /// has given another item, or outside the IDs set aside for this copy (a row planted on
    /// the server, a file changed by hand). New IDs are set aside before anything is added.
    func renumbering(
        _ events: [CopyEvent], skipping sent: Set<String>, keys: [String], lineage: CopyLineage,
        restoring: Bool, state: OfflineCopy.State, sync: some SyncServer
    ) throws -> (ids: [ItemID: ItemID], told: [SyncRenumbered]) {
        var creates: [(id: ItemID, title: String)] = []
        for (event, key) in zip(events, keys) where !sent.contains(key) {
            guard case .change(let change) = event else { continue }
            for case .create(let id, _, _, let values) in change.edits {
                creates.append((id, values[.title]?.text ?? ""))
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
        let fresh = try sync.reserveIDs(Int64(moving.count), forCopy: nil)
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
    func titleConflicts(_ report: inout SyncReport) throws {
        let titles = try copy.titles(
            report.conflicts.filter { $0.title.isEmpty }.compactMap(\.itemID))
        report.conflicts = report.conflicts.map { conflict in
            guard conflict.title.isEmpty, let id = conflict.itemID else { return conflict }
            return SyncConflict(
                itemID: id, title: titles[id] ?? "", loser: conflict.loser,
                winner: conflict.winner)
        }
    }
}
