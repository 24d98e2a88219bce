/// A list as itself, whatever its name: its ID with the time it was created. The ID alone is
/// not enough: `lists.id` is an INTEGER PRIMARY KEY, so a new list may be given the ID of the
/// newest list deleted; the pair is never given twice.
public struct ListIdentity: Hashable, Sendable {
    public let id: Int64
    public let createdAt: String

    public init(id: Int64, createdAt: String) {
        self.id = id
        self.createdAt = createdAt
    }
}
