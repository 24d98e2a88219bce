import ChecklistModel
import GRDB

/// The highest list ID in `changedLists`, kept by one change once read: every row this change
/// adds there goes through `recordList` or `createList`, which note it.
final class SQLiteJournalListIDs {
    var highest: Int64?

    func note(_ listID: Int64) {
        if let highest { self.highest = max(highest, listID) }
    }
}
