import ChecklistCore
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

    private let startList: ListName
    /// This process's name for itself in the states it sends (`PageState.epoch`).
    let epoch = String(UInt64.random(in: 1...UInt64.max), radix: 36)
    /// The store and what its calls share, one call at a time.
    private let turn: Mutex<Shared>
    /// The SHA-256 of each link's secret, as last read from the store: what a request's secret
    /// is checked against. Apart from `turn`, so the server's thread checks a web socket's
    /// upgrade without waiting for a store call.
    private let knownLinks = Mutex<[PageLink]>([])
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
    private let didChange: @Sendable () -> Void

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
    private func noteStartIdentity(_ shared: inout Shared) throws {
        guard shared.startIdentity == nil else { return }
        shared.startIdentity =
            try shared.store.editorPage(
                list: startList, around: .first, before: 0, after: 0, knownTotal: nil
            ).listIdentity
    }

    /// The start list's name now: followed by identity, else the name `serve` was given.
    private func startName(_ shared: Shared) throws -> ListName {
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
    private func links(for request: PageRequest) -> [PageLink] {
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
    private func mayHoldLink(_ request: PageRequest) -> Bool {
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

    private func locked<T: Sendable>(_ body: (inout Shared) throws -> T) throws -> T {
        try turn.withLock { shared in try body(&shared) }
    }

    // MARK: - Routing

    /// What a request asks for: the path after the link's secret ("" for the page itself, "/"
    /// for the secret without a slash), and the link's SHA-256.
    struct Route {
        var rest: String
        var link: String
        /// Whose link it is ("" the plain link): the author of the changes made through it.
        var person: String
        /// The secret came in the path (the link itself), not in the header.
        var isFromPath: Bool
    }

    /// The route of a request whose path starts with a link's secret, or else that carries one
    /// in the header; nil for any other (answered 404). A path that starts with a secret that
    /// is no link's is never read as a clean path: an old link gets 404 whatever the header.
    func route(_ request: PageRequest, links: [PageLink]) -> Route? {
        let parts = request.path.split(
            separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].isEmpty else { return nil }
        let rest = parts[1]
        let segment = rest.prefix { $0 != "/" }
        if let link = Self.link(ofSecret: segment, among: links) {
            let after = rest.dropFirst(segment.count)
            // The secret without a slash: redirected.
            if after.isEmpty {
                return Route(
                    rest: "/", link: link.secretSHA256, person: link.person, isFromPath: true)
            }
            return Route(
                rest: String(after.dropFirst()), link: link.secretSHA256, person: link.person,
                isFromPath: true)
        }
        guard let secret = headerSecret(request),
            let link = Self.link(ofSecret: secret, among: links)
        else { return nil }
        return Route(
            rest: String(rest), link: link.secretSHA256, person: link.person, isFromPath: false)
    }

    /// The secret the page's script sent in the link's header, if it sent one. (No cookie
    /// carries it: a browser sends a host's cookies to every port of the host.)
    private func headerSecret(_ request: PageRequest) -> Substring? {
        request.headers[Self.linkHeader].map { Substring($0) }
    }

    /// The link whose secret `secret` is, its SHA-256 compared in constant time.
    private static func link(ofSecret secret: Substring, among links: [PageLink]) -> PageLink? {
        // A secret is 32 hex digits; anything else is no link's, whatever its hash.
        guard secret.utf8.count == 32 else { return nil }
        let hash = Array(PageLink.hash(ofSecret: secret).utf8)
        var found: PageLink?
        for link in links where constantTimeEqual(hash, Array(link.secretSHA256.utf8)) {
            found = link
        }
        return found
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
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

    // MARK: - Hosts and origins

    /// The host names the `Host` header may name (see `init`); nil: any.
    public let allowedHosts: Set<String>?

    /// 400 when `Host` names a host this server does not answer to.
    public func hostRefusal(_ request: PageRequest) -> PageResponse? {
        guard let allowedHosts, let host = request.headers["host"] else { return nil }
        guard allowedHosts.contains(Self.hostName(host)) else {
            return .text(400, "the Host header names a host this server does not answer to\n")
        }
        return nil
    }

    /// The host's name or address without its port, in lower case (`[::1]:80` is `::1`).
    static func hostName(_ host: String) -> String {
        var name = Substring(host.lowercased())
        if name.hasPrefix("["), let end = name.firstIndex(of: "]") {
            return String(name[name.index(after: name.startIndex)..<end])
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// Why a web-socket upgrade to the live updates is refused, if it is: a host this server
    /// does not answer to, or another site (`Origin`, `Sec-Fetch-Site`), as for a change.
    public func upgradeRefusal(of request: PageRequest) -> PageResponse? {
        var refusal =
            hostRefusal(request)
            ?? (isFromAnotherSite(request)
                ? .text(403, "the live updates are for the page itself\n") : nil)
        refusal?.headers["X-Content-Type-Options"] = "nosniff"
        return refusal
    }

    /// Whether a browser says the request comes from another site's page.
    private func isFromAnotherSite(_ request: PageRequest) -> Bool {
        if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none" {
            return true
        }
        if let origin = request.headers["origin"] {
            let host = request.headers["host"] ?? ""
            return origin != "http://" + host && origin != "https://" + host
        }
        return false
    }

    /// What every page of every server shares, and so needs no link: the icon, the manifest
    /// the service worker, the page's style and script, and the clean address's script (a
    /// browser asks for `/favicon.ico` and the manifest without the link's header).
    static func publicAsset(_ path: String) -> PageResponse? {
        switch path {
        case "/favicon.ico", "/icon-32.png": return image(PageAssets.icon32, type: "image/png")
        case "/icon-192.png": return image(PageAssets.icon192, type: "image/png")
        case "/icon-512.png": return image(PageAssets.icon512, type: "image/png")
        case "/icon.svg": return image(PageAssets.iconSVG, type: "image/svg+xml")
        case "/manifest.webmanifest":
            return image(PageAssets.manifest, type: "application/manifest+json")
        case "/sw.js": return script(PageAssets.serviceWorker)
        case "/page.js": return script(PageAssets.javaScript)
        case "/boot.js": return script(PageBoot.javaScript)
        case "/page.css":
            var response = image(PageAssets.css, type: "text/css; charset=utf-8")
            response.headers["Cache-Control"] = "no-cache"
            return response
        default: return nil
        }
    }

    /// A script, read again whenever the page loads (`no-cache`: a new `serve` brings its own).
    private static func script(_ bytes: [UInt8]) -> PageResponse {
        var response = image(bytes, type: "text/javascript; charset=utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return response
    }

    private static func image(_ bytes: [UInt8], type: String) -> PageResponse {
        PageResponse(
            status: 200,
            headers: [
                "Content-Type": type, "Cache-Control": "max-age=86400",
                "X-Content-Type-Options": "nosniff",
            ], body: bytes)
    }

    /// A request that is not a public asset (`answerWithoutStore` answers those first).
    private func routed(_ request: PageRequest, links: [PageLink]) -> PageResponse {
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
                try change(route, form, json: json, person: found.person, &$0)
            }
        default:
            return .notFound
        }
    }

    private func methodNotAllowed(_ allowed: String) -> PageResponse {
        var response = PageResponse.text(405, "method not allowed\n")
        response.headers["Allow"] = allowed
        return response
    }

    /// Why a change is refused before it is read, if it is: a body over the limit, a form of
    /// another kind, or a request from another site.
    private func refusal(of request: PageRequest) -> PageResponse? {
        if request.isOversized || request.body.count > Self.bodyLimit
            || Int(request.headers["content-length"] ?? "0") ?? 0 > Self.bodyLimit
        {
            return .text(413, "the request's body is over 64 KiB; nothing changed\n")
        }
        let type = request.headers["content-type"] ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            return .text(415, "changes are sent as form data; nothing changed\n")
        }
        if isFromAnotherSite(request) {
            return .text(403, "a change must come from the page itself; nothing changed\n")
        }
        return nil
    }

    /// Runs a read or a change, mapping the store's errors to 4xx and 5xx (as text, or as JSON
    /// for the page's script).
    private func answering(
        _ request: PageRequest, json: Bool, _ body: (inout Shared) throws -> PageResponse
    ) -> PageResponse {
        do {
            return try locked { shared in
                do {
                    return try body(&shared)
                } catch let gone as ListGone {
                    // The lists there are now, for the page's menu (the way to another list).
                    let names = ((try? shared.store.lists()) ?? []).map(\.name.text)
                    return Self.answer(
                        gone, lists: names, json: json,
                        editing: request.queryValue("edit") == "1")
                } catch ChecklistError.listNotFound(let name) where !json {
                    // A page, not "no list named": nothing on it creates the list.
                    let names = ((try? shared.store.lists()) ?? []).map(\.name.text)
                    var response = PageResponse.html(
                        PageHTML.missingList(
                            "There is no list “\(name)” here. Choose a list.", lists: names,
                            editing: request.queryValue("edit") == "1"))
                    response.status = 404
                    return response
                }
            }
        } catch let error as ChecklistError {
            let status = error.answer.httpStatus
            // A 404 or 409 names items and lists, which the page shows anyway; the rest would
            // name the database's path or URI (a password, a folder), which a page never hears.
            let message =
                switch status {
                case 404, 409: Self.inThePagesWords(error)
                case 503: "the list is busy or cannot be reached; try again"
                default: "the server could not do this; nothing changed"
                }
            return json
                ? PageResponse(
                    status: status, headers: ["Content-Type": "application/json"],
                    body: PageFailure(error: message).json)
                : Self.refusal(status, message, to: request)
        } catch let error as PageError {
            return json
                ? PageResponse(
                    status: error.status, headers: ["Content-Type": "application/json"],
                    body: PageFailure(error: error.message).json)
                : Self.refusal(error.status, error.message, to: request)
        } catch {
            return .text(500, "the server could not do this; nothing changed\n")
        }
    }

    /// A refusal for a browser without the page's script (a Save, a Rename): a page in the
    /// page's words with the way back to the list it came from, not a dead end of plain text.
    private static func refusal(_ status: Int, _ message: String, to request: PageRequest)
        -> PageResponse
    {
        let fields = request.method == "POST" ? FormBody.parse(request.body) ?? [] : request.query
        func value(_ name: String) -> String? { fields.last { $0.0 == name }?.1 }
        let back =
            value("list").flatMap { try? ListName($0) }.map {
                PageHTML.pageURL(
                    list: $0, identity: value("listid") ?? "", editing: value("edit") == "1")
            } ?? "./"
        var response = PageResponse.html(PageHTML.refusal(message, back: back))
        response.status = status
        return response
    }

    /// A list deleted elsewhere: 410, and for the page's script, the lists there are now.
    private static func answer(_ gone: ListGone, lists: [String], json: Bool, editing: Bool)
        -> PageResponse
    {
        guard json else {
            var response = PageResponse.html(
                PageHTML.missingList(
                    "The list “\(gone.name)” was deleted elsewhere. Choose another list.",
                    lists: lists, editing: editing))
            response.status = 410
            return response
        }
        let message =
            "the list \"\(gone.name)\" was deleted elsewhere; nothing changed (choose a list"
            + " from the menu)"
        return PageResponse(
            status: 410, headers: ["Content-Type": "application/json"],
            body: PageFailure(error: message, gone: true, lists: lists).json)
    }

    // MARK: - Reads

    /// The list a request names: by its identity (`listid=`, which the page sends once it
    /// was shown) under its name now, so a rename elsewhere is followed; else by `list=`, else
    /// the one `serve` started with. A list known by identity that was deleted is `ListGone`:
    /// nothing recreates it under its old name.
    private func list(_ value: String?, identity: String?, _ shared: Shared) throws -> ListName {
        guard let identity, !identity.isEmpty else { return try list(value, shared) }
        guard let known = PageHTML.listIdentity(parsing: identity) else {
            throw PageError("listid= is not a list's identity")
        }
        if let name = try shared.store.editorListName(of: known) { return name }
        throw ListGone(name: value ?? startList.text)
    }

    /// A refusal as the page says it (issue 48, 10): what happened, without the command line's
    /// flags and commands, which a phone cannot type.
    static func inThePagesWords(_ error: ChecklistError) -> String {
        switch error {
        case .undoConflict(_, let later, _):
            return "\(later.author ?? "someone else") changed the same items after you"
                + " (\(later.description)); nothing was undone"
        case .nothingToUndo: return "there is nothing to undo"
        case .nothingToUndoBy: return "you have made no change to undo"
        case .itemsNotFound, .itemNotFound:
            return "the item is gone (deleted elsewhere); nothing changed"
        case .listNotFound(let name): return "there is no list named \(Phrase.quoted(name))"
        default:
            // The rest name items and lists; a hint for the command line goes.
            let text = error.description
            guard
                let hint = text.range(of: " (")
                    ?? text.range(of: "; see `") ?? text.range(of: " (pass ")
            else { return text }
            let rest = text[hint.lowerBound...]
            return rest.contains("`") || rest.contains("--")
                ? String(text[..<hint.lowerBound]) : text
        }
    }

    /// The list a request names (`list=`), else the one `serve` started with (by identity).
    private func list(_ value: String?, _ shared: Shared) throws -> ListName {
        guard let value else { return try startName(shared) }
        do {
            return try ListName(value)
        } catch {
            throw PageError("the list name is not valid: \(error.description)")
        }
    }

    /// The window of rows a request asks for: from the start, or from an item on.
    private func window(_ request: PageRequest, _ shared: inout Shared) throws -> EditorPage {
        let name = try list(
            request.queryValue("list"), identity: request.queryValue("listid"), shared)
        var anchor = EditorAnchor.first
        if let from = request.queryValue("from") {
            guard let id = ItemID(from), let key = request.queryValue("key").flatMap(Int64.init)
            else { throw PageError("from= needs an item's ID and key=") }
            anchor = .item(id, sortKey: key)
        }
        // `after=1`: the rows after the item (the "Next items" link names the last one shown);
        // `before=1`: the rows before it ("Previous items" names the first one shown).
        let skipsAnchor = request.queryValue("after") == "1"
        let goesBack = request.queryValue("before") == "1"
        if request.queryValue("list") == nil { try noteStartIdentity(&shared) }
        var page =
            goesBack
            ? try window(of: name, around: anchor, before: Self.windowSize, after: 0, &shared)
            : try window(
                of: name, around: anchor, before: 0,
                after: Self.windowSize - (skipsAnchor ? 0 : 1), &shared)
        if !page.listExists && name != ListName.defaultList {
            throw ChecklistError.listNotFound(name.text)
        }
        if case .item(let id, _) = anchor {
            if skipsAnchor, page.rows.first?.id == id { page.rows.removeFirst() }
            if goesBack, page.rows.last?.id == id, page.rows.count > 1 {
                page.rows.removeLast()
                page.hasRowsAfter = true
            }
        }
        return page
    }

    /// How many items come before the window's first row: 0 from the start, else one index
    /// count (for "201–400 of 1,250").
    private func firstRank(of window: EditorPage, _ shared: Shared) throws -> Int {
        guard window.hasRowsBefore, let first = window.rows.first,
            let identity = window.listIdentity
        else { return 0 }
        return try shared.store.editorCountBefore(first.place, in: identity)
    }

    /// A window of a list's rows, with the list's total from `shared.totals` when nothing but
    /// selections changed since it was counted.
    private func window(
        of list: ListName, around anchor: EditorAnchor, before: Int = 0, after: Int,
        _ shared: inout Shared
    ) throws -> EditorPage {
        let mark = try shared.store.dataVersion() &+ shared.ownWrites
        let known = shared.totals[list.text].flatMap { $0.mark == mark ? $0.total : nil }
        let page = try shared.store.editorPage(
            list: list, around: anchor, before: before, after: after, knownTotal: known)
        shared.totals[list.text] = page.listExists ? (mark, page.counts.total) : nil
        return page
    }

    private func page(_ request: PageRequest, person: String, _ shared: inout Shared) throws
        -> PageResponse
    {
        let window = try window(request, &shared)
        let mark = try shared.store.dataVersion() &+ shared.ownWrites
        var response = PageResponse.html(
            PageHTML.page(
                window, mark: mark, editing: request.queryValue("edit") == "1",
                startedFrom: request.queryValue("from") != nil,
                firstRank: try firstRank(of: window, shared),
                person: person, renaming: request.queryValue("rename").flatMap(ItemID.init),
                epoch: epoch))
        response.headers["Content-Security-Policy"] = Self.contentSecurityPolicy(
            socketHost: Self.socketHost(request))
        return response
    }

    /// The request's `Host`, when it is a plain host name or address (with a port): the live
    /// updates' socket is allowed to it.
    static func socketHost(_ request: PageRequest) -> String? {
        guard let host = request.headers["host"], !host.isEmpty,
            host.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || ".:-[]".utf8.contains(byte)
            })
        else { return nil }
        return host
    }

    private func state(_ request: PageRequest, _ shared: inout Shared) throws -> PageResponse {
        let window = try window(request, &shared)
        let mark = try shared.store.dataVersion() &+ shared.ownWrites
        return PageResponse(
            status: 200,
            headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: PageState(window, mark: mark, epoch: epoch).json)
    }

    /// The state of a list's first window as JSON, with its change mark: what the live updates
    /// push to the pages that show the list (nil: the list does not exist).
    public func pushedState(list value: String?) -> (mark: Int64, json: String)? {
        try? locked { shared in
            let name = try list(value, shared)
            let window = try window(
                of: name, around: .first, after: Self.windowSize - 1, &shared)
            if !window.listExists && name != ListName.defaultList {
                throw ChecklistError.listNotFound(name.text)
            }
            let mark = try shared.store.dataVersion() &+ shared.ownWrites
            return (
                mark,
                String(decoding: PageState(window, mark: mark, epoch: epoch).json, as: UTF8.self)
            )
        }
    }

    // MARK: - Changes

    /// A change through a person's link is that person's: their name is its author (`history`,
    /// `undo`'s rules); the plain link's changes are the serving user's, as any command's.
    private func change(
        _ route: String, _ form: [(String, String)], json: Bool, person: String,
        _ shared: inout Shared
    ) throws -> PageResponse {
        let store = person.isEmpty ? shared.store : shared.store.actingAs(person)
        var undone: Change?
        var lost: [PageState.LostTap]?
        let versionBefore = try store.dataVersion()
        let markBefore = versionBefore &+ shared.ownWrites
        func value(_ name: String) -> String? { form.last { $0.0 == name }?.1 }
        // Single IDs, comma-separated or repeated (no ranges: a page names what it shows).
        func ids(_ name: String) throws -> Set<ItemID> {
            var set = Set<ItemID>()
            for (field, text) in form where field == name {
                for part in text.split(separator: ",") {
                    guard let id = ItemID(part), id > 0 else {
                        throw PageError("\(name)= holds something that is not an item's ID")
                    }
                    set.insert(id)
                }
            }
            return set
        }
        // Issue 48, 5: a page says whose link it was opened with; the secret it sends may be
        // another person's (two links opened in one browser), and a change is never
        // recorded as someone it was not made by.
        if let opened = value("person"), opened != person {
            throw PageError(
                "this page was opened with "
                    + (opened.isEmpty ? "the shared link" : "\(opened)'s link")
                    + ", but it sent "
                    + (person.isEmpty ? "the shared link" : "\(person)'s")
                    + "; nothing changed (open your own link again)", status: 409)
        }
        let name = try list(value("list"), identity: value("listid"), shared)
        let editing = value("edit") == "1"
        switch route {
        case "toggle":
            // The page's taps, in the order they were made, each with its time (those it kept
            // while the server could not be reached, or one just made): they merge by the
            // offline copies' rules, and those that lost are told. Without times (`id=` and
            // `to=`), a check or uncheck made now, as the command's.
            if let taps = try Self.taps(form) {
                let merged = try store.mergeTaps(
                    taps, seen: value("seen").flatMap { PageClock.isTime($0) ? $0 : nil })
                lost = merged.compactMap { outcome in
                    outcome.lostTo.map { PageState.LostTap(outcome, winner: $0) }
                }
                break
            }
            guard let text = value("id"), let id = ItemID(text), id > 0 else {
                throw PageError("toggle needs id=, an item's ID")
            }
            switch value("to") {
            case "checked": try store.check(.ids(IDSet(ids: [id])))
            case "unchecked": try store.uncheck(.ids(IDSet(ids: [id])))
            default: throw PageError("toggle needs to=checked or to=unchecked")
            }
        case "save":
            // The form without a script: the boxes shown, which were checked when the page
            // was made (`was`), and which are checked now. Only the boxes the person changed
            // change: another phone's checks since the page was made stay.
            let shown = try ids("shown")
            let was = try ids("was")
            let checked = try ids("checked")
            guard checked.isSubset(of: shown), was.isSubset(of: shown) else {
                throw PageError("checked= or was= names an item the page did not show")
            }
            let turnedOn = checked.subtracting(was)
            let turnedOff = was.subtracting(checked)
            if !turnedOn.isEmpty { try store.check(.ids(IDSet(ids: turnedOn))) }
            if !turnedOff.isEmpty { try store.uncheck(.ids(IDSet(ids: turnedOff))) }
        case "add":
            guard let text = value("title") else { throw PageError("add needs title=") }
            let title: Title
            do {
                title = try Title(text)
            } catch {
                throw PageError(error.description)
            }
            try store.add([title], to: name)
        case "rename":
            // Edit mode's Rename: the item's new title (the terminal's `r`).
            guard let text = value("id"), let id = ItemID(text), id > 0 else {
                throw PageError("rename needs id=, an item's ID")
            }
            guard let text = value("title") else { throw PageError("rename needs title=") }
            let title: Title
            do {
                title = try Title(text)
            } catch {
                throw PageError(error.description)
            }
            try store.rename(id, to: title, namedList: name)
        case "move":
            // Edit mode's up and down: "ID before OTHER" or "ID after OTHER", OTHER the row the
            // page showed above or below (the terminal's `K` and `J`).
            let words = (value("move") ?? "").split(separator: " ")
            guard words.count == 3, let id = ItemID(words[0]), let other = ItemID(words[2]),
                id > 0, other > 0, words[1] == "before" || words[1] == "after"
            else { throw PageError("move needs move=ID before OTHER or move=ID after OTHER") }
            try store.move(
                id, to: words[1] == "before" ? .before(other) : .after(other), inList: name)
        case "none":
            // A single-choice list's choice cleared: its checked item unchecked.
            try store.uncheck(.checked(in: name))
        case "undo":
            // The person's own newest change (the plain link's: the serving user's), wherever it
            // was made; another author's later change to the same items refuses it (409), as
            // `checklist undo` exits 75.
            undone = try store.undo()
        default:  // delete
            let counted = try ids("ids")
            guard value("confirm") == "yes" else {
                if json { throw PageError("delete needs confirm=yes") }
                return .html(
                    PageHTML.confirmDeletion(
                        list: name, identity: value("listid") ?? "", ids: counted.sorted(),
                        editing: editing))
            }
            if !counted.isEmpty { try store.delete(.checkedAmong(IDSet(ids: counted), in: name)) }
        }
        shared.ownWrites &+= 1
        let versionAfter = try store.dataVersion()
        let markAfter = versionAfter &+ shared.ownWrites
        // Another connection may have committed while this change waited for the lock: then
        // no count carries over.
        if (route == "toggle" || route == "save" || route == "none")
            && versionAfter == versionBefore
        {
            // Selections only: every list counted just before keeps its length.
            for (list, counted) in shared.totals where counted.mark == markBefore {
                shared.totals[list] = (markAfter, counted.total)
            }
        } else {
            shared.totals = [:]
        }
        didChange()
        if json {
            let window = try window(of: name, around: .first, after: Self.windowSize - 1, &shared)
            return PageResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: PageState(
                    window, mark: markAfter, epoch: epoch, undone: undone?.description,
                    lost: lost
                ).json)
        }
        return .seeOther(
            PageHTML.pageURL(list: name, identity: value("listid") ?? "", editing: editing))
    }
}

