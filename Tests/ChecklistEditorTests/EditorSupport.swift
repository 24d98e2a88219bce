import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistSQLite
import ChecklistStore

/// A session over an in-memory store at 80x24, driven by keys as a person types them.
struct TestEditor {
    let store: ChecklistStore
    var session: EditorSession
    var rows = 24
    var columns = 80

    init(
        store: ChecklistStore, list: ListName = "default", rows: Int = 24, columns: Int = 80,
        scanLimit: Int = EditorEngine.defaultScanLimit, picking: EditorPicking? = nil,
        match: String = ""
    ) {
        self.store = store
        self.rows = rows
        self.columns = columns
        session = EditorSession(
            list: list, engine: EditorEngine(store: store, scanLimit: scanLimit), rows: rows,
            columns: columns, picking: picking, match: match)
    }

    /// Makes every read the driver makes between keys; returns how many it made.
    @discardableResult
    mutating func finishIdleWork() -> Int {
        var reads = 0
        while session.workWhileIdle() { reads += 1 }
        return reads
    }

    var state: EditorState { session.state }

    /// Each character is one key; use `press(key:)` for others.
    mutating func type(_ keys: String) {
        for character in keys { session.send(.key(.character(character))) }
    }

    mutating func press(_ keys: EditorKey...) {
        for key in keys { session.send(.key(key)) }
    }

    /// Tells the editor that another process changed the database.
    mutating func externalChange() {
        session.reloadAfterExternalChange()
    }

    var cursorID: ItemID? { state.cursorRow?.id }

    var screen: [String] {
        EditorScreen.lines(for: state, rows: rows, columns: columns).map(\.text)
    }

    var footer: String { screen.last ?? "" }
}

/// A store with one list of the given titles, and the IDs they got.
func storeWith(
    _ titles: [String], list: String = "default", mode: ListMode = .multiple
) throws -> (ChecklistStore, [ItemID]) {
    let store = try ChecklistStore.empty()
    if mode == .single { try store.addList(named: try ListName(list), mode: .single) }
    let ids = try store.add(try titles.map { try Title($0) }, to: try ListName(list))
    return (store, ids)
}

func checkedIDs(_ store: ChecklistStore, list: String = "default") throws -> [ItemID] {
    try store.items(in: .list(try ListName(list)), filter: .checked).map(\.id)
}

func allIDs(_ store: ChecklistStore, list: String = "default") throws -> [ItemID] {
    try store.items(in: .list(try ListName(list))).map(\.id)
}

/// A page of the given rows (IDs 1…), for tests of the state machine alone.
func page(
    _ titles: [String], checked: Set<Int> = [], list: ListName = "default",
    mode: ListMode = .multiple, lists: [ListName] = ["default"], anchor: Int? = 0
) -> EditorPage {
    let rows = titles.enumerated().map { index, title in
        EditorRow(
            id: ItemID(index + 1), title: title, isSelected: checked.contains(index + 1),
            sortKey: Int64(index + 1))
    }
    let counts = ItemCounts(checked: checked.count, total: titles.count)
    return EditorPage(
        list: list, mode: mode, listExists: true, lists: lists, counts: counts, shown: counts,
        rows: rows, anchorIndex: rows.isEmpty ? nil : anchor, hasRowsBefore: false,
        hasRowsAfter: false)
}

/// A state showing `page`, with a 22-row body (80x24).
func state(showing page: EditorPage) -> EditorState {
    var state = EditorState(list: page.list)
    _ = state.handle(.resized(rows: 24, columns: 80))
    _ = state.handle(.loaded(page))
    return state
}
