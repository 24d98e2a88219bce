import ChecklistModel

/// The two JSON shapes an import file may have, read value by value from a `JSONReader`: an
/// array of items (what `list --format json` prints), or `{"lists": [...], "items": [...]}`.
struct JSONImport {
    private var reader: JSONReader
    /// Lists named in "lists": they come first, so a list without items survives.
    private var declared = ImportDocument.Builder()
    /// Lists as items name them, in order of first appearance.
    private var referenced = ImportDocument.Builder()

    init(_ reader: JSONReader) {
        self.reader = reader
    }

    mutating func read() throws(ChecklistError) -> ImportDocument {
        if reader.isAtEnd() { return ImportDocument(lists: []) }
        let (value, line) = try reader.readValue()
        switch value {
        case .array:
            try readItems()
        case .object:
            try readTopLevelMembers()
        default:
            throw .malformedImport(
                line: line,
                reason: "expected an array of items or an object with \"lists\" and \"items\"")
        }
        try reader.expectEnd()
        // "lists" may follow "items" in the file; declared lists still come first.
        declared.append(contentsOf: referenced)
        return ImportDocument(lists: try declared.checkedLists())
    }

    private mutating func readTopLevelMembers() throws(ChecklistError) {
        var used = UsedKeys<TopLevelKey>()
        var count = 0
        while let (name, keyLine) = try reader.nextKey(after: count) {
            count += 1
            let key = try used.insert(name, line: keyLine, in: .topLevel)
            let (value, line) = try reader.readValue()
            guard value == .array else {
                throw .malformedImport(line: line, reason: "\"\(name)\" must be an array")
            }
            switch key {
            case .lists: try readListDeclarations()
            case .items: try readItems()
            }
        }
    }

    private mutating func readListDeclarations() throws(ChecklistError) {
        var count = 0
        while try reader.hasElement(after: count) {
            count += 1
            try readListDeclaration(.list(count))
        }
    }

    private mutating func readListDeclaration(_ place: ObjectPlace) throws(ChecklistError) {
        let braceLine = try openObject(place)
        var name: String?
        var mode: (value: ListMode, line: Int)?
        var used = UsedKeys<ListKey>()
        var count = 0
        while let (keyName, keyLine) = try reader.nextKey(after: count) {
            count += 1
            let key = try used.insert(keyName, line: keyLine, in: place)
            let (value, line) = try reader.readValue()
            switch (key, value) {
            case (.name, .string(let text)):
                try ImportDocument.validateListName(text, line: line)
                name = text
            case (.mode, .string(let text)):
                guard let value = ListMode(rawValue: text) else {
                    throw .malformedImport(
                        line: line,
                        reason:
                            "unknown list mode \(Phrase.quoted(text)) (expected multiple or single)"
                    )
                }
                mode = (value, line)
            case (.name, _):
                throw .malformedImport(line: line, reason: "\"name\" must be a string")
            case (.mode, _):
                throw .malformedImport(
                    line: line, reason: "\"mode\" must be \"multiple\" or \"single\"")
            }
        }
        guard let name else {
            throw .malformedImport(line: braceLine, reason: "\(place) has no \"name\"")
        }
        let index = declared.index(of: name)
        if let mode { try declared.setMode(mode.value, at: index, line: mode.line) }
    }

    private mutating func readItems() throws(ChecklistError) {
        var count = 0
        while try reader.hasElement(after: count) {
            count += 1
            try readItem(.item(count))
        }
    }

    /// The declared fields an item may carry besides the model's (`ItemField`), by JSON key.
    private static let moreKeys = ItemField.all.map(\.name)

