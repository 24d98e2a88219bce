/// The program's English, in one place.
public enum Phrase {
    /// "1 item", "3 items".
    public static func items(_ count: Int) -> String {
        count == 1 ? "1 item" : "\(count) items"
    }

    /// 'camping'.
    public static func quoted(_ text: String) -> String {
        "'" + text + "'"
    }

    /// Input a message echoes (a bad ID, an unknown word): quoted, at most `limit` characters
    /// of it (then `…`), with what is not printable escaped (`\u{A}` for a line break, `\u{1B}`
    /// for an escape, `\u{FFFD}` for bytes that were not UTF-8, bidirectional controls), so
    /// one error is one line wherever it goes: a megabyte of input gives a short line, and an
    /// argument cannot forge a line of a log or move a terminal's cursor.
    public static func quotedInput(_ text: String, limit: Int = 40) -> String {
        var shown = ""
        var count = 0
        for character in text {
            if count == limit {
                shown += "…"
                break
            }
            count += 1
            for scalar in character.unicodeScalars {
                if isUnprintable(scalar) {
                    shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return "'" + shown + "'"
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xFFFD, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E,
            0x2066...0x2069:
            true
        default: false
        }
    }

    /// Every `'…'` of an ArgumentParser message shown as `quotedInput` shows it.
    public static func quotingInput(in message: String) -> String {
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        guard parts.count >= 3 else {
            return quotedInput(message, limit: 400).dropFirst().dropLast().description
        }
        var result = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 1 && index < parts.count - 1 {
                result += quotedInput(String(part))
            } else {
                result += quotedInput(String(part), limit: 400).dropFirst().dropLast()
            }
        }
        return result
    }

    /// "ID 4", "IDs 1-3, 7".
    public static func ids(_ ids: IDSet, limit: Int = 20) -> String {
        (ids.count == 1 ? "ID " : "IDs ") + ids.summary(limit: limit)
    }

    /// "camping, tents", or at most `limit` names and then "and 3 more".
    static func names(_ names: [String], limit: Int) -> String {
        guard names.count > limit else { return names.joined(separator: ", ") }
        return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
    }

    /// " into 3 lists"; nothing for none.
    public static func intoLists(_ count: Int) -> String {
        count == 0 ? "" : count == 1 ? " into 1 list" : " into \(count) lists"
    }

    /// "; skipped 12 lines (prose 8, code 4)"; nothing when nothing was skipped.
    public static func skippedNote(_ skipped: SkippedLines) -> String {
        let total = skipped.total
        guard total > 0 else { return "" }
        return "; skipped \(total == 1 ? "1 line" : "\(total) lines") (\(skipped.breakdown))"
    }

    /// "unchecked 1 item of a single-choice list".
    static func uncheckedOthers(_ count: Int) -> String {
        "unchecked \(items(count)) of a single-choice list"
    }

    /// " (a; b)", or nothing.
    static func notes(_ notes: [String]) -> String {
        notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
    }

    /// " in 'camping'" for a list-wide selection, " (IDs 1, 4, 9-11)" for named IDs.
    static func scope(_ selection: ItemSelection) -> String {
        switch selection {
        case .ids(let ids, _): " (\(Phrase.ids(ids, limit: 5)))"
        case .all(let list): " in \(Phrase.quoted(list.text))"
        case .checked(let list): " (the checked items of \(Phrase.quoted(list.text)))"
        case .checkedAmong(_, let list): " (checked items shown of \(Phrase.quoted(list.text)))"
        }
    }
}
