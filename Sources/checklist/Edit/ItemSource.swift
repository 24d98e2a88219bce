import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistStore

/// Where a change's items come from: the picker on the terminal (`--pick`, the terminal taken
/// before the database is opened) or the IDs given (read before it is opened too).
enum ItemSource {
    case picker(terminal: Int32)
    case given(ItemSelection)

    /// The items: chosen now on the terminal, or those given.
    func selection(purpose: EditorPicking.Purpose, list: ListChoice, store: ChecklistStore)
        throws -> ItemSelection
    {
        switch self {
        case .picker(let terminal):
            try Picker.selection(on: terminal, purpose: purpose, list: list, store: store)
        case .given(let selection): selection
        }
    }
}
