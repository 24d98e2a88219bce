import GRDB
import GRDBSQLite

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
}
