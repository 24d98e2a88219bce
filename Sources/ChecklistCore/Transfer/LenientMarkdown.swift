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

    private struct Container {
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

    private enum ParagraphKind: Equatable {
        case task(isChecked: Bool)
        case plainBullet
        case prose
        case quoted
    }

    private struct Paragraph {
        var kind: ParagraphKind
        /// The lines as written, trimmed; a task's first line still starts with its `[ ]`.
        var text: [ArraySlice<UInt8>]
        var firstLine: Int
        /// Whether the line above, a marker alone (`-`), is still to be counted: it belongs to
        /// this task, or, if the task turns out to be none, to a plain bullet.
        var followsBareMarker = false
    }

    private enum Leaf {
        case none
        case paragraph(Paragraph)
        case fence(byte: UInt8, length: Int)
        case indentedCode
        case html(Syntax.HTMLEnd)
        case table
    }

    private struct Heading {
        var name: String
        var line: Int
        var lineCount: Int
        var hasTasks = false
        var pendingMode: (mode: ListMode, line: Int)?
    }

    let splitLevel: Int
    private var containers: [Container] = []
    private var leaf = Leaf.none
    /// Whether the open leaf sits inside a block quote (its lines are counted as quoted).
    private var leafQuoted = false
    private var heading: Heading?
    /// A mode comment before any heading, for the tasks that go to no named list.
    private var unnamedMode: (mode: ListMode, line: Int)?
    private var builder = ImportDocument.Builder()
    private var skipped = SkippedLines()

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

    // MARK: - One line

    private mutating func take(_ line: Line, number: Int) throws(ChecklistError) {
        var column = 0
        var matched = 0
        // 1. The open containers this line continues.
        for container in containers {
            if container.isQuote {
                let leading = Syntax.indent(line, column)
                guard leading <= 3, column + leading < line.count,
                    line[column + leading] == UInt8(ascii: ">")
                else { break }
                column += leading + 1
                if column < line.count && line[column] == Syntax.space { column += 1 }
            } else if Syntax.isBlank(line, from: column) {
                // An item begins with at most one blank line: one still empty ends here.
                guard container.hasBlock else { break }
                column = line.count
            } else if Syntax.indent(line, column) >= container.contentIndent {
                column += container.contentIndent
            } else {
                break
            }
            matched += 1
        }
        let continuesAll = matched == containers.count
        // 2. Code and HTML take their lines whole while their containers go on.
        if continuesAll, try continueVerbatimLeaf(line, column) { return }
        // 3. New containers: block quotes and list items.
        var opened = false
        while !Syntax.isBlank(line, from: column) {
            let leading = Syntax.indent(line, column)
            guard leading <= 3 else { break }
            if line[column + leading] == UInt8(ascii: ">") {
                try closeContainers(from: matched)
                try closeLeaf()
                markBlockStarted()
                containers.append(Container(isQuote: true))
                matched = containers.count
                column += leading + 1
                if column < line.count && line[column] == Syntax.space { column += 1 }
                opened = true
                continue
            }
            if Syntax.isThematicBreak(line, column) { break }
            guard let marker = Syntax.listMarker(line, column) else { break }
            if case .paragraph = leaf, !opened,
                !canInterruptParagraph(marker, continuesAll: continuesAll)
            {
                break
            }
            try closeContainers(from: matched)
            try closeLeaf()
            markBlockStarted()
            containers.append(
                Container(
                    isQuote: false, contentIndent: marker.contentIndent, bareMarker: marker.isEmpty)
            )
            matched = containers.count
            column += marker.isEmpty ? line.count - column : marker.contentIndent
            column = min(column, line.count)
            opened = true
        }
        // 4. A line that continues some containers but not all is a lazy continuation of an
        // open paragraph, or else it closes the rest.
        if !opened && matched < containers.count {
            if case .paragraph(var paragraph) = leaf, !Syntax.isBlank(line, from: column),
                !startsInterruptingBlock(line, column)
            {
                paragraph.text.append(Syntax.trimmed(line[column...]))
                leaf = .paragraph(paragraph)
                return
            }
            try closeContainers(from: matched)
        }
        try takeLeaf(line, column, number: number)
    }

    /// Fenced code, indented code and HTML blocks own their lines; true when this one was
    /// taken.
    private mutating func continueVerbatimLeaf(
        _ line: Line, _ column: Int
    ) throws(ChecklistError) -> Bool {
        switch leaf {
        case .fence(let byte, let length):
            if Syntax.closesFence(line, column, byte: byte, length: length) { leaf = .none }
            skip(1, .code)
            return true
        case .indentedCode:
            if Syntax.isBlank(line, from: column) { return true }
            guard Syntax.indent(line, column) >= 4 else { return false }
            skip(1, .code)
            return true
        case .html(let end):
            switch end {
            case .blankLine:
                if Syntax.isBlank(line, from: column) {
                    leaf = .none
                } else {
                    skip(1, .html)
                }
            case .containing(let text):
                skip(1, .html)
                if Syntax.contains(line, text) { leaf = .none }
            }
            return true
        default:
            return false
        }
    }

    private mutating func takeLeaf(
        _ line: Line, _ column: Int, number: Int
    ) throws(ChecklistError) {
        if Syntax.isBlank(line, from: column) {
            try closeLeaf()
            return
        }
        let quoted = containers.contains(where: \.isQuote)
        switch leaf {
        case .paragraph(var paragraph):
            // An underline under any first paragraph, a task's or a bullet's too, makes it a
            // heading, its `[ ]` included (a lazy line never gets here: it is no underline).
            if let level = Syntax.setextLevel(line, column) {
                leaf = .none
                if paragraph.followsBareMarker { skip(1, .plainBullet) }
                let text = paragraph.text.map { String(decoding: $0, as: UTF8.self) }
                try startHeading(
                    level: level, text: text.joined(separator: " "),
                    line: paragraph.firstLine, lineCount: paragraph.text.count + 1,
                    quoted: quoted)
                return
            }
            // A line with a delimiter row under it is a table's header (GFM), even under other
            // lines of the paragraph, which end above it. A task's first line may be one: its
            // `[ ]` is then text of the first cell, and no checkbox is shown.
            if let header = paragraph.text.last, header.contains(UInt8(ascii: "|")),
                Syntax.isTableDelimiter(line, column, under: header)
            {
                paragraph.text.removeLast()
                if paragraph.text.isEmpty {
                    if paragraph.followsBareMarker { skip(1, .plainBullet) }
                } else {
                    leaf = .paragraph(paragraph)
                    try closeLeaf()
                }
                leaf = .table
                skip(2, .table)
                return
            }
            if !startsInterruptingBlock(line, column) {
                paragraph.text.append(Syntax.trimmed(line[column...]))
                leaf = .paragraph(paragraph)
                return
            }
        case .table:
            if !startsInterruptingBlock(line, column) {
                skip(1, .table)
                return
            }
        default:
            break
        }
        try closeLeaf()
        leafQuoted = quoted
        try startLeaf(line, column, number: number, quoted: quoted)
    }

    private mutating func startLeaf(
        _ line: Line, _ column: Int, number: Int, quoted: Bool
    ) throws(ChecklistError) {
        let isFirstBlock = containers.last.map { !$0.isQuote && !$0.hasBlock } ?? false
        // `-` alone, then `  [ ] Tent` on the next line, is a task item: its marker's line is
        // counted with the paragraph begun here if it is a task (it may be empty, or turn out
        // to be a heading), else now, as a plain bullet's.
        let bareMarkerLine = isFirstBlock && containers.last?.bareMarker == true
        markBlockStarted(countingBareMarker: false)
        defer {
            if bareMarkerLine, case .paragraph(var paragraph) = leaf, case .task = paragraph.kind {
                paragraph.followsBareMarker = true
                leaf = .paragraph(paragraph)
            } else if bareMarkerLine {
                skip(1, .plainBullet)
            }
        }
        if Syntax.indent(line, column) >= 4 {
            leaf = .indentedCode
            skip(1, .code)
        } else if let (level, text) = Syntax.atxHeading(line, column) {
            try startHeading(
                level: level, text: String(decoding: text, as: UTF8.self), line: number,
                lineCount: 1, quoted: quoted)
        } else if let fence = Syntax.fenceOpening(line, column) {
            leaf = .fence(byte: fence.byte, length: fence.length)
            skip(1, .code)
        } else if Syntax.isThematicBreak(line, column) {
            skip(1, .rule)
        } else if let end = Syntax.htmlBlock(line, column, interruptsParagraph: false) {
            if !quoted, let mode = try ImportDocument.mode(in: line[column...], number: number) {
                try setMode(mode, line: number)
                return
            }
            skip(1, .html)
            if case .containing(let text) = end, Syntax.contains(line, text) { return }
            leaf = .html(end)
        } else {
            var kind = ParagraphKind.prose
            if quoted {
                kind = .quoted
            } else if isFirstBlock {
                kind = .plainBullet
                // Past the content column by up to three spaces (four would be code) when the
                // item's marker stood alone on the line above.
                let start = column + Syntax.indent(line, column)
                if let isChecked = Syntax.taskMarker(line, start) {
                    kind = .task(isChecked: isChecked)
                }
            }
            leaf = .paragraph(
                Paragraph(kind: kind, text: [Syntax.trimmed(line[column...])], firstLine: number))
        }
    }

    // MARK: - Closing blocks

    private mutating func closeContainers(from index: Int) throws(ChecklistError) {
        guard index < containers.count else { return }
        try closeLeaf()
        // An empty item (`-` alone, nothing under it) is a plain bullet line.
        let emptyItems = containers[index...].filter { $0.bareMarker && !$0.hasBlock }.count
        skip(emptyItems, .plainBullet)
        containers.removeSubrange(index...)
    }

    private mutating func closeLeaf() throws(ChecklistError) {
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

    // MARK: - What the blocks mean

    private mutating func addTask(
        _ text: String, _ isChecked: Bool, _ line: Int
    ) throws(ChecklistError) {
        let entry: ImportDocument.Entry
        do {
            entry = ImportDocument.Entry(title: try Title(text), isSelected: isChecked)
        } catch {
            throw .malformedImport(line: line, reason: error.description)
        }
        let index: Int
        if var heading {
            if !heading.hasTasks {
                try ImportDocument.validateListName(heading.name, line: heading.line)
            }
            index = builder.index(of: heading.name)
            if let pending = heading.pendingMode {
                try builder.setMode(pending.mode, at: index, line: pending.line)
                heading.pendingMode = nil
            }
            heading.hasTasks = true
            self.heading = heading
        } else {
            index = builder.index(of: nil)
            if let pending = unnamedMode {
                try builder.setMode(pending.mode, at: index, line: pending.line)
                unnamedMode = nil
            }
        }
        builder.append(entry, toListAt: index, line: line)
    }

    private mutating func startHeading(
        level: Int, text: String, line: Int, lineCount: Int, quoted: Bool
    ) throws(ChecklistError) {
        let name = Self.asShown(text)
        guard !quoted, level <= splitLevel, !Self.isBlank(name) else {
            skip(lineCount, quoted ? .blockQuote : .heading)
            return
        }
        finishHeading()
        heading = Heading(name: name, line: line, lineCount: lineCount)
    }

    /// A heading under which no task came named no list: it was skipped.
    private mutating func finishHeading() {
        if let heading, !heading.hasTasks { skip(heading.lineCount, .heading) }
    }

    private mutating func setMode(_ mode: ListMode, line: Int) throws(ChecklistError) {
        guard var heading else {
            unnamedMode = (mode, line)
            return
        }
        if heading.hasTasks {
            try builder.setMode(mode, at: builder.index(of: heading.name), line: line)
        } else {
            heading.pendingMode = (mode, line)
            self.heading = heading
        }
    }

    // MARK: - Rules of interruption

    /// CommonMark: a list item interrupts a paragraph only when it has content and, if
    /// ordered, starts at 1 (so "2024. was a year" stays prose, and so does `2. [ ] Map`
    /// straight under a task's text: a reader sees it as part of that title, with no box).
    private func canInterruptParagraph(
        _ marker: Syntax.ListMarker, continuesAll: Bool
    ) -> Bool {
        // A line that does not continue the paragraph's containers interrupts nothing: an
        // item there (`- foo` then `-`, or then `2. bar`) is the list's next item, not lazy
        // text.
        guard continuesAll else { return true }
        return !marker.isEmpty && (!marker.isOrdered || marker.number == 1)
    }

    /// Whether the text at `column` starts a block that ends a paragraph.
    private func startsInterruptingBlock(_ line: Line, _ column: Int) -> Bool {
        let leading = Syntax.indent(line, column)
        if leading >= 4 { return false }
        if line[column + leading] == UInt8(ascii: ">") { return true }
        if Syntax.atxHeading(line, column) != nil || Syntax.fenceOpening(line, column) != nil
            || Syntax.isThematicBreak(line, column)
            || Syntax.htmlBlock(line, column, interruptsParagraph: true) != nil
        {
            return true
        }
        if let marker = Syntax.listMarker(line, column) {
            return !marker.isEmpty && (!marker.isOrdered || marker.number == 1)
        }
        return false
    }

    /// Notes that a block starts in the innermost list item. When it is the first block of an
    /// item whose marker stood alone on its line, that line is a plain bullet's, unless the
    /// caller counts it itself (a leaf may be a task).
    private mutating func markBlockStarted(countingBareMarker: Bool = true) {
        guard let last = containers.indices.last, !containers[last].isQuote else { return }
        if countingBareMarker && containers[last].bareMarker && !containers[last].hasBlock {
            skip(1, .plainBullet)
        }
        containers[last].hasBlock = true
    }

    private mutating func skip(_ lines: Int, _ kind: SkippedLines.Kind) {
        skipped.add(lines, leafQuoted || containers.contains(where: \.isQuote) ? .blockQuote : kind)
    }
}
