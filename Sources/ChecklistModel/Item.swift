/// The stable identity of an item: assigned once, never renumbered, never reused.
public typealias ItemID = Int64

/// One row of a list. `isSelected` is the durable selection this product is built on.
public struct Item: Hashable, Sendable {
    public var id: ItemID
    public var list: ListName
    public var title: String
    public var isSelected: Bool
    public var position: Int64
    /// ISO 8601 UTC, as stored.
    public var createdAt: String
    /// ISO 8601 UTC, as stored.
    public var updatedAt: String
    /// The values of the declared fields beyond these (`ItemField.all`: a quantity, a note), as
    /// text (a count's digits), in their order.
    public var more: [String]

    public init(
        id: ItemID, list: ListName, title: String, isSelected: Bool, position: Int64,
        createdAt: String, updatedAt: String, more: [String] = []
    ) {
        self.id = id
        self.list = list
        self.title = title
        self.isSelected = isSelected
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.more = more
    }
}

/// What text and ID output show of an item: no place in its list, no timestamps. Reading only
/// these lets a filtered read use an index instead of every row, and skips two strings a row
/// (a third of the cost of reading one).
public struct ItemHeadline: Hashable, Sendable {
    public var id: ItemID
    public var list: ListName
    public var title: String
    public var isSelected: Bool
    /// The item's other shown fields, as `Item.more` holds them.
    public var more: [String]

    public init(
        id: ItemID, list: ListName, title: String, isSelected: Bool, more: [String] = []
    ) {
        self.id = id
        self.list = list
        self.title = title
        self.isSelected = isSelected
        self.more = more
    }
}
