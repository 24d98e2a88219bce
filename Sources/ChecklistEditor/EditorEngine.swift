import ChecklistModel
import ChecklistStore

/// Performs the editor's effects against the store and turns their results into events.
/// Each write is one store call, the same one the equivalent command makes, so it is one
/// transaction with one history entry that `checklist undo` and `history` see.
public struct EditorEngine {
    private var store: ChecklistStore
    /// Opens (creating) the database file, when it was missing at start: the editor shows an
    /// empty list until `o` adds the first item.
    private var openForAdding: (() throws -> ChecklistStore)?
    /// Each list's total as last read. Checking and unchecking never change it, so the reads
    /// after them skip counting a long list again; every other write, and any change by
    /// another process (`forgetTotals`), drops it.
    private var totals: [ListName: Int] = [:]
    /// The most items one filtered read scans: a key typed in the filter reads at most this
    /// many on each side of the cursor, whatever the length of the list; the rest is read
    /// between keys (`EditorState.idleEffect`).
    private let scanLimit: Int

    /// 10,000 items are matched in a few milliseconds (bench/edit.sh measures a key at a
    /// million).
    public static let defaultScanLimit = 10_000

    public init(
        store: ChecklistStore, openForAdding: (() throws -> ChecklistStore)? = nil,
        scanLimit: Int = EditorEngine.defaultScanLimit
    ) {
        self.store = store
        self.openForAdding = openForAdding
        self.scanLimit = scanLimit
    }

    /// SQLite's data version: the driver polls it and reloads only when it changed.
    public func dataVersion() throws -> Int64 {
        try store.dataVersion()
    }

    /// Another process changed the database: the next reads count everything again.
    public mutating func forgetTotals() {
        totals = [:]
    }

    /// Performs a read or write effect; nil for `.quit`, which the driver handles.
    public mutating func perform(_ effect: EditorEffect) -> EditorEvent? {
        do {
            switch effect {
            case .load(let query):
                let page = try store.editorPage(
                    list: query.list, listIdentity: query.listIdentity, filter: query.filter,
                    around: query.anchor, before: query.margin, after: query.margin,
                    knownTotal: totals[query.list], scanLimit: scanLimit)
                totals[page.list] = page.listExists ? page.counts.total : nil
                return .loaded(page)
            case .readMore(let scan):
                guard let place = scan.place else { return nil }
                return .readMore(
                    scan,
                    try store.editorRows(
                        of: scan.listIdentity, filter: scan.filter, scan.direction, place,
                        limit: scan.limit, scanLimit: scanLimit))
            case .countPart(let scan):
                return .countedPart(
                    scan,
                    try store.editorCountPart(
                        of: scan.listIdentity, filter: scan.filter, after: scan.place,
                        scanLimit: scanLimit))
            case .countDeletion(let list, let filter):
                return .deletionCounted(
                    try store.editorShownIDs(list: list, filter: filter, checkedOnly: true))
            case .countBefore(let place, let list):
                return .countedBefore(place, try store.editorCountBefore(place, in: list))
            case .readShownIDs(let list, let filter):
                return .shownIDsRead(try store.editorShownIDs(list: list, filter: filter))
            case .findMarks(let ids, let list, let finishing):
                return .marksFound(
                    asked: ids, kept: try store.editorItemIDs(among: ids, in: list),
                    finishing: finishing)
            case .write(let write):
                if !write.changesSelectionOnly { totals = [:] }
                return try perform(write)
            case .quit:
                return nil
            }
        } catch {
            return .failed(Self.footerText(error))
        }
    }

    /// An error as the footer says it: without the database's name (`cannot use
    /// postgresql://…:`), which the editor was opened on and which a URI makes long enough to
    /// leave nothing of the reason on a phone's terminal.
    public static func footerText(_ error: any Error) -> String {
        switch error {
        case ChecklistError.databaseUnavailable(_, let reason),
            ChecklistError.serverRefused(_, let reason):
            return reason
        case let error as ChecklistError: return error.description
        default: return "\(error)"
        }
    }

    private mutating func perform(_ write: EditorWrite) throws -> EditorEvent {
        switch write {
        case .toggle(let id):
            try store.toggle(.ids(IDSet(ids: [id])))
        case .choose(let id):
            try store.check(.ids(IDSet(ids: [id])))
        case .checkShown(let list, let filter):
            guard let selection = try shown(list, filter) else { break }
            try store.check(selection)
        case .uncheckShown(let list, let filter):
            guard let selection = try shown(list, filter) else { break }
            try store.uncheck(selection)
        case .invertShown(let list, let filter):
            guard let selection = try shown(list, filter) else { break }
            try store.toggle(selection)
        case .deleteChecked(let counted, let list):
            return try delete(counted, list: list)
        case .undo(let list):
            let change = try store.undo(onlyIn: list)
            return .changed(focus: nil, note: "undid: \(change.description)")
        case .add(let texts, let list):
            let titles = try texts.map { try Title($0) }
            if let open = openForAdding {
                store = try open()
                openForAdding = nil
            }
            let ids = try store.add(titles, to: list)
            let note = ids.count > 1 ? "added \(ids.count) items" : nil
            return .changed(focus: ids.first, note: note)
        case .rename(let id, let text):
            try store.rename(id, to: try Title(text))
        case .setField(let id, let index, let text):
            let change = try store.setFields(
                [try ItemFieldValue(ItemField.all[index], text)], of: .ids(IDSet(ids: [id])))
            return .changed(focus: nil, note: change.summaryLine)
        case .move(let id, let target):
            try store.move(id, to: target)
        }
        return .changed(focus: nil, note: nil)
    }

    /// `y`: the counted items that are still checked, and only them, in one transaction
    /// (another process may have unchecked or deleted some since `d` asked).
    private func delete(_ counted: IDSet, list: ListName) throws -> EditorEvent {
        let change = try store.delete(.checkedAmong(counted, in: list))
        guard change.counts.changed > 0 else {
            return .changed(focus: nil, note: "nothing deleted: none of them is checked now")
        }
        return .changed(focus: nil, note: change.summaryLine)
    }

    /// The selection of every item shown: the whole list without a filter, else the IDs that
    /// match (nil when none does).
    private func shown(_ list: ListName, _ filter: EditorFilter?) throws -> ItemSelection? {
        guard let filter else { return .all(in: list) }
        let ids = try store.editorShownIDs(list: list, filter: filter)
        return ids.isEmpty ? nil : .ids(ids, namedList: list)
    }

}

extension EditorWrite {
    /// Whether the write changes only which items are checked, never how many items a list
    /// has.
    var changesSelectionOnly: Bool {
        switch self {
        case .toggle, .choose, .checkShown, .uncheckShown, .invertShown: true
        case .deleteChecked, .undo, .add, .rename, .setField, .move: false
        }
    }
}
