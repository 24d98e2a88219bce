/// An offline copy's own state: where its last sync left it (in a SQLite file,
/// `migrations/0006_offline_copies.sql`; read and written by `SQLiteCopySide`).
enum OfflineCopy {
    /// How many item IDs a copy holds at least after clone and after each sync.
    static let reservedIDs: Int64 = 1000

    struct State: Equatable, Sendable {
        var uri: String
        var author: String
        var copyID: String
        var syncedThrough: Int64
        var serverRevision: Int64
        var seen: String
        var firstReservedID: Int64
        var lastReservedID: Int64
        /// The random text the server gave at the copy's last sync (`migrations/0008`): an
        /// older one there tells a copy put back or duplicated; an unknown one, a server that
        /// went back in time. '' before the first sync that set one.
        var generation: String = ""
        /// When its last sync ended (the server's clock).
        var syncedAt: String = ""
    }

    /// A copy's `undo` of a change the server holds, to be sent; or of one of its own changes
    /// it had not sent yet (`unsent`), which the server may have taken all the same.
    struct Undo: Equatable, Sendable {
        var id: Int64
        var changeID: Int64
        var afterChange: Int64
        var createdAt: String
        var author: String?
        /// The undone change as the copy's journal had it (`migrations/0007`).
        var unsent: Change?
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