    private mutating func readItem(_ place: ObjectPlace) throws(ChecklistError) {
        let braceLine = try openObject(place)
        var title: Title?
        var isSelected = false
        var listName: String?
        var used = UsedKeys<ItemKey>()
        var more: [String?] = []
        var count = 0
        while let (name, keyLine) = try reader.nextKey(after: count) {
            count += 1
            if let field = Self.moreKeys.firstIndex(of: name) {
                // A declared field beyond the model's (`StoredTables.moreShownItemFields`).
                if more.isEmpty { more = Array(repeating: nil, count: Self.moreKeys.count) }
                guard more[field] == nil else {
                    throw .malformedImport(
                        line: keyLine, reason: "duplicate key \"\(name)\" in \(place)")
                }
                let (value, line) = try reader.readValue()
                let shown = ItemField.all[field].shown
                let given: String
                switch (shown.kind, value) {
                case (.text, .string(let text)): given = text
                case (.count, .number): given = reader.lastNumber
                case (.text, _):
                    throw .malformedImport(line: line, reason: "\"\(name)\" must be a string")
                case (.count, _):
                    throw .malformedImport(line: line, reason: "\"\(name)\" must be a number")
                }
                do {
                    more[field] = try shown.value(from: given)
                } catch {
                    throw .malformedImport(line: line, reason: error.description)
                }
                continue
            }
            let key = try used.insert(name, line: keyLine, in: place)
            let (value, line) = try reader.readValue()
            switch (key, value) {
            case (.title, .string(let text)):
                do {
                    title = try Title(text)
                } catch {
                    throw .malformedImport(line: line, reason: error.description)
                }
            case (.isSelected, .bool(let flag)):
                isSelected = flag
            case (.list, .string(let text)):
                try ImportDocument.validateListName(text, line: line)
                listName = text
            // Written by `list --format json`, and meaningless in another database.
            case (.id, .number), (.position, .number), (.createdAt, .string), (.updatedAt, .string):
                break
            default:
                throw .malformedImport(line: line, reason: key.typeRule)
            }
        }
        guard let title else {
            throw .malformedImport(line: braceLine, reason: "\(place) has no \"title\"")
        }
        let index = referenced.index(of: listName)
        referenced.append(
            ImportDocument.Entry(
                title: title, isSelected: isSelected,
                more: more.isEmpty ? [] : more.indices.map { more[$0] ?? ItemField.defaults[$0] }),
            toListAt: index,
            line: braceLine)
    }

    /// Reads the `{` of an item or list entry, returning its line.
    private mutating func openObject(_ place: ObjectPlace) throws(ChecklistError) -> Int {
        let (value, line) = try reader.readValue()
        guard value == .object else {
            throw .malformedImport(line: line, reason: "\(place) must be an object")
        }
        return line
    }
}

/// Where in the file an object is, as errors name it; built only when an error needs it.
private enum ObjectPlace: CustomStringConvertible {
    case topLevel
    case list(Int)
    case item(Int)

    var description: String {
        switch self {
        case .topLevel: "the top-level object"
        case .list(let number): "list \(number)"
        case .item(let number): "item \(number)"
        }
    }
}

private enum TopLevelKey: String, CaseIterable {
    case lists
    case items
}

private enum ListKey: String, CaseIterable {
    case name
    case mode
}

/// The keys of `list --format json`, in the order an unknown key's error lists them.
/// The keys of `Item`'s own properties, as `StoredTables.itemPropertyKeys` declares them
/// (tested).
enum ItemKey: String, CaseIterable {
    case id
    case list
    case title
    case isSelected
    case position
    case createdAt
    case updatedAt

    var typeRule: String {
        switch self {
        case .id, .position: "\"\(rawValue)\" must be a number"
        case .isSelected: "\"isSelected\" must be true or false"
        case .list, .title, .createdAt, .updatedAt: "\"\(rawValue)\" must be a string"
        }
    }
}

/// The keys one object has used so far, as bits: a million items should not cost a million
/// sets.
private struct UsedKeys<Key: RawRepresentable<String> & CaseIterable>
where Key.AllCases == [Key] {
    private var bits: UInt32 = 0

    /// The key called `name`; fails when there is no such key or the object has used it.
    mutating func insert(_ name: String, line: Int, in place: ObjectPlace) throws(ChecklistError)
        -> Key
    {
        let keys = Key.allCases
        guard let position = keys.firstIndex(where: { $0.rawValue == name }) else {
            let expected = keys.map(\.rawValue).joined(separator: ", ")
            throw .malformedImport(
                line: line,
                reason: "unknown key \(displayed(name)) in \(place) (expected \(expected))")
        }
        let bit: UInt32 = 1 << position
        guard bits & bit == 0 else {
            throw .malformedImport(line: line, reason: "duplicate key \"\(name)\" in \(place)")
        }
        bits |= bit
        return keys[position]
    }

    /// A key from the file as an error shows it: quoted, on one line, not too long.
    private func displayed(_ name: String) -> String {
        let escaped = name.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || Title.isLineBreak(scalar)
                ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        return "\"" + (escaped.count > 40 ? String(escaped.prefix(40)) + "…" : escaped) + "\""
    }
}
