/// What an edit of one item's title and declared fields did, as one change
/// (`ChecklistStore.edit`: the page's Rename, which holds the title, the quantity and the note).
public struct ItemEdit: ChangeDescribing, Hashable {
    public var rename: RenameSummary
    public var fields: FieldsChange

    /// Makes one from its parts.
    package init(rename: RenameSummary, fields: FieldsChange) {
        self.rename = rename
        self.fields = fields
    }

    public var historyLine: String {
        switch (rename.changed, fields.changed > 0) {
        case (true, true): rename.historyLine + "; " + fields.historyLine
        case (false, true): fields.historyLine
        default: rename.historyLine
        }
    }

    public var summaryLine: String {
        fields.changed > 0 && !rename.changed ? fields.summaryLine : rename.summaryLine
    }

    public var itemCount: Int { max(rename.itemCount, fields.changed) }
}
