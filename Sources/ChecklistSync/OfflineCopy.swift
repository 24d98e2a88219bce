import ChecklistModel

/// An offline copy's own state: where its last sync left it (in a SQLite file,
/// `migrations/0006_offline_copies.sql`; read and written by `SQLiteCopySide`).
package enum OfflineCopy {
    /// How many item IDs a copy holds at least after clone and after each sync.
    package static let reservedIDs: Int64 = 1000

    package struct State: Equatable, Sendable {
        package var uri: String
        package var author: String
        package var copyID: String
        package var syncedThrough: Int64
        package var serverRevision: Int64
        package var seen: String
        package var firstReservedID: Int64
        package var lastReservedID: Int64
        /// The random text the server gave at the copy's last sync (`migrations/0008`): an
        /// older one there tells a copy put back or duplicated; an unknown one, a server that
        /// went back in time. '' before the first sync that set one.
        package var generation: String = ""
        /// When its last sync ended (the server's clock).
        var syncedAt: String = ""

        /// Makes one from its parts.
        package init(
            uri: String, author: String, copyID: String, syncedThrough: Int64,
            serverRevision: Int64, seen: String, firstReservedID: Int64, lastReservedID: Int64,
            generation: String = "", syncedAt: String = ""
        ) {
            self.uri = uri
            self.author = author
            self.copyID = copyID
            self.syncedThrough = syncedThrough
            self.serverRevision = serverRevision
            self.seen = seen
            self.firstReservedID = firstReservedID
            self.lastReservedID = lastReservedID
            self.generation = generation
            self.syncedAt = syncedAt
        }
    }

    /// A copy's `undo` of a change the server holds, to be sent; or of one of its own changes
    /// it had not sent yet (`unsent`), which the server may have taken all the same.
    package struct Undo: Equatable, Sendable {
        var id: Int64
        var changeID: Int64
        var afterChange: Int64
        var createdAt: String
        var author: String?
        /// The undone change as the copy's journal had it (`migrations/0007`).
        var unsent: Change?

        /// Makes one from its parts.
        package init(
            id: Int64, changeID: Int64, afterChange: Int64, createdAt: String, author: String?,
            unsent: Change?
        ) {
            self.id = id
            self.changeID = changeID
            self.afterChange = afterChange
            self.createdAt = createdAt
            self.author = author
            self.unsent = unsent
        }
    }

    /// A change that adds `items` back, as the copy holds them: what `sync --restore-server`
    /// gives a server that forgot them.
    static func givingBack(_ items: [(item: CopyItem, list: String)], stamp: Stamp)
        -> CopyChange
    {
        let noun = items.count == 1 ? "item" : "items"
        return CopyChange(
            entry: Change(
                id: 0, command: "restore",
                description: "gave back \(items.count) \(noun) the server had lost",
                itemCount: items.count, createdAt: stamp.time, author: stamp.author),
            edits: items.map {
                .create(
                    $0.item.id, list: $0.list, position: $0.item.position, values: $0.item.values)
            })
    }
}
