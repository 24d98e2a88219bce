import ChecklistModel

/// How the lenient parser takes one line: which containers (block quotes, list items) it
/// continues, and which leaf block (paragraph, heading, code, HTML, table) it continues or starts.
extension LenientMarkdown {
    // MARK: - One line

    mutating func take(_ line: Line, number: Int) throws(ChecklistError) {
        var column = 0
        var matched = 0
        // 1. The open containers this line continues. Each looks at no more of the line than
        // it takes: a scan of the whole indentation at every level made deep nesting cubic.
        let textEnd = Syntax.textEnd(line)
        for container in containers {
            if container.isQuote {
                let leading = Syntax.indent(line, column, atMost: 4)
                guard leading <= 3, column + leading < line.count,
                    line[column + leading] == UInt8(ascii: ">")
                else { break }
                column += leading + 1
                if column < line.count && line[column] == Syntax.space { column += 1 }
            } else if column >= textEnd {
                // An item begins with at most one blank line: one still empty ends here.
                guard container.hasBlock else { break }
                column = line.count
            } else if Syntax.indent(line, column, atMost: container.contentIndent)
                == container.contentIndent
            {
                column += container.contentIndent
            } else {
                break
            }
            matched += 1
        }
        let continuesAll = matched == containers.count
        // 2. Code and HTML take their lines whole while their containers go on.
        if continuesAll, try continueVerbatimLeaf(line, column) { return }
        // 3. New containers: block quotes and list items. A thematic break can start no
        // earlier than `breakTail`: before it, the markers of a line nested a million deep
        // (`- - - … [ ] t`) are not each scanned to its end.
        let breakTail = Syntax.thematicBreakTail(line, textEnd: textEnd)
        var opened = false
        while column < textEnd {
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
            if column + leading >= breakTail && Syntax.isThematicBreak(line, column) { break }
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
            if case .paragraph = leaf, !Syntax.isBlank(line, from: column),
                !startsInterruptingBlock(line, column), var paragraph = takeParagraph()
            {
                paragraph.text.append(Syntax.trimmed(line[column...]))
                leaf = .paragraph(paragraph)
                return
            }
            try closeContainers(from: matched)
        }
        try takeLeaf(line, column, number: number)
    }

    /// The open paragraph, taken out of `leaf` (left `.none`), so that its lines are held
    /// once and a line appended to them does not copy them all. (A paragraph bound in a
    /// `switch` over `leaf` shares its lines with it: appending there copied every line
    /// before, and a task of 200,000 continuation lines took minutes.)
    mutating func takeParagraph() -> Paragraph? {
        guard case .paragraph(let paragraph) = leaf else { return nil }
        leaf = .none
        return paragraph
    }

    /// Fenced code, indented code and HTML blocks own their lines; true when this one was
    /// taken.
    mutating func continueVerbatimLeaf(
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

    mutating func takeLeaf(
        _ line: Line, _ column: Int, number: Int
    ) throws(ChecklistError) {
        if Syntax.isBlank(line, from: column) {
            try closeLeaf()
            return
        }
        let quoted = containers.contains(where: \.isQuote)
        if var paragraph = takeParagraph() {
            // An underline under any first paragraph, a task's or a bullet's too, makes it a
            // heading, its `[ ]` included (a lazy line never gets here: it is no underline).
            if let level = Syntax.setextLevel(line, column) {
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
            leaf = .paragraph(paragraph)
        } else if case .table = leaf, !startsInterruptingBlock(line, column) {
            skip(1, .table)
            return
        }
        try closeLeaf()
        leafQuoted = quoted
        try startLeaf(line, column, number: number, quoted: quoted)
    }

    mutating func startLeaf(
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
}
