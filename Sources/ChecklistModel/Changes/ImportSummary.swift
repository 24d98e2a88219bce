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

    /// How many lists a line names before "and N more": an import of 100,000 lists is
    /// summed up in one short line, not a megabyte of names.
    static let namedLists = 10

    public var historyLine: String {
        "imported \(Phrase.items(itemCount)) into "
            + Phrase.names(lists.map { Phrase.quoted($0.text) }, limit: Self.namedLists)
    }

    public var summaryLine: String {
        let into =
            if let skipped {
                Phrase.intoLists(lists.count) + Phrase.skippedNote(skipped)
            } else {
                lists.isEmpty
                    ? "" : " into " + Phrase.names(lists.map(\.text), limit: Self.namedLists)
            }
        return "imported \(Phrase.items(itemCount))" + into
            + Phrase.notes(uncheckedOthers > 0 ? [Phrase.uncheckedOthers(uncheckedOthers)] : [])
    }
}
