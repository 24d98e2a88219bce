/// Which items a bulk command applies to.
public enum ItemSelection: Hashable, Sendable {
    /// Items named by ID, in any list: IDs are global. A list named alongside them must exist,
    /// though it does not scope them (the contract: `--list` naming a missing list is an error).
    case ids(IDSet, namedList: ListName? = nil)
    /// Every item of a list.
    case all(in: ListName)
    /// Every checked item of a list.
    case checked(in: ListName)
    /// Those of the IDs that are, at the moment of the write, checked items of the list (the
    /// edit mode's `y`: the items counted when `d` asked, those of them still checked).
    case checkedAmong(IDSet, in: ListName)
}

extension ItemSelection {
    /// Whether it names its items by ID (the history then names the IDs asked for).
    package var namesIDs: Bool {
        if case .ids = self { true } else { false }
    }
}
