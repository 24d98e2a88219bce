/// What check, uncheck, toggle or delete did.
public struct SelectionChange: ChangeDescribing, Hashable {
    public enum Verb: String, Sendable {
        case checked, unchecked, toggled, deleted
    }

    public var verb: Verb
    /// The items the command named.
    public var scope: ItemSelection
    public var counts: ChangeSummary
    /// The named items that changed, when fewer changed than were named (the others were
    /// already so): the history names these, not the IDs asked for.
    public var changedIDs: IDSet?

    public init(
        verb: Verb, scope: ItemSelection, counts: ChangeSummary, changedIDs: IDSet? = nil
    ) {
        self.verb = verb
        self.scope = scope
        self.counts = counts
        self.changedIDs = changedIDs
    }

    public var historyLine: String {
        var scope = scope
        var named = ""
        if let changedIDs {
            if case .ids(_, let list) = scope {
                scope = .ids(changedIDs, namedList: list)
            } else {
                named = " (\(Phrase.ids(changedIDs, limit: 5)))"
            }
        }
        return "\(verb.rawValue) \(Phrase.items(counts.changed))" + Phrase.scope(scope) + named
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
