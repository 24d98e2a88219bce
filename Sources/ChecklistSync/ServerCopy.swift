import ChecklistModel

/// A copy a server keeps (`checklist copies`): its number there, the author of its changes,
/// when it was made and when it last synced (ISO 8601 UTC; nil: not since it was made).
public struct ServerCopy: Equatable, Sendable {
    public var number: Int64
    public var author: String
    public var madeAt: String
    public var syncedAt: String?

    /// Makes one from its parts.
    package init(number: Int64, author: String, madeAt: String, syncedAt: String?) {
        self.number = number
        self.author = author
        self.madeAt = madeAt
        self.syncedAt = syncedAt
    }
}
