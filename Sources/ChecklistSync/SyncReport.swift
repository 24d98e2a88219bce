import ChecklistModel

/// What a sync did: the changes it sent and received, and the conflicts it met.
public struct SyncReport: Equatable, Sendable {
    public var sent: Int
    public var received: Int
    public var conflicts: [SyncConflict]
    /// Items added offline that took new IDs.
    public var renumbered: [SyncRenumbered] = []
    /// Rows of the server the command line's rules refuse, left out: one line each.
    public var skipped: [String] = []
    /// How many round trips to the server it took (the tests' measure of its cost).
    package var roundTrips = 0
}
