/// One row of the edit mode: what the screen shows of an item, and its place in the list's
/// order, the key that windowed reads continue from.
public struct EditorRow: Hashable, Sendable {
    public var id: ItemID
    public var title: String
    public var isSelected: Bool
    /// The stored sort key (not the 1-based place): with `id`, it orders the list.
    public var sortKey: Int64
    /// The values of the item's other shown fields, as `Item.more` holds them: one for each of
    /// `moreKeys`, in that order. A field declared in `StoredTables` reaches the rows of the
    /// edit mode and of the page through here, with no field of its own in this struct.
    public var more: [String]

    /// The JSON keys of `more`'s fields, in its order.
    public static let moreKeys = StoredTables.moreShownItemFields.compactMap(\.jsonKey)

    public init(id: ItemID, title: String, isSelected: Bool, sortKey: Int64, more: [String] = []) {
        self.id = id
        self.title = title
        self.isSelected = isSelected
        self.sortKey = sortKey
        self.more = more
    }

    /// The row's place in the list's order.
    public var place: EditorPlace { EditorPlace(id: id, sortKey: sortKey) }
}
