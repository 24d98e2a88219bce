/// What `set` did (`ChecklistStore.setFields`): the fields it set, in their declared order,
/// and how many of the items it named it changed; an item that held every value already is
/// matched but not changed.
public struct FieldsChange: ChangeDescribing, Hashable {
    /// Each field's name and its value's words (`quantity`, `2`; `note`, `'borrow it'`).
    public var values: [Pair]
    public var changed: Int
    public var matched: Int
    public var missing: IDSet

    /// Makes one from its parts.
    package init(values: [Pair], changed: Int, matched: Int, missing: IDSet) {
        self.values = values
        self.changed = changed
        self.matched = matched
        self.missing = missing
    }

    public struct Pair: Hashable, Sendable {
        public var name: String
        public var phrase: String

        /// Makes one from its parts.
        package init(name: String, phrase: String) {
            self.name = name
            self.phrase = phrase
        }
    }

    /// `set quantity of 3 items to 2`, `set quantity of 1 item to 2 and note to 'x'`.
    public var historyLine: String {
        let first = values.first.map { "\($0.name) of \(Phrase.items(changed)) to \($0.phrase)" }
        let rest = values.dropFirst().map { " and \($0.name) to \($0.phrase)" }
        return "set " + (first ?? Phrase.items(changed)) + rest.joined()
    }

    public var summaryLine: String {
        var notes: [String] = []
        if matched > changed { notes.append("\(matched - changed) already so") }
        if !missing.isEmpty { notes.append("skipped missing " + Phrase.ids(missing, limit: 20)) }
        return historyLine + Phrase.notes(notes)
    }

    public var itemCount: Int { changed }
}
