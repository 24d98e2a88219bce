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
