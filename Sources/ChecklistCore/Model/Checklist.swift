/// A named list of items.
public struct Checklist: Hashable, Sendable {
    /// The list used when none is named.
    public static let defaultName = "default"

    public var name: String
    public var mode: ListMode
    public var checkedCount: Int
    public var totalCount: Int

    public init(name: String, mode: ListMode, checkedCount: Int, totalCount: Int) {
        self.name = name
        self.mode = mode
        self.checkedCount = checkedCount
        self.totalCount = totalCount
    }
}

extension Checklist {
    /// Checks a list name: case-sensitive and byte-exact, but not blank, without a line break
    /// (a name is printed on a line of its own) and without NUL (as for titles: SQLite's string
    /// functions and C tools stop at it).
    public static func validateName(_ name: String) throws(ChecklistError) {
        if name.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .invalidInput("a list name cannot be empty or only spaces")
        }
        if name.unicodeScalars.contains(where: Title.isLineBreak) {
            throw .invalidInput("a list name cannot contain a line break")
        }
        if name.unicodeScalars.contains("\0") {
            throw .invalidInput("a list name cannot contain a NUL byte")
        }
    }
}

/// Whether a list allows any number of checked items or at most one.
public enum ListMode: String, Hashable, Sendable, CaseIterable {
    case multiple
    case single
}

/// Which lists a read covers.
public enum ListScope: Hashable, Sendable {
    case list(String)
    case all
}

/// Which items of a list a read returns.
public enum ItemFilter: Hashable, Sendable {
    case any
    case checked
    case unchecked
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
