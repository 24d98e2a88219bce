import ChecklistModel

/// What an import file holds: lists in order of first appearance, each with its items in file
/// order.
public struct ImportDocument: Equatable, Sendable {
    /// One list of the file.
    public struct List: Equatable, Sendable {
        /// nil: items the file puts in no list (Markdown tasks before any heading; JSON items
        /// without "list").
        public var name: String?
        /// nil when the file does not say.
        public var mode: ListMode?
        public var items: [Entry]

        /// Makes a list from its parts.
        public init(name: String?, mode: ListMode?, items: [Entry]) {
            self.name = name
            self.mode = mode
            self.items = items
        }
    }

    /// One item of the file.
    public struct Entry: Equatable, Sendable {
        public var title: Title
        public var isSelected: Bool
        /// Its values of `StoredTables.moreShownItemFields`, in their order (none: all empty).
        public var more: [String]

        /// Makes an item from its parts.
        public init(title: Title, isSelected: Bool, more: [String] = []) {
            self.title = title
            self.isSelected = isSelected
            self.more = more
        }
    }

    public var lists: [List]

    /// Makes a document from its lists.
    public init(lists: [List]) {
        self.lists = lists
    }

    /// JSON when the first non-white-space byte is `[` or `{`, else Markdown.
    public static func parse(_ bytes: [UInt8]) throws(ChecklistError) -> ImportDocument {
        let body = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        let whiteSpace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        switch body.first(where: { !whiteSpace.contains($0) }) {
        case nil: return ImportDocument(lists: [])
        case UInt8(ascii: "["), UInt8(ascii: "{"): return try parseJSON(bytes)
        default: return try parseStrictMarkdown(bytes)
        }
    }

    /// `parseMarkdown`, whose error says so when `import --lenient` would take the file.
    private static func parseStrictMarkdown(
        _ bytes: [UInt8]
    ) throws(ChecklistError) -> ImportDocument {
        do {
            return try parseMarkdown(bytes)
        } catch .malformedImport(let line, let reason) {
            guard (try? parseLenientMarkdown(bytes)) != nil else {
                throw .malformedImport(line: line, reason: reason)
            }
            throw .strictImportRefused(line: line, reason: reason)
        } catch {
            throw error
        }
    }

    /// Parses the program's own `list --format json` output, or `{"lists": …, "items": …}`.
    public static func parseJSON(_ bytes: [UInt8]) throws(ChecklistError) -> ImportDocument {
        var reader = JSONImport(JSONReader(bytes))
        return try reader.read()
    }

    /// Parses a GitHub task list: `## list` headings, `- [ ] title` and `- [x] title` lines.
    public static func parseMarkdown(_ bytes: [UInt8]) throws(ChecklistError) -> ImportDocument {
        var builder = Builder()
        var current: Int?
        var lastTask: Int?
        var lineNumber = 0
        // Some Windows editors start a UTF-8 file with a byte order mark; it is not text.
        var lineStart = bytes.starts(with: byteOrderMark) ? 3 : 0
        // A final line feed ends the last line rather than starting an empty one.
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = bytes[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            lineNumber += 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let parsed = try MarkdownLine(line, number: lineNumber)
            // The line after a task, `  > text`, is its remark (`MarkdownFields`).
            let remarkTo = lastTask
            lastTask = nil
            switch parsed {
            case .ignored:
                break
            case .indented(let text):
                guard let remarkTo, let field = MarkdownFields.remarkIndex else {
                    throw .malformedImport(
                        line: lineNumber,
                        reason: "an indented line (nested tasks are not supported)")
                }
                do {
                    let value = try ItemField.all[field].shown.value(from: text)
                    builder.setField(field, to: value, ofLastIn: remarkTo)
                } catch {
                    throw .malformedImport(line: lineNumber, reason: error.description)
                }
            case .heading(let name):
                current = builder.index(of: name)
            case .mode(let mode):
                guard let current else {
                    throw .malformedImport(
                        line: lineNumber, reason: "a mode comment must follow a '## list' heading")
                }
                try builder.setMode(mode, at: current, line: lineNumber)
            case .task(let entry):
                let index = current ?? builder.index(of: nil)
                builder.append(entry, toListAt: index, line: lineNumber)
                lastTask = index
            }
        }
        return ImportDocument(lists: try builder.checkedLists())
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Checks a list name the way `--list` does; `line` is where the file gives it.
    static func validateListName(_ name: String, line: Int) throws(ChecklistError) {
        do {
            try ListName.validate(name)
        } catch {
            throw .malformedImport(line: line, reason: error.description)
        }
    }

    /// The line under a Markdown `## list` heading that gives the list's mode, as `export`
    /// writes it and this parser reads it: an HTML comment, invisible when rendered.
    public static func markdownModeComment(_ mode: ListMode) -> String {
        modeCommentPrefix + mode.rawValue + modeCommentSuffix
    }

    static let modeCommentPrefix = "<!-- checklist: mode="
    static let modeCommentSuffix = " -->"
}

/// One line of a Markdown import file, classified.
private enum MarkdownLine {
    /// A blank line or a `# document title`.
    case ignored
    case heading(String)
    case mode(ListMode)
    case task(ImportDocument.Entry)
    /// A `  > text` line: the remark of the task before it (`MarkdownFields`).
    case indented(String)

