import ChecklistCore
import ChecklistModel

/// `add` committed its items but could not write their IDs to standard output.
struct AddedButNotShown: Error {
    let ids: [ItemID]
    let failure: OutputFailure

    var message: String {
        return "cannot write to standard output: \(failure.reason); the items were added"
            + " (\(Phrase.ids(IDSet(ids: ids)))); `checklist undo` removes them"
    }
}
