import ChecklistModel

/// What the lenient parser's blocks mean (tasks, headings, modes, skipped lines) and the rules
/// of which line may interrupt which block: the parser's reading of CommonMark's structure is
/// in `LenientMarkdown.swift`, what it makes of it here.
extension LenientMarkdown {
    // MARK: - What the blocks mean

    mutating func addTask(
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

    mutating func startHeading(
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
    mutating func finishHeading() {
        if let heading, !heading.hasTasks { skip(heading.lineCount, .heading) }
    }

    mutating func setMode(_ mode: ListMode, line: Int) throws(ChecklistError) {
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
    func canInterruptParagraph(
        _ marker: Syntax.ListMarker, continuesAll: Bool
    ) -> Bool {
        // A line that does not continue the paragraph's containers interrupts nothing: an
        // item there (`- foo` then `-`, or then `2. bar`) is the list's next item, not lazy
        // text.
        guard continuesAll else { return true }
        return !marker.isEmpty && (!marker.isOrdered || marker.number == 1)
    }

    /// Whether the text at `column` starts a block that ends a paragraph.
    func startsInterruptingBlock(_ line: Line, _ column: Int) -> Bool {
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
    mutating func markBlockStarted(countingBareMarker: Bool = true) {
        guard let last = containers.indices.last, !containers[last].isQuote else { return }
        if countingBareMarker && containers[last].bareMarker && !containers[last].hasBlock {
            skip(1, .plainBullet)
        }
        containers[last].hasBlock = true
    }

    mutating func skip(_ lines: Int, _ kind: SkippedLines.Kind) {
        skipped.add(lines, leafQuoted || containers.contains(where: \.isQuote) ? .blockQuote : kind)
    }
}
