/// What JSON shows of an item, its text fields in the bytes SQLite holds (see
/// `HeadlineBytes`): valid only during the call that gives it.
public struct ItemBytes {
    public let id: ItemID
    public let isSelected: Bool
    /// The 1-based place in its list.
    public let position: Int64
    public let list: UnsafeRawBufferPointer
    public let title: UnsafeRawBufferPointer
    public let createdAt: UnsafeRawBufferPointer
    public let updatedAt: UnsafeRawBufferPointer

    /// Makes one from its parts: buffers valid only during the call that gives it.
    package init(
        id: ItemID, isSelected: Bool, position: Int64, list: UnsafeRawBufferPointer,
        title: UnsafeRawBufferPointer, createdAt: UnsafeRawBufferPointer,
        updatedAt: UnsafeRawBufferPointer, more: [UnsafeRawBufferPointer] = []
    ) {
        self.id = id
        self.isSelected = isSelected
        self.position = position
        self.list = list
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.more = more
    }

    /// `Item.more`'s values as bytes.
    public var more: [UnsafeRawBufferPointer]
}
