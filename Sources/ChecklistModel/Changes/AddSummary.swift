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
