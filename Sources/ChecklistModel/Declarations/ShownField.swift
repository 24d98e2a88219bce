/// A field of items beyond `Item`'s own properties, declared once with its column
/// (`StoredColumn.shownField`): what values it takes, its value by default, and how it is
/// shown, exported, matched, set, edited and merged. Every place that shows or takes an item's
/// fields reads these declarations (`ItemField.all`), so a new field is a declaration and its
/// migrations, not a new branch in each of them.
public struct ShownField: Sendable, Equatable {
    /// What values the field takes.
    public enum Kind: Sendable, Equatable {
        /// A whole number in a range (a quantity).
        case count(ClosedRange<Int64>)
        /// One line of text, at most this many characters, empty by default (a note).
        case text(maxCharacters: Int)
    }

    /// How the field is shown beside the title, in text and in Markdown.
    public enum Look: Sendable, Equatable {
        /// ` ×N` after the title, where not 1 (in text, on the page, on Markdown's task line).
        case times
        /// After the title and its count, dimmed on a colour terminal; in Markdown, the line
        /// after the task, indented by two spaces. Its words are found by `--match`.
        case remark
    }

    /// The field's name: its JSON key, its command-line option (`--name`), its name in
    /// history lines and in the sync's stamps.
    public let name: String
    public let kind: Kind
    public let look: Look
    /// The key that edits it in the edit mode and `pick`.
    public let editKey: Character
    /// Its label on the page and in the edit mode's prompt.
    public let label: String

    /// Its value when unset, as the text `Item.more` holds: the smallest count, or "".
    public var defaultText: String {
        switch kind {
        case .count(let range): String(range.lowerBound)
        case .text: ""
        }
    }

    /// Whether `value` (as `Item.more` holds it) is the value by default, which neither the JSON
    /// nor the text output shows.
    public func isDefault(_ value: String) -> Bool { value == defaultText }

    /// `input` validated as a value of the field, in the form it is stored and shown
    /// (`+05` is `5`); a value it cannot take is `.invalidInput` (64), naming the rule.
    public func value(from input: String) throws(ChecklistError) -> String {
        switch kind {
        case .count(let range):
            guard let number = Int64(input), range.contains(number) else {
                throw .invalidInput(
                    "a \(name) is a whole number from \(range.lowerBound) to \(range.upperBound),"
                        + " not \(Phrase.quoted(input))")
            }
            return String(number)
        case .text(let limit):
            if input.unicodeScalars.contains(where: Title.isLineBreak) {
                throw .invalidInput("a \(name) cannot contain a line break; give it on one line")
            }
            if input.unicodeScalars.contains("\0") {
                throw .invalidInput("a \(name) cannot contain a NUL byte")
            }
            if input.count > limit {
                throw .invalidInput(
                    "a \(name) is at most \(limit) characters; this one has \(input.count)")
            }
            if !input.isEmpty, input.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                throw .invalidInput(
                    "a \(name) cannot be only spaces; --\(name) '' clears it")
            }
            return input
        }
    }

    /// The words a history line and a conflict line give a value (`5`, `'borrow it'`).
    public func phrase(_ value: String) -> String {
        switch kind {
        case .count: value
        case .text: Phrase.quoted(value)
        }
    }
}

/// A field of items a command may set and every view shows: one of
/// `StoredTables.moreShownItemFields`, in their order (`Item.more`'s).
public struct ItemField: Sendable, Equatable {
    package let column: StoredColumn
    public let shown: ShownField

    public var name: String { shown.name }

    /// Every declared one, in `Item.more`'s order.
    public static let all: [ItemField] = StoredTables.moreShownItemFields.compactMap { column in
        column.shown.map { ItemField(column: column, shown: $0) }
    }

    /// The one named `name`.
    public static func named(_ name: String) -> ItemField? { all.first { $0.name == name } }

    /// Where `Item.more` holds it.
    public var index: Int { Self.all.firstIndex(of: self) ?? 0 }

    /// The index in `Item.more` of the first field with `look`, if one is declared.
    public static func index(of look: ShownField.Look) -> Int? {
        all.firstIndex { $0.shown.look == look }
    }

    /// Values of every field by default, as `Item.more` holds them.
    public static let defaults = all.map(\.shown.defaultText)

    /// What text shows after an item's title (`list`, the edit mode): ` ×N` for each count
    /// not at its value by default, and each remark that is not empty, in the fields' order.
    /// An item with every field at its value by default shows exactly its v4 line.
    public static func shownText(_ more: [String]) -> (counts: String, remarks: [String]) {
        var counts = ""
        var remarks: [String] = []
        for (index, field) in all.enumerated() where index < more.count {
            let value = more[index]
            if field.shown.isDefault(value) { continue }
            switch field.shown.look {
            case .times: counts += " ×" + value
            case .remark: remarks.append(value)
            }
        }
        return (counts, remarks)
    }

    /// The separator text output puts before a remark.
    public static let remarkSeparator = " — "

    /// `shownText` as one string (` ×5 — borrow Ben's`): what the edit mode and the page show
    /// after a title.
    public static func shownSuffix(_ more: [String]) -> String {
        let (counts, remarks) = shownText(more)
        return counts + remarks.map { remarkSeparator + $0 }.joined()
    }
}

/// A value a command gives a declared field: the field, and its value as validated by
/// `ShownField.value(from:)`.
public struct ItemFieldValue: Sendable, Equatable {
    public let field: ItemField
    public let value: String

    /// `input` validated for `field`; `.invalidInput` (64) when it cannot take it.
    public init(_ field: ItemField, _ input: String) throws(ChecklistError) {
        self.field = field
        value = try field.shown.value(from: input)
    }
}

extension TextMatch {
    /// Where `Item.more` holds the fields whose words a search finds besides the title's
    /// (remarks: a note).
    package static let searchedMore = ItemField.all.indices.filter {
        ItemField.all[$0].shown.look == .remark
    }

    /// Whether the title or a searched field (`searchedMore`) of an item holds the pattern.
    public func matches(title: String, more: [String]) -> Bool {
        matches(title) || Self.searchedMore.contains { $0 < more.count && matches(more[$0]) }
    }

    /// The same on the bytes as stored.
    public func matches(utf8 title: UnsafeRawBufferPointer, more: [UnsafeRawBufferPointer])
        -> Bool
    {
        matches(utf8: title)
            || Self.searchedMore.contains { $0 < more.count && matches(utf8: more[$0]) }
    }
}
