import ChecklistModel

/// What the editor asks the outside world to do. The state machine never does I/O: the
/// driver performs each effect (see `EditorEngine`) and feeds its result back as an event.
public enum EditorEffect: Hashable, Sendable {
    /// Read a window of rows; the answer comes back as `.loaded`.
    case load(EditorQuery)
    /// Make one change, one transaction with one history entry; the answer comes back as
    /// `.changed` or `.failed`.
    case write(EditorWrite)
    /// Read the IDs of the checked items shown, for the delete question (`.deletionCounted`).
    case countDeletion(list: ListName, filter: EditorFilter?)
    /// Read more rows of a filtered window whose read stopped at a scan's limit
    /// (`.readMore`); asked for between keys (`EditorState.idleEffect`).
    case readMore(EditorScan)
    /// Count the next part of a filtered list (`.countedPart`); between keys too.
    case countPart(EditorScan)
    /// Count the items of the list before a place (`.countedBefore`), between keys: where the
    /// window starts, for the header's `row 120 of 100000`.
    case countBefore(EditorPlace, in: ListIdentity)
    /// The picker's `a`: read the IDs of every item shown (`.shownIDsRead`).
    case readShownIDs(list: ListName, filter: EditorFilter?)
    /// The picker: which of these marked IDs are still items of the list (`.marksFound`);
    /// `finishing` when they are the choice, to print once found.
    case findMarks(IDSet, in: ListIdentity, finishing: Bool)
    /// Leave the editor with this exit status.
    case quit(Int32)
}

/// A windowed read.
public struct EditorQuery: Hashable, Sendable {
    public var list: ListName
    /// The list's identity once a read found it: the list is followed by it, so a rename by
    /// another process shows the new name, and a deleted list is not taken for a new one.
    public var listIdentity: ListIdentity?
    public var filter: EditorFilter?
    public var anchor: EditorAnchor
    /// Rows wanted on each side of the anchor.
    public var margin: Int

    public init(
        list: ListName, listIdentity: ListIdentity? = nil, filter: EditorFilter?,
        anchor: EditorAnchor,
        margin: Int
    ) {
        self.list = list
        self.listIdentity = listIdentity
        self.filter = filter
        self.anchor = anchor
        self.margin = margin
    }
}

/// A bounded read of a filtered list from a place, made between keys.
public struct EditorScan: Hashable, Sendable {
    public var listIdentity: ListIdentity
    public var filter: EditorFilter
    public var direction: EditorDirection
    /// Where the read starts (not included); nil for the start of the list.
    public var place: EditorPlace?
    /// Rows wanted (for `readMore`).
    public var limit: Int

    public init(
        listIdentity: ListIdentity, filter: EditorFilter, direction: EditorDirection,
        place: EditorPlace?, limit: Int
    ) {
        self.listIdentity = listIdentity
        self.filter = filter
        self.direction = direction
        self.place = place
        self.limit = limit
    }
}

/// The store call behind each action, named after the command that does the same.
public enum EditorWrite: Hashable, Sendable {
    /// `toggle ID`.
    case toggle(ItemID)
    /// `check ID`: `space` in a single-choice list makes the item the choice.
    case choose(ItemID)
    /// `check`, `uncheck`, `toggle` of every item shown (the whole list without a filter).
    case checkShown(list: ListName, filter: EditorFilter?)
    case uncheckShown(list: ListName, filter: EditorFilter?)
    case invertShown(list: ListName, filter: EditorFilter?)
    /// `delete`: those of the counted items that are still checked.
    case deleteChecked(IDSet, list: ListName)
    /// `undo`, of the newest change of the list with this identity only (see
    /// `ChecklistStore.undo(onlyIn:)`).
    case undo(ListIdentity)
    /// `add`: one item per title, in one change (a paste of several lines).
    case add([String], list: ListName)
    case rename(ItemID, String)
    /// A declared field (`ItemField.all[index]`) of an item, as typed.
    case setField(ItemID, Int, String)
    case move(ItemID, to: MoveTarget)
}

/// What happens to the editor: a key, a new terminal size, or the answer to an effect.
public enum EditorEvent: Hashable, Sendable {
    case key(EditorKey)
    case resized(rows: Int, columns: Int)
    case loaded(EditorPage)
    /// A write succeeded; `focus` is an item the cursor should go to (a new item), `note` a
    /// line for the footer.
    case changed(focus: ItemID?, note: String?)
    /// A read or write failed: one line for the footer; nothing changed.
    case failed(String)
    case deletionCounted(IDSet)
    /// The answer to `.readMore`.
    case readMore(EditorScan, EditorRun)
    /// The answer to `.countPart`.
    case countedPart(EditorScan, EditorCountPart)
    /// Another process changed the database.
    case externalChange
    /// The answer to `.countBefore`.
    case countedBefore(EditorPlace, Int)
    /// The answer to `.readShownIDs`.
    case shownIDsRead(IDSet)
    /// The answer to `.findMarks`: those of `asked` that are still items of the list.
    case marksFound(asked: IDSet, kept: IDSet, finishing: Bool)
}