    init(_ line: ArraySlice<UInt8>, number: Int) throws(ChecklistError) {
        // `String(validating:as:)` looks up generic metadata on every call; ASCII needs none.
        guard line.allSatisfy({ $0 < 0x80 }) || String(validating: line, as: UTF8.self) != nil
        else {
            throw .malformedImport(line: number, reason: "not valid UTF-8 text")
        }
        // The line is valid UTF-8 and every cut below follows an ASCII byte, so decoding a
        // part of it keeps its bytes exactly.
        let rest = { (offset: Int) in String(decoding: line.dropFirst(offset), as: UTF8.self) }
        if line.allSatisfy(Self.isBlank) || line.starts(with: "# ".utf8) {
            self = .ignored
        } else if line.starts(with: "## ".utf8) {
            let name = rest(3)
            if name.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                throw .malformedImport(line: number, reason: "a '## list' heading needs a name")
            }
            try ImportDocument.validateListName(name, line: number)
            self = .heading(name)
        } else if let mode = try ImportDocument.mode(in: line, number: number) {
            self = .mode(mode)
        } else if let task = Self.task(in: line) {
            do {
                let text = rest(task.titleOffset)
                if let (title, count) = MarkdownFields.split(text) {
                    self = .task(
                        ImportDocument.Entry(
                            title: try Title(title), isSelected: task.isChecked,
                            more: MarkdownFields.more(count: count)))
                    return
                }
                let title = try Title(text)
                self = .task(ImportDocument.Entry(title: title, isSelected: task.isChecked))
            } catch {
                throw .malformedImport(line: number, reason: error.description)
            }
        } else if line.starts(with: MarkdownFields.remarkIndent.utf8) {
            self = .indented(rest(MarkdownFields.remarkIndent.utf8.count))
        } else if let first = line.first, Self.isBlank(first) {
            throw .malformedImport(
                line: number, reason: "an indented line (nested tasks are not supported)")
        } else {
            throw .malformedImport(
                line: number,
                reason: "expected a task line like '- [ ] Tent', a '## list' heading"
                    + " or a blank line")
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Where the title of a `- [ ] title` line starts and whether it is checked; nil for any
    /// other line. `- [ ]` alone is a task with an empty title, so it fails as one.
    private static func task(
        in line: ArraySlice<UInt8>
    ) -> (titleOffset: Int, isChecked: Bool)? {
        let start = line.startIndex
        guard line.count >= 5,
            [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(line[start]),
            line[start + 1] == UInt8(ascii: " "), line[start + 2] == UInt8(ascii: "["),
            line[start + 4] == UInt8(ascii: "]"),
            line.count == 5 || line[start + 5] == UInt8(ascii: " ")
        else { return nil }
        switch line[start + 3] {
        case UInt8(ascii: " "): return (6, false)
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return (6, true)
        default: return nil
        }
    }
}

extension ImportDocument {
    /// The mode a `<!-- checklist: mode=… -->` line sets; nil for any other line. The lenient
    /// parser reads the comment with this too.
    static func mode(
        in line: ArraySlice<UInt8>, number: Int
    ) throws(ChecklistError) -> ListMode? {
        let prefix = ImportDocument.modeCommentPrefix.utf8
        let suffix = ImportDocument.modeCommentSuffix.utf8
        let trimmed = MarkdownSyntax.trimmed(line)
        guard trimmed.count >= prefix.count + suffix.count, trimmed.starts(with: prefix),
            trimmed.suffix(suffix.count).elementsEqual(suffix)
        else { return nil }
        let value = String(
            decoding: trimmed.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self)
        guard let mode = ListMode(rawValue: value) else {
            throw .malformedImport(
                line: number,
                reason: "unknown list mode \(Phrase.quoted(value)) (expected multiple or single)")
        }
        return mode
    }
}
