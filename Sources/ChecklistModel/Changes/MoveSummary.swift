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
