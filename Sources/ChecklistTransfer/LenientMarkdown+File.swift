import ChecklistModel

/// What `LenientMarkdown` reads before and around the blocks: the file's lines, its front
/// matter, and titles as a reader sees them.
extension LenientMarkdown {
    /// The file's lines without their line endings, after checking it is UTF-8. As in
    /// CommonMark, LF, CR LF and a CR alone each end a line: an old Mac file has no LF at all,
    /// and a CR left inside a line would make a title that cannot be stored.
    static func lines(of bytes: [UInt8]) throws(ChecklistError) -> [ArraySlice<UInt8>] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let lineFeed = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var lines: [ArraySlice<UInt8>] = []
        var start = body.startIndex
        var index = body.startIndex
        while index < body.endIndex {
            let byte = body[index]
            index += 1
            guard byte == lineFeed || byte == carriageReturn else { continue }
            lines.append(body[start..<index - 1])
            if byte == carriageReturn, body[index...].first == lineFeed { index += 1 }
            start = index
        }
        if start < body.endIndex { lines.append(body[start...]) }
        for (number, line) in zip(1..., lines) {
            guard line.allSatisfy({ $0 < 0x80 }) || String(validating: line, as: UTF8.self) != nil
            else { throw .malformedImport(line: number, reason: "not valid UTF-8 text") }
        }
        return lines
    }

    /// Lines of YAML (`---`) or TOML (`+++`) front matter at the top of the file, with their
    /// delimiters; 0 when the file has none (an unclosed `---` is a thematic break).
    static func frontMatterLength(_ lines: [ArraySlice<UInt8>]) -> Int {
        guard let first = lines.first else { return 0 }
        let opening = Syntax.trimmed(first)
        guard opening.elementsEqual("---".utf8) || opening.elementsEqual("+++".utf8) else {
            return 0
        }
        let closers: [String] = opening.first == UInt8(ascii: "-") ? ["---", "..."] : ["+++"]
        for (index, line) in lines.enumerated().dropFirst() {
            let text = Syntax.trimmed(line)
            if closers.contains(where: { text.elementsEqual($0.utf8) }) { return index + 1 }
        }
        return 0
    }

    /// Whether a title or heading shows nothing: empty, or only white space such as no-break
    /// or ideographic spaces, which `asShown` keeps (they are text) but neither a title nor a
    /// list name may be. Such a task is empty, such a heading names no list.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// Text of a title or heading as a reader of the rendered file sees it, trimmed. Markdown
    /// ends lines only at LF and CR, so a vertical tab, form feed, NEL or Unicode line or
    /// paragraph separator is text, which a reader sees as white space: it becomes a space
    /// (a title holds no line break). NUL becomes U+FFFD, as CommonMark requires.
    static func asShown(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            // The lines of the file are already split at LF and CR: what `Title` calls a line
            // break here is one of the others.
            if Title.isLineBreak(scalar) {
                shown.append(" ")
            } else {
                shown.append(scalar == "\0" ? "\u{FFFD}" : scalar)
            }
        }
        return String(decoding: Syntax.trimmed(Array(String(shown).utf8)[...]), as: UTF8.self)
    }
}
