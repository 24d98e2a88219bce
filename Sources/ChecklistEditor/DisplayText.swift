import ChecklistModel

/// Text as the editor's screen shows it: escaped as `list` escapes it on a terminal, and
/// measured and cut in terminal columns.
public enum EditorText {
    /// The same escaping as text output on a terminal (`TerminalText`).
    public static func escapingControls(_ text: String) -> String {
        TerminalText.escapingControls(text)
    }

    /// The columns a character takes on a terminal (`TerminalText.width(of:)`).
    public static func width(of character: Character) -> Int {
        TerminalText.width(of: character)
    }

    /// The columns `text` takes.
    public static func width(of text: String) -> Int {
        TerminalText.width(of: text)
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
}
