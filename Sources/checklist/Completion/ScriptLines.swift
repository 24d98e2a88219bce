/// A generated completion script as lines, edited in place. Every edit finds its place by a
/// piece of the text that must be there exactly once, and throws `MissingAnchor` if it is not.
struct ScriptLines {
    var lines: [String]

    init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    var text: String { lines.joined(separator: "\n") }

    /// From the line `header` to the first line after it that is `closing`, both included.
    func block(opening header: String, closing: String) throws(MissingAnchor) -> Range<Int> {
        guard let start = lines.firstIndex(of: header),
            let end = lines[start...].firstIndex(of: closing)
        else { throw MissingAnchor(expected: "`\(header)` … `\(closing)`", found: 0) }
        return start..<(end + 1)
    }

    /// Replaces the one line in `range` that `edit` changes (returns lines for) with the lines
    /// it returns.
    mutating func editLine(
        in range: Range<Int>, _ description: String, _ edit: (String) -> [String]?
    ) throws(MissingAnchor) {
        let edits = range.compactMap { index in edit(lines[index]).map { (index, $0) } }
        guard edits.count == 1, let (index, replacement) = edits.first else {
            throw MissingAnchor(expected: description, found: edits.count)
        }
        lines.replaceSubrange(index...index, with: replacement)
    }

    /// `words` (a list separated by `separator`) with `alias` after `name`; nil when `name` is
    /// none of them.
    static func inserting(
        _ alias: String, after name: String, in words: Substring, separator: Character
    ) -> String? {
        var list = words.split(separator: separator, omittingEmptySubsequences: false)
        guard let index = list.firstIndex(of: Substring(name)) else { return nil }
        list.insert(Substring(alias), at: index + 1)
        return list.joined(separator: String(separator))
    }

    /// A piece of text an edit needs that the script has not exactly once.
    struct MissingAnchor: Error, CustomStringConvertible {
        let description: String

        init(expected anchor: String, found count: Int) {
            description = "expected one \(anchor) in ArgumentParser's script, found \(count)"
        }

        init(_ description: String) {
            self.description = description
        }
    }
}
