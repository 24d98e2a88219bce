import ChecklistModel

/// The HTML blocks of CommonMark (its seven kinds of start), as the lenient import skips them.
extension MarkdownSyntax {
    /// How an HTML block that starts on this line ends.
    enum HTMLEnd {
        /// At the line that contains this text (comments, `<script>`, `<?…?>`…).
        case containing([UInt8])
        /// At the next blank line.
        case blankLine
    }

    /// The HTML block starting at `start`, if one does. `interruptsParagraph`: only the kinds
    /// CommonMark lets interrupt a paragraph (not a lone inline tag).
    static func htmlBlock(
        _ line: Line, _ start: Int, interruptsParagraph: Bool
    ) -> HTMLEnd? {
        let leading = indent(line, start)
        guard leading <= 3 else { return nil }
        let rest = line[(start + leading)...]
        guard rest.first == UInt8(ascii: "<") else { return nil }
        let lower = rest.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        for tag in ["script", "pre", "style", "textarea"] where startsWithTag(lower, "<" + tag) {
            return .containing(Array("</\(tag)>".utf8))
        }
        if lower.starts(with: "<!--".utf8) { return .containing(Array("-->".utf8)) }
        if lower.starts(with: "<?".utf8) { return .containing(Array("?>".utf8)) }
        if lower.starts(with: "<![cdata[".utf8) { return .containing(Array("]]>".utf8)) }
        if lower.count > 2, lower[1] == UInt8(ascii: "!"), isLetter(lower[2]) {
            return .containing([UInt8(ascii: ">")])
        }
        let name = lower.dropFirst(lower.count > 1 && lower[1] == UInt8(ascii: "/") ? 2 : 1)
            .prefix(while: isTagNameByte)
        guard !name.isEmpty else { return nil }
        if blockTags.contains(String(decoding: name, as: UTF8.self)) { return .blankLine }
        // Any other complete tag alone on its line (`<img …>`, `</span>`), which cannot
        // interrupt prose; `<b>Note</b>` is text of a paragraph.
        guard !interruptsParagraph, let length = completeTagLength(lower) else { return nil }
        return isBlank(lower, from: length) ? .blankLine : nil
    }

    /// The length of the complete open tag (`<a href="x">`, `<br/>`) or closing tag
    /// (`</span >`) that `text` starts with, as CommonMark defines them; nil if none.
    private static func completeTagLength(_ text: [UInt8]) -> Int? {
        var index = 1
        let isClosing = text.count > 1 && text[1] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        guard text.first == UInt8(ascii: "<"), index < text.count, isLetter(text[index]) else {
            return nil
        }
        while index < text.count && isTagNameByte(text[index]) { index += 1 }
        if isClosing {
            index += whiteSpace(text, index)
            return index < text.count && text[index] == UInt8(ascii: ">") ? index + 1 : nil
        }
        while true {
            let spaces = whiteSpace(text, index)
            index += spaces
            guard index < text.count else { return nil }
            if text[index] == UInt8(ascii: ">") { return index + 1 }
            if text[index] == UInt8(ascii: "/") {
                return index + 1 < text.count && text[index + 1] == UInt8(ascii: ">")
                    ? index + 2 : nil
            }
            guard spaces > 0, let end = attributeEnd(text, index) else { return nil }
            index = end
        }
    }

    /// Where the attribute (`name`, `name=value`, `name = "a b"`) at `start` ends.
    private static func attributeEnd(_ text: [UInt8], _ start: Int) -> Int? {
        guard
            isLetter(text[start]) || text[start] == UInt8(ascii: "_")
                || text[start] == UInt8(ascii: ":")
        else { return nil }
        var index = start + 1
        while index < text.count
            && (isTagNameByte(text[index]) || ":_.".utf8.contains(text[index]))
        {
            index += 1
        }
        var value = index + whiteSpace(text, index)
        guard value < text.count, text[value] == UInt8(ascii: "=") else { return index }
        value += 1
        value += whiteSpace(text, value)
        guard value < text.count else { return nil }
        let quote = text[value]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            guard let close = text[(value + 1)...].firstIndex(of: quote) else { return nil }
            return close + 1
        }
        let unquoted = text[value...].prefix { !" \t\"'=<>`".utf8.contains($0) }
        return unquoted.isEmpty ? nil : value + unquoted.count
    }

    /// How many spaces and tabs stand at `start`.
    private static func whiteSpace(_ text: [UInt8], _ start: Int) -> Int {
        text[min(start, text.count)...].prefix { $0 == space || $0 == tab }.count
    }

    private static func startsWithTag(_ lower: [UInt8], _ tag: String) -> Bool {
        guard lower.starts(with: tag.utf8) else { return false }
        let next = lower.count > tag.utf8.count ? lower[tag.utf8.count] : space
        return next == space || next == tab || next == UInt8(ascii: ">")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// A letter, digit or `-`: the bytes after a tag name's first letter.
    private static func isTagNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
    }

    /// CommonMark's HTML block names (start condition 6).
    private static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption",
        "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2",
        "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param",
        "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title",
        "tr", "track", "ul",
    ]
}
