/// An item title: non-empty after trimming white space, without a line break. Stored and
/// printed byte-exact, so it is never trimmed or normalised.
public struct Title: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// Validates `text` as a title.
    public init(_ text: String) throws(ChecklistError) {
        if text.unicodeScalars.contains(where: Title.isLineBreak) {
            throw .invalidInput("a title cannot contain a line break: \(Title.preview(text))")
        }
        if text.unicodeScalars.contains("\0") {
            throw .invalidInput("a title cannot contain a NUL byte")
        }
        if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .invalidInput("a title cannot be empty; give some text")
        }
        self.text = text
    }

    public var description: String { text }

    package static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    private static func preview(_ text: String) -> String {
        let escaped = text.unicodeScalars.map { scalar in
            isLineBreak(scalar) ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        return escaped.count > 40 ? String(escaped.prefix(40)) + "…" : escaped
    }
}

extension Title {
    /// Parses text such as standard input: one title a line, blank lines skipped, a Windows
    /// line ending tolerated. An error names the line.
    public static func parseLines(_ bytes: some BidirectionalCollection<UInt8>)
        throws(ChecklistError)
        -> [Title]
    {
        var titles: [Title] = []
        var lineNumber = 0
        for var line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        {
            lineNumber += 1
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard let text = String(validating: line, as: UTF8.self) else {
                throw .invalidInput("line \(lineNumber) of the input is not valid UTF-8 text")
            }
            if text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) { continue }
            do {
                titles.append(try Title(text))
            } catch {
                throw .invalidInput("line \(lineNumber) of the input: \(error.description)")
            }
        }
        return titles
    }
}
