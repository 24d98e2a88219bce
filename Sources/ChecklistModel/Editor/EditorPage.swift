/// A window of a list's rows for the edit mode, with the counts its header and footer show.
public struct EditorPage: Hashable, Sendable {
    /// The list's name now (it may have been renamed since the query named it).
    public var list: ListName
    /// The list's identity; nil when it does not exist.
    public var listIdentity: ListIdentity?
    public var mode: ListMode
    /// False for the default list before its first item, and for a list that was deleted
    /// while the editor showed it.
    public var listExists: Bool
    /// Every list's name, in the order of `checklist lists`.
    public var lists: [ListName]
    /// The whole list's counts.
    public var counts: ItemCounts
    /// The counts of the items shown (those that match the filter); nil while a filter over a
    /// long list is still being counted, a part at a time (`ChecklistStore.editorCountPart`).
    public var shown: ItemCounts?
    /// Consecutive shown rows, in list order.
    public var rows: [EditorRow]
    /// The row the anchor named or landed on; nil when nothing is shown.
    public var anchorIndex: Int?
    /// Whether shown rows exist before `rows.first` and after `rows.last`.
    public var hasRowsBefore: Bool
    public var hasRowsAfter: Bool
    /// Where a filtered read stopped scanning, before it found every row it wanted: the
    /// rows beyond it are read a part at a time (`ChecklistStore.editorRows`).
    public var resumeBefore: EditorPlace?
    public var resumeAfter: EditorPlace?

    public init(
        list: ListName, listIdentity: ListIdentity? = nil, mode: ListMode, listExists: Bool,
        lists: [ListName],
        counts: ItemCounts, shown: ItemCounts?, rows: [EditorRow], anchorIndex: Int?,
        hasRowsBefore: Bool, hasRowsAfter: Bool, resumeBefore: EditorPlace? = nil,
        resumeAfter: EditorPlace? = nil
    ) {
        self.list = list
        self.listIdentity = listIdentity
        self.mode = mode
        self.listExists = listExists
        self.lists = lists
        self.counts = counts
        self.shown = shown
        self.rows = rows
        self.anchorIndex = anchorIndex
        self.hasRowsBefore = hasRowsBefore
        self.hasRowsAfter = hasRowsAfter
        self.resumeBefore = resumeBefore
        self.resumeAfter = resumeAfter
    }
}
