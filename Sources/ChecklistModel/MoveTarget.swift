/// Where `move` puts an item.
public enum MoveTarget: Hashable, Sendable {
    /// A 1-based place in the destination list.
    case position(Int64)
    /// Just before another item (in that item's list).
    case before(ItemID)
    /// Just after another item (in that item's list).
    case after(ItemID)
    /// At the end of the destination list.
    case end
}
