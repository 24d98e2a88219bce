import ChecklistServe
import Synchronization

/// The live updates: the store's thread looks at the store's change signal (SQLite's
/// `data_version`, or the server's NOTIFY) ten times a second, and at once after a change made
/// through this server. When it moves, each list shown by an open page is read once (its first
/// window, as JSON) and pushed to those pages' sockets, so a page shows a change without
/// asking; no page polls.
final class LiveUpdates: Sendable {
    struct Socket: Sendable {
        /// The list its page shows (nil: the one `serve` started with).
        var list: String?
        /// The SHA-256 of the link it opened with.
        var link: String
    }

    private let pages: PageServer
    private let outbox: SocketServer.Outbox
    /// Each open socket: opened and closed on the server's thread, read on the store's.
    private let sockets = Mutex<[SocketServer.ConnectionID: Socket]>([:])

    init(pages: PageServer, outbox: SocketServer.Outbox) {
        self.pages = pages
        self.outbox = outbox
    }

    /// How many sockets one link may hold open: a family's phones and tabs, not a crowd.
    static let socketsPerLink = 32

    /// Opens a socket; when its link already holds `socketsPerLink`, the oldest of them is
    /// closed with 1013 (its page tries again later), so whoever holds a link cannot fill the
    /// server with sockets.
    func open(_ id: SocketServer.ConnectionID, list: String?, link: String) {
        let oldest: SocketServer.ConnectionID? = sockets.withLock { sockets in
            sockets[id] = Socket(list: list, link: link)
            let same = sockets.filter { $0.value.link == link }.keys
            guard same.count > Self.socketsPerLink, let oldest = same.min() else { return nil }
            sockets[oldest] = nil
            return oldest
        }
        if let oldest { outbox.closeWebSocket(oldest, code: 1013) }
    }

    func close(_ id: SocketServer.ConnectionID) {
        _ = sockets.withLock { $0.removeValue(forKey: id) }
    }

    /// On the store's thread: when the change mark moved from `last`, pushes each open page
    /// its list as it is now. Returns the mark it saw.
    func push(after last: Int64) -> Int64 {
        guard let mark = try? pages.changeMark(), mark != last else { return last }
        // A link replaced elsewhere (serve --new-link) closes its pages' sockets: each page
        // then learns that its link no longer works.
        pages.refreshLinks()
        var open = sockets.withLock { $0 }
        for (id, socket) in open where !pages.isKnownLink(socket.link) {
            open[id] = nil
            outbox.closeWebSocket(id)
        }
        var states: [String: String] = [:]
        for (id, socket) in open {
            let key = socket.list ?? ""
            let state = states[key] ?? pages.pushedState(list: socket.list)?.json ?? String(mark)
            states[key] = state
            outbox.push(id, state)
        }
        return mark
    }
}
