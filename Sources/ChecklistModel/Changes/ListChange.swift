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
