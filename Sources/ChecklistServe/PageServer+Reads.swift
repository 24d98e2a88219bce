import ChecklistCore
import ChecklistModel

/// The page and its state: a window of a list's rows.
extension PageServer {
    // MARK: - Reads

    /// The list a request names: by its identity (`listid=`, which the page sends once it
    /// was shown) under its name now, so a rename elsewhere is followed; else by `list=`, else
    /// the one `serve` started with. A list known by identity that was deleted is `ListGone`:
    /// nothing recreates it under its old name.
    func list(_ value: String?, identity: String?, _ shared: Shared) throws -> ListName {
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
    func list(_ value: String?, _ shared: Shared) throws -> ListName {
        guard let value else { return try startName(shared) }
        do {
            return try ListName(value)
        } catch {
            throw PageError("the list name is not valid: \(error.description)")
        }
    }

    /// The window of rows a request asks for: from the start, or from an item on.
    func window(_ request: PageRequest, _ shared: inout Shared) throws -> EditorPage {
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
    func firstRank(of window: EditorPage, _ shared: Shared) throws -> Int {
        guard window.hasRowsBefore, let first = window.rows.first,
            let identity = window.listIdentity
        else { return 0 }
        return try shared.store.editorCountBefore(first.place, in: identity)
    }

    /// A window of a list's rows, with the list's total from `shared.totals` when nothing but
    /// selections changed since it was counted.
    func window(
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

    func page(_ request: PageRequest, person: String, _ shared: inout Shared) throws
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

    func state(_ request: PageRequest, _ shared: inout Shared) throws -> PageResponse {
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
}
