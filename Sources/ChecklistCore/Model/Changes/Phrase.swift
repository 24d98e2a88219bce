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

    /// "ID 4", "IDs 1-3, 7".
    public static func ids(_ ids: IDSet, limit: Int = 20) -> String {
        (ids.count == 1 ? "ID " : "IDs ") + ids.summary(limit: limit)
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
