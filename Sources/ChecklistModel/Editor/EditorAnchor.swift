/// Where a window of rows is read around.
public enum EditorAnchor: Hashable, Sendable {
    /// The first items shown.
    case first
    /// The last items shown.
    case last
    /// The item, or when it is gone or no longer shown, the next item after the place it had
    /// (`sortKey`, then `id`), else the one before it.
    case item(ItemID, sortKey: Int64)
}
