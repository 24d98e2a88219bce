/// What `lists copy` did.
public struct ListCopy: ChangeDescribing, Hashable {
    public var source: ListName
    public var destination: ListName
    public var itemCount: Int

    /// Makes one from its parts.
    package init(source: ListName, destination: ListName, itemCount: Int) {
        self.source = source
        self.destination = destination
        self.itemCount = itemCount
    }

    public var historyLine: String {
        "copied list \(Phrase.quoted(source.text)) to \(Phrase.quoted(destination.text))"
            + " (\(Phrase.items(itemCount)))"
    }

    public var summaryLine: String {
        "copied list \(source) to \(destination) (\(Phrase.items(itemCount)))"
    }
}
