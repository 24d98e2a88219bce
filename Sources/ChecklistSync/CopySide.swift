import ChecklistModel

/// The copy's side of a sync and a clone (a SQLite file's: `SQLiteCopySide`), inside the
/// transaction that holds the copy throughout: what `SyncConductor` reads of the copy and the
/// rows it writes there, in the copy's own terms. It speaks no SQL to the conductor.
package protocol CopySide: RowDestination {
    /// Where its last sync left the copy; nil on a file that is not a copy.
    func state() throws -> OfflineCopy.State?
    func write(_ state: OfflineCopy.State, syncedAt: String) throws
    /// The copy's changes after `syncedThrough`, oldest first, with their edits.
    func unsent(after syncedThrough: Int64) throws -> [CopyChange]
    /// The copy's undos waiting to be sent, oldest first.
    func undos() throws -> [OfflineCopy.Undo]
    /// The journal's entries up to `through` (the server's, as the copy last brought them).
    func entries(through: Int64) throws -> [Change]
    /// Every item the copy holds, with its list's name.
    func heldItems() throws -> [(item: CopyItem, list: String)]
    /// The copy's titles of `ids` (from its items, else its journal).
    func titles(_ ids: [ItemID]) throws -> [ItemID: String]
    /// The last item ID the copy gave (its counter); nil when it never gave one.
    func itemCounter() throws -> Int64?
    /// The largest item ID the copy holds (0: none).
    func largestItemID() throws -> ItemID
    /// Sets the counters new item IDs and journal entries continue from.
    func setCounters(items: Int64, changes: Int64) throws
    /// How many lists and items the copy holds.
    func counts() throws -> (lists: Int, items: Int)
    /// Forgets the undos sent.
    func forgetUndos() throws
    /// Empties the copy's lists, items and journal (before the server's are brought whole).
    func removeAll() throws

    // What a sync that brings only what changed does to the copy (`SyncConductor.pull`).

    /// Removes the items `ids`.
    func removeItems(_ ids: Set<ItemID>) throws
    /// Removes the lists not in `ids` and sets every other list's name aside (its items stay),
    /// so names swapped or moved on the server never meet here.
    func setListsAside(keeping ids: [Int64]) throws
    /// Removes each list whose name is still set aside (the server's rows did not name it
    /// again), with its items.
    func removeListsSetAside() throws
    /// Keeps the journal's entries up to `through` that `ids` holds; returns those it holds.
    func keepJournal(through: Int64, holding ids: Set<Int64>) throws -> Set<Int64>
}
