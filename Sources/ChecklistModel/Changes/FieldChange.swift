/// What setting a text field of an item did (`ChecklistStore.setText`); `changed` is false
/// when the item held that text already.
public struct FieldChange: ChangeDescribing, Hashable {
    public var id: ItemID
    public var field: String
    public var value: String
    public var changed: Bool

    /// Makes one from its parts.
    package init(id: ItemID, field: String, value: String, changed: Bool) {
        self.id = id
        self.field = field
        self.value = value
        self.changed = changed
    }

    public var historyLine: String { "set the \(field) of item \(id) to \(Phrase.quoted(value))" }

    public var summaryLine: String {
        changed
            ? "set the \(field) of item \(id)"
            : "item \(id)'s \(field) is already \(Phrase.quoted(value))"
    }

    public var itemCount: Int { changed ? 1 : 0 }
}
