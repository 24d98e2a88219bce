import ChecklistModel

/// A server an offline copy syncs with, as the conductor of a sync or a clone sees it
/// (PostgreSQL's: `PostgreSQLStore`): what its opening read, and its transactions.
package protocol SyncServerStore {
    associatedtype Side: SyncServer
    /// The role it records as the author of what it gives back.
    var role: String { get }
    /// The server's address as shown (without a password).
    var shownAddress: String { get }
    /// The syncing copy's generation there, and the server's revision, as the connection
    /// opened: a sync with nothing to do needs no transaction.
    var copyGenerationAtOpening: String? { get }
    var revisionAtOpening: Int64? { get }
    /// How many round trips it took so far (the tests' measure of a sync's cost).
    var roundTrips: Int { get }
    /// Runs `body` in one transaction holding the server's write lock; `seenRevision`, the
    /// revision the syncing copy last brought the server's items at (nil for a clone).
    func transaction<T>(seenRevision: Int64?, _ body: (Side) throws -> T) throws -> T
}

/// The server's side of a sync and a clone, inside its transaction (PostgreSQL's:
/// `PostgreSQLSync`): each change merged there by `SyncMerge`, the copies' records, the IDs it
/// gives, and its rows sent to the copy. It speaks no SQL to the conductor.
package protocol SyncServer {
    // Where the copy stands (`CopyLineage`), and what the server holds of it.
    func lineage(
        ofCopy copyID: String, generation: String, revision: Int64, lastChange: Int64,
        held: [String]
    ) throws -> CopyLineage
    func lost(_ entries: [Change], through last: Int64) throws -> (
        lost: [Change], allFound: Bool
    )
    func forgotten(_ ids: [ItemID], known: [Change]) throws -> Set<ItemID>
    func journalIsGuarded() throws -> Bool
    func progress(ofCopy copyID: String) throws -> (changes: Int64, undos: Int64)
    func record(progress: (changes: Int64, undos: Int64), ofCopy copyID: String) throws
    func sent(_ keys: [String]) throws -> Set<String>
    func recordSent(
        _ sent: [(key: String, stamp: String)], ofCopy copyID: String, generation: String
    ) throws
    func renew(generation: String, ofCopy copyID: String) throws
    func describe(copy copyID: String, author: String, syncedAt: String?) throws

    // IDs.
    func keepItemIDs(above id: ItemID) throws
    func recordRange(_ ids: ClosedRange<ItemID>, ofCopy copyID: String) throws
    func ranges(ofCopy copyID: String) throws -> [ClosedRange<ItemID>]
    func taken(_ ids: [ItemID]) throws -> Set<ItemID>
    func reserveIDs(_ count: Int64, forCopy copyID: String?) throws -> ClosedRange<ItemID>
    func renumbered(ofCopy copyID: String, holding generation: String) throws
        -> [ItemID: ItemID]
    func recordRenumbered(_ ids: [ItemID: ItemID], ofCopy copyID: String, generation: String)
        throws

    // Its clock and counters.
    func now() throws -> String
    func revision() throws -> Int64
    func lastItemID() throws -> Int64
    func lastChangeID() throws -> Int64

    // The copy's changes, merged.
    func apply(_ change: CopyChange, stamp: Stamp, seen: Stamp) throws -> [SyncConflict]
    /// A run of changes that each only check or uncheck (`CopyChange.checksAlone`), in bulk;
    /// nil, having changed nothing, when they must go one by one.
    func applyChecks(_ changes: [(change: CopyChange, stamp: Stamp)], seen: Stamp) throws
        -> [SyncConflict]?
    func change(matching copied: Change, author: String, after: Int64) throws -> Int64?
    func undo(changeID: Int64, stamp: Stamp) throws -> [SyncConflict]

    // Conflicts told to the other copies.
    func notify(_ conflicts: [SyncConflict], besides copyID: String) throws
    func keep(told conflicts: [SyncConflict], ofCopy copyID: String, generation: String) throws
    func takeNotices(ofCopy copyID: String, heard: String, generation: String) throws
        -> [SyncConflict]
    /// Tells editors and pages open on the server that it changed, once the transaction ends.
    func announceChanges()

    // Its rows, for the copy.
    /// The revision a copy must have synced at, or after, to bring only what changed since.
    func pullFrom() throws -> Int64
    func recordPulled(ofCopy copyID: String, at revision: Int64) throws
    /// The items deleted after `revision`.
    func deletedItems(after revision: Int64) throws -> [ItemID]
    /// Every list's ID, and every journal entry's.
    func listIDs() throws -> [Int64]
    func journalIDs() throws -> Set<Int64>
    /// Sends every row of every stored table (`StoredTables.all`, in that order) to `copy`;
    /// with `screen`, items and lists the command line's rules refuse are left out and noted.
    func sendAll(to copy: some RowDestination, screen: BroughtRows?) throws
    /// Sends every list, and the items written after `revision` or named in `touched`, to
    /// replace the copy's of the same IDs.
    func sendChanged(
        after revision: Int64, touched: [ItemID], to copy: some RowDestination,
        screen: BroughtRows
    ) throws
    /// Sends the journal's entries `ids`, with their records.
    func sendJournal(_ ids: [Int64], to copy: some RowDestination) throws
}
