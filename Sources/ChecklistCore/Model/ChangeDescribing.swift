/// What a write did, as one value: the line `checklist history` keeps and the summary the
/// command prints are both phrased from it, here, so the two can never tell different stories.
public protocol ChangeDescribing: Sendable {
    /// The line the history keeps: `checked 3 items (IDs 1-3)`.
    var historyLine: String { get }
    /// The command's one-line summary: `checked 3 items (1 already checked)`.
    var summaryLine: String { get }
    /// How many items the change added, changed or deleted.
    var itemCount: Int { get }
}

/// What check, uncheck, toggle or delete did.
public struct SelectionChange: ChangeDescribing, Hashable {
    public enum Verb: String, Sendable {
        case checked, unchecked, toggled, deleted
    }

    public var verb: Verb
    /// The items the command named.
    public var scope: ItemSelection
    public var counts: ChangeSummary

    public var historyLine: String {
        "\(verb.rawValue) \(Phrase.items(counts.changed))" + Phrase.scope(scope)
    }

    public var summaryLine: String {
        var notes: [String] = []
        let unchanged = counts.matched - counts.changed
        let unchangedNote: String? =
            switch verb {
            case .checked: "already checked"
            case .unchecked: "already unchecked"
            case .toggled: "unchanged"
            case .deleted: nil
            }
        if unchanged > 0, let unchangedNote { notes.append("\(unchanged) \(unchangedNote)") }
        if counts.uncheckedOthers > 0 {
            notes.append(Phrase.uncheckedOthers(counts.uncheckedOthers))
        }
        if !counts.missing.isEmpty {
            notes.append("skipped missing " + Phrase.ids(counts.missing, limit: 20))
        }
        return "\(verb.rawValue) \(Phrase.items(counts.changed))" + Phrase.notes(notes)
    }

    public var itemCount: Int { counts.changed + counts.uncheckedOthers }
}

/// What `add` did.
public struct AddSummary: ChangeDescribing, Hashable {
    public var list: ListName
    /// The new items' IDs, in order.
    public var ids: [ItemID]
    /// Items of a single-choice list unchecked because an item was added checked.
    public var uncheckedOthers: Int

    public init(list: ListName, ids: [ItemID], uncheckedOthers: Int) {
        self.list = list
        self.ids = ids
        self.uncheckedOthers = uncheckedOthers
    }

    public var historyLine: String {
        "added \(Phrase.items(ids.count)) to \(Phrase.quoted(list.text))"
            + " (\(Phrase.ids(IDSet(ids: ids), limit: 5)))"
    }

    public var summaryLine: String {
        "added \(Phrase.items(ids.count)) to \(list)"
            + Phrase.notes(uncheckedOthers > 0 ? [Phrase.uncheckedOthers(uncheckedOthers)] : [])
    }

    public var itemCount: Int { ids.count + uncheckedOthers }
}

/// What `rename` did; `changed` is false when the item already had the title.
public struct RenameSummary: ChangeDescribing, Hashable {
    public var id: ItemID
    public var title: String
    public var changed: Bool

    public var historyLine: String { "renamed item \(id) to \(Phrase.quoted(title))" }

    public var summaryLine: String {
        changed ? "renamed item \(id)" : "item \(id) is already titled \(Phrase.quoted(title))"
    }

    public var itemCount: Int { changed ? 1 : 0 }
}

/// What `move` did.
public struct MoveSummary: ChangeDescribing, Hashable {
    public var id: ItemID
    /// The list the item is in now.
    public var list: ListName
    /// Its 1-based place there.
    public var position: Int64
    /// False when the item was already there.
    public var moved: Bool
    /// Items a single-choice destination unchecked because the moved item is checked.
    public var uncheckedOthers: Int

    public init(id: ItemID, list: ListName, position: Int64, moved: Bool, uncheckedOthers: Int) {
        self.id = id
        self.list = list
        self.position = position
        self.moved = moved
        self.uncheckedOthers = uncheckedOthers
    }

    public var historyLine: String {
        "moved item \(id) to position \(position) of \(Phrase.quoted(list.text))"
    }

    public var summaryLine: String {
        (moved
            ? "moved item \(id) to position \(position) of \(list)"
            : "item \(id) is already at position \(position) of \(list)")
            + Phrase.notes(uncheckedOthers > 0 ? [Phrase.uncheckedOthers(uncheckedOthers)] : [])
    }

    public var itemCount: Int { moved ? 1 + uncheckedOthers : 0 }
}

/// What an import did.
public struct ImportSummary: ChangeDescribing, Hashable {
    /// How many items were added.
    public var itemCount: Int
    /// The lists they went to, in the file's order.
    public var lists: [ListName]
    /// Items of single-choice lists unchecked because an imported item there is checked.
    public var uncheckedOthers: Int = 0
    /// What a lenient import skipped (the command knows it, the store does not); nil for a
    /// strict import.
    public var skipped: SkippedLines?

