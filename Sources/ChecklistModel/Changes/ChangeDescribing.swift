/// What a write did, as one value: the line `checklist history` keeps and the summary the
/// command prints are both phrased from it, here, so the two can never tell different stories.
public protocol ChangeDescribing: Sendable {
    /// The line the history keeps: `checked 3 items (IDs 1-3)`.
    var historyLine: String { get }
    /// The command's one-line summary: `checked 3 items (1 already checked)`.
    var summaryLine: String { get }
    /// How many items the change added, changed or deleted.
    var itemCount: Int { get }
}
