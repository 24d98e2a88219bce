import ChecklistModel

extension ImportDocument {
    /// Takes the task lines of any Markdown and skips the rest, counting what it skips (see
    /// `LenientMarkdown`). Headings of level `splitLevel` or less (1–6) name lists.
    public static func parseLenientMarkdown(
        _ bytes: [UInt8], splitLevel: Int = 6
    ) throws(ChecklistError) -> LenientImport {
        var parser = LenientMarkdown(splitLevel: splitLevel)
        return try parser.parse(bytes)
    }
}

/// A block parser in CommonMark's manner, written for this import (the package mirror has no
/// Markdown parser that exposes block structure): each line first continues the open
/// containers (block quotes, list items, by their indentation), then may open new ones, then
/// is a leaf (fenced or indented code, ATX or setext heading, HTML block, table, thematic
/// break, paragraph with lazy continuation). A list item whose first paragraph starts with
/// `[ ]` or `[x]` is a task; its paragraph, however many lines, is the title.
struct LenientMarkdown {
    typealias Line = MarkdownSyntax.Line
    typealias Syntax = MarkdownSyntax

    struct Container {
        var isQuote: Bool
        var contentIndent = 0
        /// Whether a block has started inside this list item (only the first can be a task).
        var hasBlock = false
        /// This item's task title, once its paragraph closed: nested tasks are prefixed by it.
        var taskTitle: String?
        /// Whether the item's marker stood alone on its line (`-`): that line is counted as a
        /// plain bullet once the item shows it is no task (see `markBlockStarted`).
        var bareMarker = false
    }

    enum ParagraphKind: Equatable {
        case task(isChecked: Bool)
        case plainBullet
        case prose
        case quoted
    }

    struct Paragraph {
        var kind: ParagraphKind
        /// The lines as written, trimmed; a task's first line still starts with its `[ ]`.
        var text: [ArraySlice<UInt8>]
        var firstLine: Int
        /// Whether the line above, a marker alone (`-`), is still to be counted: it belongs to
        /// this task, or, if the task turns out to be none, to a plain bullet.
        var followsBareMarker = false
    }

    enum Leaf {
        case none
        case paragraph(Paragraph)
        case fence(byte: UInt8, length: Int)
        case indentedCode
        case html(Syntax.HTMLEnd)
        case table
    }

    struct Heading {
        var name: String
        var line: Int
        var lineCount: Int
        var hasTasks = false
        var pendingMode: (mode: ListMode, line: Int)?
    }

    let splitLevel: Int
    var containers: [Container] = []
    var leaf = Leaf.none
    /// Whether the open leaf sits inside a block quote (its lines are counted as quoted).
    var leafQuoted = false
    var heading: Heading?
    /// A mode comment before any heading, for the tasks that go to no named list.
    var unnamedMode: (mode: ListMode, line: Int)?
    var builder = ImportDocument.Builder()
    var skipped = SkippedLines()

    init(splitLevel: Int) {
        self.splitLevel = splitLevel
    }

    mutating func parse(_ bytes: [UInt8]) throws(ChecklistError) -> LenientImport {
        let lines = try Self.lines(of: bytes)
        var number = 0
        let frontMatter = Self.frontMatterLength(lines)
        skipped.add(frontMatter, .frontMatter)
        for line in lines {
            number += 1
            if number <= frontMatter { continue }
            try take(Syntax.expandingIndentTabs(line[...]), number: number)
        }
        try closeContainers(from: 0)
        try closeLeaf()
        finishHeading()
        return LenientImport(
            document: ImportDocument(lists: try builder.checkedLists()), skipped: skipped)
    }

    // MARK: - Closing blocks

    mutating func closeContainers(from index: Int) throws(ChecklistError) {
        guard index < containers.count else { return }
        try closeLeaf()
        // An empty item (`-` alone, nothing under it) is a plain bullet line.
        let emptyItems = containers[index...].filter { $0.bareMarker && !$0.hasBlock }.count
        skip(emptyItems, .plainBullet)
        containers.removeSubrange(index...)
    }

    mutating func closeLeaf() throws(ChecklistError) {
        defer { leaf = .none }
        guard case .paragraph(let paragraph) = leaf else { return }
        switch paragraph.kind {
        case .prose: skip(paragraph.text.count, .prose)
        case .quoted: skip(paragraph.text.count, .blockQuote)
        case .plainBullet: skip(paragraph.text.count, .plainBullet)
        case .task(let isChecked):
            var lines = paragraph.text
            lines[0] = Syntax.trimmed(lines[0].dropFirst(Syntax.taskMarkerLength))
            let title = Self.asShown(
                lines.filter { !$0.isEmpty }
                    .map { String(decoding: $0, as: UTF8.self) }
                    .joined(separator: " "))
            guard !Self.isBlank(title) else {
                skip(paragraph.text.count + (paragraph.followsBareMarker ? 1 : 0), .emptyTask)
                return
            }
            let parents = containers.dropLast().compactMap(\.taskTitle)
            if let last = containers.indices.last { containers[last].taskTitle = title }
            try addTask(
                (parents + [title]).joined(separator: " › "), isChecked, paragraph.firstLine)
        }
    }
}
