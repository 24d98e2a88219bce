/// A list's name. Checked once, where it enters the program (`init(_:)`), and compared byte for
/// byte, as SQLite compares it: "é" written as one code point and as "e" + U+0301 are two lists,
/// though Swift's `String ==` calls them equal.
public struct ListName: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The list used when none is named.
    public static let defaultList: ListName = "default"

    /// The name as stored and shown.
    public let text: String

    /// A name given by a user or a file: case-sensitive and byte-exact, but not blank, without a
    /// line break (a name is printed on a line of its own) and without NUL (SQLite's string
    /// functions and C tools stop at it).
    public init(_ text: String) throws(ChecklistError) {
        try ListName.validate(text)
        self.text = text
    }

    /// A name read back from the database: shown as it is, whatever wrote it.
    package init(stored text: String) {
        self.text = text
    }

    /// A name that only looks up an existing list (`lists rename OLD`): not checked, so that a
    /// list whose name an older version let in can still be found, renamed and deleted.
    public init(lookingUp text: String) {
        self.text = text
    }

    /// A name written in the program's own source (tests, the default list).
    public init(stringLiteral text: String) {
        self.text = text
    }

    public var description: String { text }

    /// Byte for byte, as SQLite compares names (two spellings of "é" are two lists). Over the
    /// contiguous bytes: an import of 100,000 lists compares and hashes each name a few times.
    public static func == (left: ListName, right: ListName) -> Bool {
        var (left, right) = (left.text, right.text)
        return left.withUTF8 { a in right.withUTF8 { b in a.elementsEqual(b) } }
    }

    public func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte order, as SQLite's `ORDER BY name` sorts lists.
    public static func < (left: ListName, right: ListName) -> Bool {
        left.text.utf8.lexicographicallyPrecedes(right.text.utf8)
    }

    /// Refuses a name `init(_:)` would refuse.
    public static func validate(_ text: String) throws(ChecklistError) {
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .invalidInput("a list name cannot be empty or only spaces")
        }
        if text.unicodeScalars.contains(where: Title.isLineBreak) {
            throw .invalidInput("a list name cannot contain a line break")
        }
        if text.unicodeScalars.contains("\0") {
            throw .invalidInput("a list name cannot contain a NUL byte")
        }
    }
}

extension ListName {
    /// The rule for a list a command names, on every engine, given the ID the database found
    /// under this name (nil: none, or no database yet). The default list reads as an empty
    /// list before its first item (nil), so a new user's first `checklist list` is not an
    /// error; any other missing list is not found.
    package func requiredID(_ found: Int64?) throws(ChecklistError) -> Int64? {
        if let found { return found }
        if self == ListName.defaultList { return nil }
        throw ChecklistError.listNotFound(text)
    }
}
