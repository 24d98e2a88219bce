import ChecklistModel

/// The CommonMark (and GitHub) block starts the lenient import recognises, each read from one
/// line at a given offset. Lines are bytes with the tabs of their indentation expanded, so an
/// offset is a column. Only ASCII bytes are looked at, so every cut falls between characters.
enum MarkdownSyntax {
    typealias Line = [UInt8]

    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Spaces from `start` to the first other byte, counting no further than `limit`.
    static func indent(_ line: Line, _ start: Int, atMost limit: Int = .max) -> Int {
        var index = start
        while index < line.count && line[index] == space && index - start < limit { index += 1 }
        return index - start
    }

    static func isBlank(_ line: Line, from start: Int) -> Bool {
        line[min(start, line.count)...].allSatisfy { $0 == space || $0 == tab }
    }

    /// Where the line's text ends: past the last byte that is not a space or a tab, so the
    /// line is blank from any offset at or after it (`isBlank` in one comparison).
    static func textEnd(_ line: Line) -> Int {
        (line.lastIndex { $0 != space && $0 != tab } ?? -1) + 1
    }

    /// Tabs in the indentation and between the markers that nest blocks (`>`, list markers)
    /// become spaces to the next multiple of four, as CommonMark counts columns; a tab in
    /// a title is left as written.
    static func expandingIndentTabs(_ line: ArraySlice<UInt8>) -> Line {
        var result: Line = []
        result.reserveCapacity(line.count)
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            if byte == tab {
                repeat { result.append(space) } while result.count % 4 != 0
            } else if isStructural(byte) {
                result.append(byte)
            } else {
                break
            }
            index += 1
        }
        result.append(contentsOf: line[index...])
        return result
    }

    private static func isStructural(_ byte: UInt8) -> Bool {
        switch byte {
        case space, UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    // MARK: - Containers

    struct ListMarker {
        /// The column where the item's content starts; continuation lines indent to it.
        var contentIndent: Int
        var isOrdered: Bool
        var number: Int
        var isEmpty: Bool
    }

    /// A list item's marker (`-`, `*`, `+`, `1.`, `1)`) at `start`, at most three spaces in.
    static func listMarker(_ line: Line, _ start: Int) -> ListMarker? {
        let leading = indent(line, start)
        guard leading <= 3 else { return nil }
        var index = start + leading
        guard index < line.count else { return nil }
        var isOrdered = false
        var number = 0
        switch line[index] {
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            index += 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = line[index...].prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard digits.count <= 9 else { return nil }
            number = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            index += digits.count
            guard index < line.count,
                line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")")
            else { return nil }
            index += 1
            isOrdered = true
        default:
            return nil
        }
        if index == line.count || isBlank(line, from: index) {
            return ListMarker(
                contentIndent: index - start + 1, isOrdered: isOrdered, number: number,
                isEmpty: true)
        }
        let gap = indent(line, index)
        guard gap > 0 else { return nil }
        // Five spaces or more after the marker: one belongs to the marker, the rest make
        // indented code inside the item.
        let width = gap <= 4 ? gap : 1
        return ListMarker(
            contentIndent: index - start + width, isOrdered: isOrdered, number: number,
            isEmpty: false)
    }

    /// The length of `[ ]`, `[x]` or `[X]`; the title follows it.
    static let taskMarkerLength = 3

    /// `[ ]`, `[x]` or `[X]` at `start`, followed by white space (GFM's: space, tab, vertical
    /// tab, form feed) or the end of the line: whether it is checked, nil when there is none.
    static func taskMarker(_ line: Line, _ start: Int) -> Bool? {
        let end = start + taskMarkerLength
        guard line.count >= end, line[start] == UInt8(ascii: "["),
            line[start + 2] == UInt8(ascii: "]"),
            line.count == end || [space, tab, 0x0B, 0x0C].contains(line[end])
        else { return nil }
        switch line[start + 1] {
        case space: return false
        case UInt8(ascii: "x"), UInt8(ascii: "X"): return true
        default: return nil
        }
    }

    // MARK: - Leaves

    /// An ATX heading's level and text (trimmed, closing `#`s removed).
    static func atxHeading(_ line: Line, _ start: Int) -> (level: Int, text: ArraySlice<UInt8>)? {
        let leading = indent(line, start)
        guard leading <= 3 else { return nil }
        let hashes = line[(start + leading)...].prefix { $0 == UInt8(ascii: "#") }
        let after = start + leading + hashes.count
        guard (1...6).contains(hashes.count),
            after == line.count || line[after] == space || line[after] == tab
        else { return nil }
        var text = trimmed(line[after...])
        // A closing sequence of #s counts only after white space (or as the whole text).
        let closing = text.reversed().prefix { $0 == UInt8(ascii: "#") }.count
        if closing > 0 {
            let before = text.dropLast(closing)
            if before.isEmpty || before.last == space || before.last == tab {
                text = trimmed(before)
            }
        }
        return (hashes.count, text)
    }

    /// The fence character and length of a code fence opening at `start`.
    static func fenceOpening(_ line: Line, _ start: Int) -> (byte: UInt8, length: Int)? {
        let leading = indent(line, start)
        guard leading <= 3, start + leading < line.count else { return nil }
        let byte = line[start + leading]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return nil }
        let length = line[(start + leading)...].prefix { $0 == byte }.count
        guard length >= 3 else { return nil }
        // A backtick fence's info string may not hold a backtick (that is inline code).
        if byte == UInt8(ascii: "`")
            && line[(start + leading + length)...].contains(UInt8(ascii: "`"))
        {
            return nil
        }
        return (byte, length)
    }

    static func closesFence(
        _ line: Line, _ start: Int, byte: UInt8, length: Int
    ) -> Bool {
        let leading = indent(line, start)
        guard leading <= 3 else { return false }
        let run = line[(start + leading)...].prefix { $0 == byte }.count
        return run >= length && isBlank(line, from: start + leading + run)
    }

    /// `***`, `---`, `___` (three or more, spaces allowed between).
    static func isThematicBreak(_ line: Line, _ start: Int) -> Bool {
        let leading = indent(line, start)
        guard leading <= 3, start + leading < line.count else { return false }
        let byte = line[start + leading]
        guard [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "_")].contains(byte)
        else { return false }
        var count = 0
        for other in line[(start + leading)...] {
            if other == byte {
                count += 1
            } else if other != space && other != tab {
                return false
            }
        }
        return count >= 3
    }

    /// Where the line's last run of one thematic-break byte (`*`, `-` or `_`) and blanks
    /// starts, up to `textEnd`: a thematic break starts there or later. `textEnd` when the
    /// text ends in any other byte.
    static func thematicBreakTail(_ line: Line, textEnd: Int) -> Int {
        guard textEnd > 0 else { return textEnd }
        let byte = line[textEnd - 1]
        guard [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "_")].contains(byte) else {
            return textEnd
        }
        var start = textEnd - 1
        while start > 0, case let before = line[start - 1],
            before == byte || before == space || before == tab
        {
            start -= 1
        }
        return start
    }

    /// A setext underline's heading level: `===` is 1, `---` is 2.
    static func setextLevel(_ line: Line, _ start: Int) -> Int? {
        let leading = indent(line, start)
        guard leading <= 3, start + leading < line.count else { return nil }
        let byte = line[start + leading]
        guard byte == UInt8(ascii: "=") || byte == UInt8(ascii: "-") else { return nil }
        let run = line[(start + leading)...].prefix { $0 == byte }.count
        guard isBlank(line, from: start + leading + run) else { return nil }
        return byte == UInt8(ascii: "=") ? 1 : 2
    }

    /// A table's delimiter row (`| --- | :-: |`, `---|---`) under a header row of as many
    /// cells: GFM reads the two lines as a paragraph when the counts differ.
    static func isTableDelimiter(_ line: Line, _ start: Int, under header: ArraySlice<UInt8>)
        -> Bool
    {
        let text = trimmed(line[start...])
        guard text.contains(UInt8(ascii: "-")), text.contains(UInt8(ascii: "|")) else {
            return false
        }
        let cells = tableCells(text)
        return !cells.isEmpty && cells.count == tableCells(header).count
            && cells.allSatisfy { cell in
                let cell = trimmed(cell)
                var body = cell[...]
                if body.first == UInt8(ascii: ":") { body = body.dropFirst() }
                if body.last == UInt8(ascii: ":") { body = body.dropLast() }
                return !body.isEmpty && body.allSatisfy { $0 == UInt8(ascii: "-") }
            }
    }

    /// A table row's cells: split at each `|` not right after a backslash, less the empty text
    /// before a leading `|` and after a trailing one.
    private static func tableCells(_ row: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        let text = trimmed(row)
        var cells: [ArraySlice<UInt8>] = []
        var cellStart = text.startIndex
        for index in text.indices where text[index] == UInt8(ascii: "|") {
            if index > text.startIndex && text[index - 1] == UInt8(ascii: "\\") { continue }
            cells.append(text[cellStart..<index])
            cellStart = index + 1
        }
        cells.append(text[cellStart...])
        if cells.first?.isEmpty == true { cells.removeFirst() }
        if cells.last?.isEmpty == true { cells.removeLast() }
        return cells
    }

    static func contains(_ line: Line, _ needle: [UInt8]) -> Bool {
        guard line.count >= needle.count else { return false }
        return (0...(line.count - needle.count)).contains { start in
            line[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = bytes
        while let first = text.first, first == space || first == tab { text = text.dropFirst() }
        while let last = text.last, last == space || last == tab { text = text.dropLast() }
        return text
    }
}