    public init(itemCount: Int, lists: [ListName], uncheckedOthers: Int = 0) {
        self.itemCount = itemCount
        self.lists = lists
        self.uncheckedOthers = uncheckedOthers
    }

    public var historyLine: String {
        "imported \(Phrase.items(itemCount)) into "
            + lists.map { Phrase.quoted($0.text) }.joined(separator: ", ")
    }

    public var summaryLine: String {
        let into =
            if let skipped {
                Phrase.intoLists(lists.count) + Phrase.skippedNote(skipped)
            } else {
                lists.isEmpty ? "" : " into " + lists.map(\.text).joined(separator: ", ")
            }
        return "imported \(Phrase.items(itemCount))" + into
            + Phrase.notes(uncheckedOthers > 0 ? [Phrase.uncheckedOthers(uncheckedOthers)] : [])
    }
}

/// What a `lists` subcommand did.
public enum ListChange: ChangeDescribing, Hashable {
    case added(ListName, mode: ListMode)
    /// `changed` is false when the list already had the name.
    case renamed(ListName, to: ListName, changed: Bool)
    case deleted(ListName, itemCount: Int)
    case modeSet(ListName, mode: ListMode, unchecked: Int)

    public var historyLine: String {
        switch self {
        case .added(let name, let mode):
            "created list \(Phrase.quoted(name.text)) (\(mode.rawValue))"
        case .renamed(let name, let newName, _):
            "renamed list \(Phrase.quoted(name.text)) to \(Phrase.quoted(newName.text))"
        case .deleted(let name, let count):
            "deleted list \(Phrase.quoted(name.text)) with \(Phrase.items(count))"
        case .modeSet(let name, let mode, let unchecked):
            "set list \(Phrase.quoted(name.text)) to \(mode.rawValue)"
                + (unchecked > 0 ? " (unchecked \(Phrase.items(unchecked)))" : "")
        }
    }

    public var summaryLine: String {
        switch self {
        case .added(let name, let mode): "created list \(name) (\(mode.rawValue))"
        case .renamed(let name, let newName, true): "renamed list \(name) to \(newName)"
        case .renamed(let name, _, false): "list \(name) already has that name"
        case .deleted(let name, let count): "deleted list \(name) with \(Phrase.items(count))"
        case .modeSet(let name, let mode, let unchecked):
            "list \(name) is \(mode.rawValue)"
                + (unchecked > 0 ? " (unchecked \(Phrase.items(unchecked)))" : "")
        }
    }

    public var itemCount: Int {
        switch self {
        case .added, .renamed: 0
        case .deleted(_, let count): count
        case .modeSet(_, _, let unchecked): unchecked
        }
    }
}

/// What `lists copy` did.
public struct ListCopy: ChangeDescribing, Hashable {
    public var source: ListName
    public var destination: ListName
    public var itemCount: Int

    public var historyLine: String {
        "copied list \(Phrase.quoted(source.text)) to \(Phrase.quoted(destination.text))"
            + " (\(Phrase.items(itemCount)))"
    }

    public var summaryLine: String {
        "copied list \(source) to \(destination) (\(Phrase.items(itemCount)))"
    }
}

/// The program's English, in one place.
public enum Phrase {
    /// "1 item", "3 items".
    public static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// 'camping'.
    public static func quoted(_ text: String) -> String {
        "'" + text + "'"
    }

    /// "ID 4", "IDs 1-3, 7".
    public static func ids(_ ids: IDSet, limit: Int = 20) -> String {
        (ids.count == 1 ? "ID " : "IDs ") + ids.summary(limit: limit)
    }

    /// " into 3 lists"; nothing for none.
    public static func intoLists(_ count: Int) -> String {
        count == 0 ? "" : count == 1 ? " into 1 list" : " into \(count) lists"
    }

    /// "; skipped 12 lines (prose 8, code 4)"; nothing when nothing was skipped.
    public static func skippedNote(_ skipped: SkippedLines) -> String {
        let total = skipped.total
        guard total > 0 else { return "" }
        return "; skipped \(total == 1 ? "1 line" : "\(total) lines") (\(skipped.breakdown))"
    }

    /// "unchecked 1 item of a single-choice list".
    static func uncheckedOthers(_ count: Int) -> String {
        "unchecked \(items(count)) of a single-choice list"
    }

    /// " (a; b)", or nothing.
    static func notes(_ notes: [String]) -> String {
        notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }

    /// " in 'camping'" for a list-wide selection, " (IDs 1, 4, 9-11)" for named IDs.
    static func scope(_ selection: ItemSelection) -> String {
        switch selection {
        case .ids(let ids, _): " (\(Phrase.ids(ids, limit: 5)))"
        case .all(let list): " in \(quoted(list.text))"
        case .checked(let list): " (the checked items of \(quoted(list.text)))"
        case .checkedAmong(_, let list): " (checked items shown of \(quoted(list.text)))"
        }
    }
}
