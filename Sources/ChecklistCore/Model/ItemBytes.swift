import GRDB
import GRDBSQLite

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
    /// `Item.more`'s values as bytes.
    public var more: [UnsafeRawBufferPointer] = []
}
