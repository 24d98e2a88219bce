import ChecklistCore
import ChecklistModel
import ChecklistStore
import Synchronization

/// The page's HTTP surface, without a socket: `respond(to:)` answers one request through
/// `ChecklistStore`, as a command would, and `changeMark()` is the signal the live updates
/// follow. `checklist-serve` puts it behind an HTTP server.
///
/// The link's path starts with its secret (a random 128-bit number, kept in the database as
/// its SHA-256, so the link lasts across restarts): `/SECRET/`. The page's script keeps the
/// secret in the browser's storage for the page's origin (`sessionStorage` and `localStorage`;
/// an origin includes the port, a cookie's host does not: issue 48, 4), takes it out of the
/// address bar, and sends it in the `X-Checklist-Link` header: its requests go to `/state`,
/// `/toggle`, …, and the clean address `/?list=…` is a public page (`PageBoot`) whose script
/// reads the page with the header. A request with neither a secret in its path nor the header
/// gets the same 404 as a path that does not exist. A change is a `POST`
/// with a form body (at most 64 KiB) from the page itself: a browser's `Origin` (or
/// `Sec-Fetch-Site`) must say so, so another site's form cannot check an item even with the
/// URL. A refused request
/// changes nothing. Store calls take turns: the store is reached only inside `turn`'s lock (a
/// SQLite connection, or a libpq one, serves one call at a time).
public final class PageServer: Sendable {
    public static let bodyLimit = 64 * 1024
    /// Rows a page shows at once: a long list is read a window at a time, as the editor reads.
    public static let windowSize = 200
    /// Scripts, styles and connections only the page's own; the live updates' socket is named
    /// by its host (CSP's 'self' does not cover ws: in every browser).
    static func contentSecurityPolicy(socketHost host: String? = nil) -> String {
        let sockets = host.map { " ws://\($0) wss://\($0)" } ?? ""
        return "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'"
            + sockets + "; img-src 'self'; manifest-src 'self'; worker-src 'self'"
            + "; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    let startList: ListName
    /// This process's name for itself in the states it sends (`PageState.epoch`).
    let epoch = String(UInt64.random(in: 1...UInt64.max), radix: 36)
    /// The store and what its calls share, one call at a time.
    let turn: Mutex<Shared>
    /// The SHA-256 of each link's secret, as last read from the store: what a request's secret
    /// is checked against. Apart from `turn`, so the server's thread checks a web socket's
    /// upgrade without waiting for a store call.
    let knownLinks = Mutex<[PageLink]>([])
    /// The header that carries the secret once the page has loaded (lower case, as
    /// `PageRequest` keeps names).
    static let linkHeader = "x-checklist-link"

    struct Shared {
        let store: ChecklistStore
        /// This server's own writes (SQLite's `data_version` moves only for other connections').
        var ownWrites: Int64 = 0
        /// Each list's number of items, at the change mark it was counted at: counting a long
        /// list is most of a read's cost (about 8 ms at 100,000 items), and a tap changes no
        /// list's length.
        var totals: [String: (mark: Int64, total: Int)] = [:]
        /// The list `serve` started with, by identity once it exists: renamed, the link (and
        /// a bookmark, a home-screen icon) opens it under its new name (issue 48, 7).
        var startIdentity: ListIdentity?
        /// The change mark the links were read at.
        var linksMark: Int64?
    }
    /// Called after each change made through this server, so the pages hear of it at once
    /// rather than at the next look at the store's signal.
    let didChange: @Sendable () -> Void

    /// A page server over `store`, opening on `list`; it answers to the links the store keeps
    /// (`ChecklistStore.makePageLink`). `allowedHosts`: the host names (and addresses) the
    /// `Host` header may name, in lower case, without a port; nil: any. A page reached through
    /// a name the server does not answer to is refused, so a site whose name was rebound to
    /// this machine's address (DNS rebinding) cannot read the page from its own origin.
    public init(
        store: ChecklistStore, list: ListName,
        allowedHosts: Set<String>? = nil, didChange: @escaping @Sendable () -> Void = {}
    ) {
        self.turn = Mutex(Shared(store: store))
        self.startList = list
        self.allowedHosts = allowedHosts
        self.didChange = didChange
        _ = try? locked { shared in try noteStartIdentity(&shared) }
        refreshLinks()
    }

    /// Learns the start list's identity, while it is unknown and the list exists.
    func noteStartIdentity(_ shared: inout Shared) throws {
        guard shared.startIdentity == nil else { return }
        shared.startIdentity =
            try shared.store.editorPage(
                list: startList, around: .first, before: 0, after: 0, knownTotal: nil
            ).listIdentity
    }

    /// The start list's name now: followed by identity, else the name `serve` was given.
    func startName(_ shared: Shared) throws -> ListName {
        if let known = shared.startIdentity, let name = try shared.store.editorListName(of: known) {
            return name
        }
        return startList
    }

    /// A number that moves when the lists change, whoever changed them (the store's signal:
    /// `data_version` on a file, NOTIFY on a server, plus this server's own writes).
    public func changeMark() throws -> Int64 {
        try locked { shared in try shared.store.dataVersion() &+ shared.ownWrites }
    }

    /// Reads the links again and returns them. Requests are checked against the links held
    /// here (issue 48, 3: on a server a read was a transaction, and 900 clients without a
    /// token pushed a real request to 1.7 s): read when the server starts and whenever the
    /// store's change signal moves (`LiveUpdates`, ten times a second), which a link replaced
    /// by any process moves (a write elsewhere on a file; the revision and NOTIFY on a
    /// server). A read that fails keeps the links read before.
    @discardableResult
    public func refreshLinks() -> [PageLink] {
        guard
            let links = try? locked({ shared in
                shared.linksMark = try shared.store.dataVersion() &+ shared.ownWrites
                return try shared.store.pageLinks()
            })
        else { return knownLinks.withLock { $0 } }
        knownLinks.withLock { $0 = links }
        return links
    }

    /// The links a request is checked against: those held, read again first when the request
    /// may hold a link (a secret's place in its path, or the link's header) and the store's
    /// change signal moved since they were read, so a link replaced by another process stops
    /// working at once and a new one works at once. Looking at the signal is no transaction
    /// (SQLite's `data_version`; on a server, the notifications already received); an asset
    /// or a request without a link looks at nothing of the store's.
    func links(for request: PageRequest) -> [PageLink] {
        guard mayHoldLink(request),
            let links = try? locked({ shared -> [PageLink]? in
                let mark = try shared.store.dataVersion() &+ shared.ownWrites
                guard mark != shared.linksMark else { return nil }
                shared.linksMark = mark
                return try shared.store.pageLinks()
            })
        else { return knownLinks.withLock { $0 } }
        knownLinks.withLock { $0 = links }
        return links
    }

    /// Whether a request may hold a link: a secret's place in its path, or the link's header.
    func mayHoldLink(_ request: PageRequest) -> Bool {
        let segment = request.path.dropFirst().prefix { $0 != "/" }
        return headerSecret(request) != nil
            || (segment.utf8.count == 32 && segment.allSatisfy(\.isHexDigit))
    }

    /// The SHA-256 of the link a live-update socket's request opens with (`/SECRET/events`, or
    /// `/events` with the header); nil for any other request. Checked against the links read
    /// last, so the server's thread never waits for the store.
    public func eventsLink(of request: PageRequest) -> String? {
        guard let route = route(request, links: knownLinks.withLock { $0 }), route.rest == "events"
        else { return nil }
        return route.link
    }

    /// Whether `link` (a secret's SHA-256) is among the links read last.
    public func isKnownLink(_ link: String) -> Bool {
        knownLinks.withLock { $0.contains { $0.secretSHA256 == link } }
    }

    func locked<T: Sendable>(_ body: (inout Shared) throws -> T) throws -> T {
        try turn.withLock { shared in try body(&shared) }
    }

    /// The answer to a request; every answer carries `X-Content-Type-Options: nosniff`.
    public func respond(to request: PageRequest) -> PageResponse {
        var response =
            answerWithoutStore(request) ?? routed(request, links: links(for: request))
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }

    /// The answer to a request the store has no part in (nil for any other): a `Host` refused,
    /// a public asset, or a request that holds no link (404). The server's thread gives it at
    /// once, so assets and strangers wait for no one's store call, nor make anyone wait.
    public func answerWithoutStore(_ request: PageRequest) -> PageResponse? {
        if let refusal = hostRefusal(request) { return refusal }
        if request.method == "GET" || request.method == "HEAD",
            let asset = Self.publicAsset(request.path)
        {
            return asset
        }
        guard !mayHoldLink(request) else { return nil }
        // The clean address without the header (a reload, a bookmark, a home-screen icon):
        // the public page whose script reads the page with the secret this browser keeps.
        if request.path == "/", request.method == "GET" || request.method == "HEAD" {
            return PageBoot.response(socketHost: Self.socketHost(request))
        }
        return routed(request, links: [])
    }

    /// The host names the `Host` header may name (see `init`); nil: any.
    public let allowedHosts: Set<String>?

    /// A request that is not a public asset (`answerWithoutStore` answers those first).
    func routed(_ request: PageRequest, links: [PageLink]) -> PageResponse {
        guard let found = route(request, links: links) else {
            // The link's header, kept since a link opened the page, whose link was replaced
            // since: the person is told what to do (a request without it learns nothing).
            return headerSecret(request) == nil ? .notFound : .linkReplaced
        }
        let isRead = request.method == "GET" || request.method == "HEAD"
        let route = found.rest
        switch route {
        case "/":
            let secret = request.path.dropFirst().prefix { $0 != "/" }
            return isRead ? .seeOther("/\(secret)/") : .notFound
        case "", "state":
            guard isRead else { return methodNotAllowed("GET, HEAD") }
            if route == "state" {
                return answering(request, json: true) { try state(request, &$0) }
            }
            var response = answering(request, json: false) {
                try page(request, person: found.person, &$0)
            }
            // The clean address answers by the header: a cache keeps it apart from the boot page.
            response.headers["Vary"] = "X-Checklist-Link"
            return response
        case "toggle", "save", "add", "delete", "undo", "rename", "move", "none":
            guard request.method == "POST" else { return methodNotAllowed("POST") }
            if let refusal = refusal(of: request) { return refusal }
            guard let form = FormBody.parse(request.body) else {
                return .text(400, "the form's body is not valid form data\n")
            }
            let json = (request.headers["accept"] ?? "").contains("application/json")
            // Without a script the address keeps the secret (nothing else in the browser can
            // hold it for a page without a script): the redirect stays under it.
            return answering(request, json: json) {
                try change(route, PageForm(fields: form), json: json, person: found.person, &$0)
            }
        default:
            return .notFound
        }
    }

    func methodNotAllowed(_ allowed: String) -> PageResponse {
        var response = PageResponse.text(405, "method not allowed\n")
        response.headers["Allow"] = allowed
        return response
    }
}
