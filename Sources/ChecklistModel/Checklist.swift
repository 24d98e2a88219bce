/// A named list of items, with its counts.
public struct Checklist: Hashable, Sendable {
    public var name: ListName
    public var mode: ListMode
    public var checkedCount: Int
    public var totalCount: Int

    public init(name: ListName, mode: ListMode, checkedCount: Int, totalCount: Int) {
        self.name = name
        self.mode = mode
        self.checkedCount = checkedCount
        self.totalCount = totalCount
    }
}

/// Whether a list allows any number of checked items or at most one.
public enum ListMode: String, Hashable, Sendable, CaseIterable {
    case multiple
    case single
}

/// Which lists a read covers.
public enum ListScope: Hashable, Sendable {
    case list(ListName)
    case all
}

/// Which items of a list a read returns.
public enum ItemFilter: Hashable, Sendable {
    case any
    case checked
    case unchecked

    /// Whether an item that is (or is not) checked passes the filter.
    public func admits(isSelected: Bool) -> Bool {
        switch self {
        case .any: true
        case .checked: isSelected
        case .unchecked: !isSelected
        }
    }
}

/// The checked and total counts of a list or of all lists.
public struct ItemCounts: Hashable, Sendable {
    public var checked: Int
    public var total: Int
    public var unchecked: Int { total - checked }

    public init(checked: Int, total: Int) {
        self.checked = checked
        self.total = total
    }
}
