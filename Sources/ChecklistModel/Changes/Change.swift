/// One entry of `checklist history`.
public struct Change: Hashable, Sendable {
    public var id: Int64
    public var command: String
    public var description: String
    public var itemCount: Int
    /// ISO 8601 UTC.
    public var createdAt: String
    /// Who made it: the login name on SQLite, the role on a server; nil for a change recorded
    /// before authors were kept.
    public var author: String?

    public init(
        id: Int64, command: String, description: String, itemCount: Int, createdAt: String,
        author: String? = nil
    ) {
        self.id = id
        self.command = command
        self.description = description
        self.itemCount = itemCount
        self.createdAt = createdAt
        self.author = author
    }
}