/// A one-line prompt in the footer.
public enum EditorPrompt: Hashable, Sendable {
    /// `/`: the filter being typed (applied as it is typed).
    case filter(String)
    /// `o`: the title of a new item.
    case add(String)
    /// `r`: the new title of an item, pre-filled with the old one.
    case rename(ItemID, String)
    /// A field's key: its new value (`ItemField.all[index]`), pre-filled with the old one.
    case field(ItemID, Int, String)
    /// `d`: the question, with the items it counted.
    case confirmDelete(IDSet)
    /// The picker of `delete --pick`: the question, once, before the chosen items go.
    case confirmPick(IDSet)
}

/// The whole state of the editor: a window of the rows shown around the cursor, the counts,
/// the filter and any prompt. The cursor is an index into `rows`, but it is kept by item ID:
/// every reload is anchored on the cursor's item, so inserts, deletes and moves elsewhere
/// never move it to another item.
public struct EditorState: Hashable, Sendable {
    public var list: ListName
    /// The shown list's identity, once read (see `EditorQuery.listIdentity`).
    public var listIdentity: ListIdentity?
    /// The shown list was deleted by another process: `o` would create a new one.
    public var listIsGone = false
    public var page: EditorPage
    /// Index of the cursor's row in `page.rows`; nil when nothing is shown.
    public var cursor: Int?
    /// The screen line the cursor's row is drawn on, within the rows area.
    public var cursorLine = 0
    /// Rows the screen shows at once.
    public var bodyHeight = 20
    /// The screen's width (the help wraps to it).
    public var columns = 80
    public var filter: EditorFilter?
    public var prompt: EditorPrompt?
    /// One line for the footer (a failed write, a note), until the next key.
    public var message: String?
    /// The database cannot be reached now (a server's connection dropped), and why: the
    /// footer says so until it can again, whatever keys come meanwhile.
    public var connectionLost: String?
    /// A write that may take a while is on its way (an undo): the footer says so, and the
    /// driver draws the screen before it waits for the store (`EditorSession.send`).
    public var isWorking = false
    public var showsHelp = false
    /// The first help line shown, when the help does not fit.
    public var helpOffset = 0
    /// Why the database cannot be changed (opened read-only), if so: keys that would change
    /// it show this in the footer.
    public var readOnlyReason: String?
    /// The count of a filtered long list so far, a part at a time between keys, for the
    /// list and filter it counts; kept across reads of new windows, dropped by any change.
    var shownCounting: ShownCounting?
    /// How many items of the list come before the window's first row, when known (without a
    /// filter): the cursor's place in a long list is this plus its index.
    public var firstRowRank: Int?
    /// A change may have moved items before the window: the next window's place is counted
    /// again rather than worked out from the last one.
    var ranksAreStale = false
    /// The picker (`checklist pick`, `--pick`), when this is one rather than the edit mode.
    public var picking: EditorPicking?

    /// `picking`: a picker rather than the edit mode; `match` its first filter (`--match`).
    public init(list: ListName, picking: EditorPicking? = nil, match: String = "") {
        self.list = list
        self.picking = picking
        filter = EditorFilter.of(match, state: picking?.shownState ?? .any)
        page = EditorPage(
            list: list, mode: .multiple, listExists: false, lists: [],
            counts: ItemCounts(checked: 0, total: 0), shown: ItemCounts(checked: 0, total: 0),
            rows: [], anchorIndex: nil, hasRowsBefore: false, hasRowsAfter: false)
    }

    /// The cursor's 1-based place in the list, when known (no filter).
    public var cursorPlace: Int? {
        guard filter == nil, let firstRowRank, let cursor else { return nil }
        return firstRowRank + cursor + 1
    }

    /// The item under the cursor.
    public var cursorRow: EditorRow? {
        cursor.map { page.rows[$0] }
    }

    /// `Delete (N)`: the checked items shown; nil while they are being counted.
    public var deletableCount: Int? { page.shown?.checked }

    /// The read that starts the editor.
    public var initialQuery: EditorQuery { query(.first) }

    func query(_ anchor: EditorAnchor) -> EditorQuery {
        // Two screens each side: a page move stays inside the window, and the next read is
        // due only once the cursor gets within a screen of its edge.
        EditorQuery(
            list: list, listIdentity: listIdentity, filter: filter, anchor: anchor,
            margin: max(bodyHeight, 1) * 2)
    }

    /// A read that keeps the cursor on its item (or the nearest one left).
    var reloadQuery: EditorQuery {
        guard let row = cursorRow else { return query(.first) }
        return query(.item(row.id, sortKey: row.sortKey))
    }

    /// Keeps the cursor's line on screen and the screen full where rows allow.
    mutating func normalizeViewport() {
        guard let cursor else {
            cursorLine = 0
            return
        }
        let height = max(bodyHeight, 1)
        let rowsBelow = page.rows.count - 1 - cursor
        if !page.hasRowsAfter { cursorLine = max(cursorLine, height - 1 - rowsBelow) }
        cursorLine = min(cursorLine, cursor, height - 1)
        cursorLine = max(cursorLine, 0)
    }
}

/// A count of the items shown that goes on between keys: the next part to count, and the
/// counts so far (whole once `scan.place` is nil after the first part).
struct ShownCounting: Hashable, Sendable {
    var scan: EditorScan
    var counted: ItemCounts
    var isDone: Bool
}
