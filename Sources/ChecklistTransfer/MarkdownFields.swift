import ChecklistModel

/// How the program's own Markdown (`export`, strict `import`) carries an item's declared fields
/// (`ItemField`): a count as ` ×N` at the end of the task line (written as ` ×1` too when the
/// title itself ends like one, so the title survives), a remark on the next line as a quote
/// inside the task (`  > borrow Ben's`: a nested task stays refused, and a remark that looks
/// like one survives). The lenient import of people's files reads neither: `Socks ×5` is its
/// title.
enum MarkdownFields {
    private static let fields = ItemField.all.map(\.shown)
    /// Where `Item.more` holds the count the task line carries, and the remark the next
    /// line carries (the first declared of each look).
    static let countIndex = ItemField.index(of: .times)
    static let remarkIndex = ItemField.index(of: .remark)
    static let remarkIndent = "  > "

    /// The task line's text: the title and, where needed, its count.
    static func taskText(title: String, more: [String]) -> String {
        guard let index = countIndex, index < more.count else { return title }
        let value = more[index]
        if fields[index].isDefault(value) && split(title) == nil { return title }
        return title + " ×" + value
    }

    /// The remark's line, without its line break, if the item has one.
    static func remarkLine(more: [String]) -> String? {
        guard let index = remarkIndex, index < more.count, !fields[index].isDefault(more[index])
        else { return nil }
        return remarkIndent + more[index]
    }

    /// A task line's text split into its title and its count, if it ends in ` ×N` with N a
    /// count written as the program writes one and a title before it.
    static func split(_ text: String) -> (title: String, count: String)? {
        guard let index = countIndex else { return nil }
        let bytes = Array(text.utf8)
        // The digits at the end, then " ×" (U+00D7 is C3 97 in UTF-8) before them.
        var start = bytes.count
        while start > 0 && bytes[start - 1] >= 0x30 && bytes[start - 1] <= 0x39 { start -= 1 }
        guard start < bytes.count, start >= 3, bytes[start - 3] == 0x20, bytes[start - 2] == 0xC3,
            bytes[start - 1] == 0x97
        else { return nil }
        let digits = String(decoding: bytes[start...], as: UTF8.self)
        let title = String(decoding: bytes[..<(start - 3)], as: UTF8.self)
        guard (try? fields[index].value(from: digits)) == digits, (try? Title(title)) != nil
        else { return nil }
        return (title, digits)
    }

    /// `Item.more` with the count set, every other field at its value by default.
    static func more(count: String) -> [String] {
        var more = ItemField.defaults
        if let countIndex { more[countIndex] = count }
        return more
    }
}