extension PageServer {
    /// A toggle's taps: `tap=ID:checked:TIME` or `tap=ID:unchecked:TIME`, each followed by
    /// `/SEEN` (the server's time of the state its page had), repeated, in the order they were
    /// made; nil when there are none.
    /// The most taps one request may hold.
    static let tapsPerRequest = 200

    static func taps(_ form: [(String, String)]) throws -> [PageTap]? {
        let fields = form.filter { $0.0 == "tap" }.map(\.1)
        if fields.isEmpty { return nil }
        // Each tap is a change of its own: a request of thousands would hold the store (and
        // every other page) for seconds. The page sends its kept taps 200 at a time.
        guard fields.count <= tapsPerRequest else {
            throw PageError(
                "at most \(tapsPerRequest) taps in one request; nothing changed", status: 413)
        }
        return try fields.map { field in
            // ID:checked:TIME, then /SEEN when the page had a state from the server.
            let halves = field.split(separator: "/", maxSplits: 1).map(String.init)
            let parts = (halves.first ?? "").split(separator: ":", maxSplits: 2).map(String.init)
            let seen = halves.count == 2 ? halves[1] : nil
            guard parts.count == 3, let id = ItemID(parts[0]), id > 0,
                parts[1] == "checked" || parts[1] == "unchecked", PageClock.isTime(parts[2]),
                seen.map(PageClock.isTime) ?? true
            else {
                throw PageError(
                    "tap= needs ID:checked:TIME or ID:unchecked:TIME, then /SEEN (times as 2026-11-28T10:05:00.000Z)"
                )
            }
            return PageTap(id: id, checked: parts[1] == "checked", time: parts[2], seen: seen)
        }
    }
}

/// A list the page showed, known by its identity, was deleted elsewhere (410).
struct ListGone: Error {
    var name: String
}

/// A request the page server cannot read (400).
struct PageError: Error {
    var message: String
    /// 400, or 409 for a request the page's own state refuses.
    var status = 400
    init(_ message: String, status: Int = 400) {
        self.message = message
        self.status = status
    }
}
