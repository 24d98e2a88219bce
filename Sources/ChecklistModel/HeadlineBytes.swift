/// What text and ID output show of an item, in the bytes SQLite holds: the list's name and
/// the title as stored, borrowed from SQLite's row buffer. Valid only during the call that
/// gives it; copy what must outlive it.
public struct HeadlineBytes {
    public let id: ItemID
    public let isSelected: Bool
    public let list: UnsafeRawBufferPointer
    public let title: UnsafeRawBufferPointer
    /// `ItemHeadline.more`'s values as bytes.
    public let more: [UnsafeRawBufferPointer]

    /// Makes one from its parts: buffers valid only during the call that gives it.
    package init(
        id: ItemID, isSelected: Bool, list: UnsafeRawBufferPointer, title: UnsafeRawBufferPointer,
        more: [UnsafeRawBufferPointer]
    ) {
        self.id = id
        self.isSelected = isSelected
        self.list = list
        self.title = title
        self.more = more
    }
}
