import ChecklistCore
import ChecklistModel
import ChecklistStore

/// The changes a page sends: taps, and edit mode's actions.
extension PageServer {
    // MARK: - Changes

    /// A change through a person's link is that person's: their name is its author (`history`,
    /// `undo`'s rules); the plain link's changes are the serving user's, as any command's.
    /// The handler of its group makes it (`selection`: taps, Save, None; `edit`: edit mode's
    /// actions); then the counts kept are carried over or dropped, the pages are told, and
    /// the answer is the list's new state (JSON) or the way back to the page.
    func change(
        _ route: String, _ form: PageForm, json: Bool, person: String, _ shared: inout Shared
    ) throws -> PageResponse {
        let store = person.isEmpty ? shared.store : shared.store.actingAs(person)
        let versionBefore = try store.dataVersion()
        let markBefore = versionBefore &+ shared.ownWrites
        // Issue 48, 5: a page says whose link it was opened with; the secret it sends may be
        // another person's (two links opened in one browser), and a change is never
        // recorded as someone it was not made by.
        let header = try form.decode(PageForms.Change.self, for: route)
        if let opened = header.person, opened != person {
            throw PageError(
                "this page was opened with "
                    + (opened.isEmpty ? "the shared link" : "\(opened)'s link")
                    + ", but it sent "
                    + (person.isEmpty ? "the shared link" : "\(person)'s")
                    + "; nothing changed (open your own link again)", status: 409)
        }
        let name = try list(header.list, identity: header.listid, shared)
        let editing = header.edit == true
        var undone: Change?
        var lost: [PageState.LostTap]?
        let selectionsOnly = ["toggle", "save", "none"].contains(route)
        if selectionsOnly {
            lost = try selection(route, form, store, in: name, seen: header.seen)
        } else {
            switch try edit(route, form, store, in: name, json: json, editing: editing) {
            case .page(let response): return response
            case .undone(let change): undone = change
            case .done: break
            }
        }
        shared.ownWrites &+= 1
        let versionAfter = try store.dataVersion()
        let markAfter = versionAfter &+ shared.ownWrites
        // Another connection may have committed while this change waited for the lock: then
        // no count carries over.
        if selectionsOnly && versionAfter == versionBefore {
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
            PageHTML.pageURL(list: name, identity: header.listid ?? "", editing: editing))
    }

    /// Taps, Save and None: what is checked. Returns the taps that lost to a later change
    /// (told on the page).
    func selection(
        _ route: String, _ form: PageForm, _ store: ChecklistStore, in name: ListName,
        seen: String?
    ) throws -> [PageState.LostTap]? {
        switch route {
        case "toggle":
            // The page's taps, in the order they were made, each with its time (those it kept
            // while the server could not be reached, or one just made): they merge by the
            // offline copies' rules, and those that lost are told. Without times (`id=` and
            // `to=`), a check or uncheck made now, as the command's.
            if let taps = try Self.taps(form.fields) {
                let merged = try store.mergeTaps(
                    taps, seen: seen.flatMap { PageClock.isTime($0) ? $0 : nil })
                return merged.compactMap { outcome in
                    outcome.lostTo.map { PageState.LostTap(outcome, winner: $0) }
                }
            }
            let toggle = try form.decode(PageForms.Toggle.self, for: route)
            switch toggle.to {
            case "checked": try store.check(.ids(IDSet(ids: [toggle.id.id])))
            case "unchecked": try store.uncheck(.ids(IDSet(ids: [toggle.id.id])))
            default: throw PageError("toggle needs to=checked or to=unchecked")
            }
        case "save":
            // The form without a script: the boxes shown, which were checked when the page
            // was made (`was`), and which are checked now. Only the boxes the person changed
            // change: another phone's checks since the page was made stay.
            let save = try form.decode(PageForms.Save.self, for: route)
            let (shown, was, checked) = (save.shown.ids, save.was.ids, save.checked.ids)
            guard checked.isSubset(of: shown), was.isSubset(of: shown) else {
                throw PageError("checked= or was= names an item the page did not show")
            }
            let turnedOn = checked.subtracting(was)
            let turnedOff = was.subtracting(checked)
            if !turnedOn.isEmpty { try store.check(.ids(IDSet(ids: turnedOn))) }
            if !turnedOff.isEmpty { try store.uncheck(.ids(IDSet(ids: turnedOff))) }
        default:  // none
            // A single-choice list's choice cleared: its checked item unchecked.
            try store.uncheck(.checked(in: name))
        }
        return nil
    }

    /// What an edit-mode action did: done, an undo (named on the page), or a page to show
    /// first (a deletion's confirmation, without the script).
    enum EditOutcome {
        case done
        case undone(Change)
        case page(PageResponse)
    }

    /// Edit mode's actions, and the field that adds: add, rename, move, undo, delete.
    func edit(
        _ route: String, _ form: PageForm, _ store: ChecklistStore, in name: ListName, json: Bool,
        editing: Bool
    ) throws -> EditOutcome {
        switch route {
        case "add":
            try store.add([try form.decode(PageForms.Add.self, for: route).title.title], to: name)
        case "rename":
            // Edit mode's Rename: the item's new title (the terminal's `r`), and its declared
            // fields where the form holds them (the terminal's `#` and `N`), as one change.
            let rename = try form.decode(PageForms.Rename.self, for: route)
            try store.edit(
                rename.id.id, title: rename.title.title, fields: try form.fieldValues(),
                namedList: name)
        case "move":
            // Edit mode's up and down, and a row dragged: "ID before OTHER" or "ID after
            // OTHER", OTHER the row the page showed above or below where it goes (the
            // terminal's `K` and `J`).
            let order = try form.decode(PageForms.Move.self, for: route).move
            try store.move(order.id, to: order.target, inList: name)
        case "undo":
            // The person's own newest change (the plain link's: the serving user's), wherever it
            // was made; another author's later change to the same items refuses it (409), as
            // `checklist undo` exits 75.
            return .undone(try store.undo())
        default:  // delete
            let delete = try form.decode(PageForms.Delete.self, for: route)
            let counted = delete.ids.ids
            guard delete.confirm == "yes" else {
                if json { throw PageError("delete needs confirm=yes") }
                return .page(
                    .html(
                        PageHTML.confirmDeletion(
                            list: name, identity: form.value("listid") ?? "",
                            ids: counted.sorted(), editing: editing)))
            }
            if !counted.isEmpty { try store.delete(.checkedAmong(IDSet(ids: counted), in: name)) }
        }
        return .done
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
