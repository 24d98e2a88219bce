import ChecklistModel

extension SyncConductor {
    /// Brings into the copy what changed on the server after `revision`, the revision its last
    /// sync ended at, so that it holds what the server holds: the items deleted there and
    /// those its own changes `touched` go, to come back as the server has them; the lists are
    /// brought whole (there are few); the items written after `revision`; the journal's entries
    /// the copy lacks (its own, after `syncedThrough`, are replaced by the server's records of
    /// them), and none the server dropped.
    func pull(
        from server: some SyncServer, since revision: Int64, syncedThrough: Int64,
        screen: BroughtRows, touched: Set<ItemID>
    ) throws {
        try copy.removeItems(touched.union(try server.deletedItems(after: revision)))
        // Lists by ID; the copy's names set aside first, so that names swapped or moved there
        // never meet here. A list the rules left out keeps its name set aside: it goes.
        try copy.setListsAside(keeping: try server.listIDs())
        try server.sendChanged(
            after: revision, touched: touched.sorted(), to: copy, screen: screen)
        try copy.removeListsSetAside()
        // The journal: entries are never changed once written, only dropped (undo, and the
        // journal's depth), so the copy's are those it lacks.
        let journal = try server.journalIDs()
        let held = try copy.keepJournal(through: syncedThrough, holding: journal)
        let missing = journal.subtracting(held).sorted()
        guard !missing.isEmpty else { return }
        try server.sendJournal(missing, to: copy)
    }
}
