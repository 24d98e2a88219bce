import ChecklistCore

/// Text as the editor's screen shows it: escaped as `list` escapes it on a terminal, and
/// measured and cut in terminal columns.
public enum EditorText {
    /// The same escaping as text output on a terminal (`TerminalText`).
    public static func escapingControls(_ text: String) -> String {
        TerminalText.escapingControls(text)
    }

    /// The columns a character takes on a terminal: 2 for East Asian wide and emoji
    /// presentation characters, 0 for a lone combining mark, else 1.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if isWide(first) || character.unicodeScalars.contains(where: isEmojiPresentation) {
            return 2
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// The columns `text` takes.
    public static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `columns` columns, ending with `…` when it was cut.
    public static func fitting(_ text: String, into columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(of: text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = width(of: character)
            if used + characterWidth > columns - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` cut to at most `columns` columns at a space, ending with `…` when it was cut: a
    /// word (an ID) is never cut in two, unless the first alone is too wide.
    public static func fittingAtWord(_ text: String, into columns: Int) -> String {
        let cut = fitting(text, into: columns)
        guard cut != text else { return text }
        let kept = cut.dropLast()
        guard let space = kept.lastIndex(of: " ") else { return cut }
        return String(kept[..<space]) + " …"
    }

    /// `text` followed by spaces up to `columns` columns (cut first when it is wider).
    public static func padding(_ text: String, to columns: Int) -> String {
        let fitted = fitting(text, into: columns)
        return fitted + String(repeating: " ", count: max(0, columns - width(of: fitted)))
    }

    private static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth.txt, the main ranges).
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default: false
        }
    }
}
