/// Text as a terminal may show it.
public enum TerminalText {
    /// Replaces C0 and C1 control characters, DEL and the bidirectional embedding, override and
    /// isolate controls (U+202A-U+202E, U+2066-U+2069) with visible `\u{1B}`-style escapes.
    /// A title's U+202E would otherwise reverse what follows it on a terminal that reorders
    /// text (VTE, Konsole, mlterm), so that a row could read as something it is not; an escape
    /// reads the same on every terminal, which an isolate (FSI ... PDI) does not, since many
    /// terminals implement no bidi at all or only part of it.
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// The text with its line breaks (`\n`, `\r`) escaped as `escapingControls` escapes them:
    /// a message is one line wherever it goes (a pipe, a log), whatever a value it quotes
    /// holds (a list name given as `$'a\nb'`, a path, a URI, a name from a server).
    public static func escapingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\u{A}"
            case "\r": escaped += "\\u{D}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
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
