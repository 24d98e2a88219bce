/// One row of the edit mode: what the screen shows of an item, and its place in the list's
/// order, the key that windowed reads continue from.
public struct EditorRow: Hashable, Sendable {
    public var id: ItemID
    public var title: String
    public var isSelected: Bool
    /// The stored sort key (not the 1-based place): with `id`, it orders the list.
    public var sortKey: Int64

    public init(id: ItemID, title: String, isSelected: Bool, sortKey: Int64) {
        self.id = id
        self.title = title
        self.isSelected = isSelected
        self.sortKey = sortKey
    }

    /// The row's place in the list's order.
    public var place: EditorPlace { EditorPlace(id: id, sortKey: sortKey) }
}
