/// What `rename` did; `changed` is false when the item already had the title.
public struct RenameSummary: ChangeDescribing, Hashable {
    public var id: ItemID
    public var title: String
    public var changed: Bool

    /// Makes one from its parts.
    package init(id: ItemID, title: String, changed: Bool) {
        self.id = id
        self.title = title
        self.changed = changed
    }

    public var historyLine: String { "renamed item \(id) to \(Phrase.quoted(title))" }

    public var summaryLine: String {
        changed ? "renamed item \(id)" : "item \(id) is already titled \(Phrase.quoted(title))"
    }

    public var itemCount: Int { changed ? 1 : 0 }
}
