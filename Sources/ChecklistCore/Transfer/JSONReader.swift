/// A cursor over JSON text (RFC 8259) that knows which line it is on, so every error names it.
///
/// It hands out one value at a time as the caller's grammar asks and never builds a tree: a
/// 100 MB file is read in one pass over the bytes. Only the caller opens an array or object,
/// and nothing here recurses, so hostile nesting costs one error, not the stack.
struct JSONReader {
    /// A value: scalars are read whole, an object or array only opened (its `{` or `[` read).
    enum Value: Equatable {
        case string(String)
        case number
        case bool(Bool)
        case null
        case object
        case array
    }

    private let bytes: [UInt8]
    private var index: Int
    /// The 1-based line of the next unread byte. Only white space outside strings may hold a
    /// raw line feed, so counting there is enough.
    private(set) var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // RFC 8259 lets a parser ignore a byte order mark, and some Windows editors write one.
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// Whether nothing but white space is left.
    mutating func isAtEnd() -> Bool {
        skipWhiteSpace()
        return index == bytes.count
    }

    /// Reads the next value, with the line it starts on.
    mutating func readValue() throws(ChecklistError) -> (value: Value, line: Int) {
        let byte = try nextByte()
        let start = line
        switch byte {
        case UInt8(ascii: "\""):
            return (.string(try readString()), start)
        case UInt8(ascii: "{"):
            index += 1
            return (.object, start)
        case UInt8(ascii: "["):
            index += 1
            return (.array, start)
        case UInt8(ascii: "t"):
            try readWord("true")
            return (.bool(true), start)
        case UInt8(ascii: "f"):
            try readWord("false")
            return (.bool(false), start)
        case UInt8(ascii: "n"):
            try readWord("null")
            return (.null, start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
            return (.number, start)
        default:
            throw failure("expected a JSON value")
        }
    }

    /// After `[` or an element: whether another element follows, reading the `,` or `]`.
    mutating func hasElement(after count: Int) throws(ChecklistError) -> Bool {
        let byte = try nextByte()
        if byte == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if count == 0 { return true }
        guard byte == UInt8(ascii: ",") else {
            throw failure("expected ',' or ']' after an array element")
        }
        index += 1
        return true
    }

    /// After `{` or a member: the next key and its line, reading up to its `:`; nil at `}`.
    mutating func nextKey(after count: Int) throws(ChecklistError) -> (key: String, line: Int)? {
        var byte = try nextByte()
        if byte == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if count > 0 {
            guard byte == UInt8(ascii: ",") else {
                throw failure("expected ',' or '}' after an object member")
            }
            index += 1
            byte = try nextByte()
        }
        guard byte == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
        let keyLine = line
        let key = try readString()
        guard try nextByte() == UInt8(ascii: ":") else {
            throw failure("expected ':' after an object key")
        }
        index += 1
        return (key, keyLine)
    }

    /// Fails unless only white space follows the top-level value.
    mutating func expectEnd() throws(ChecklistError) {
        guard isAtEnd() else { throw failure("unexpected text after the JSON value") }
    }

    // MARK: - Scalars

    /// Reads a string whose opening quote is at `index`.
    private mutating func readString() throws(ChecklistError) -> String {
        index += 1
        let start = index
        // Most strings have no escape: validate them straight from the buffer.
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return try text(bytes[start..<(index - 1)])
            case UInt8(ascii: "\\"):
                return try readEscapedString(decoded: Array(bytes[start..<index]))
            case 0..<0x20:
                throw controlCharacterFailure()
            default:
                index += 1
            }
        }
        throw endFailure()
    }

    /// Reads the rest of a string from its first backslash, `decoded` holding what came before.
    private mutating func readEscapedString(decoded: [UInt8]) throws(ChecklistError) -> String {
        var decoded = decoded
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                // Escapes add whole UTF-8 sequences, so only raw bytes can make this invalid.
                return try text(decoded[...])
            case UInt8(ascii: "\\"):
                try readEscape(into: &decoded)
            case 0..<0x20:
                throw controlCharacterFailure()
            default:
                decoded.append(bytes[index])
                index += 1
            }
        }
        throw endFailure()
    }

    /// Reads the escape at `index` (a backslash) and appends what it stands for as UTF-8.
    private mutating func readEscape(into decoded: inout [UInt8]) throws(ChecklistError) {
        guard index + 1 < bytes.count else { throw endFailure() }
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(code)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"): decoded.append(contentsOf: try readUnicodeEscape().utf8)
        case 0x21...0x7E:
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(code)))' in a string")
        default: throw failure("invalid escape in a string")
        }
    }

    /// Reads the hex digits after `\u`, and a second `\uXXXX` when the first is a high
    /// surrogate: UTF-16 spells a character outside the BMP as such a pair.
    private mutating func readUnicodeEscape() throws(ChecklistError) -> Unicode.Scalar {
        let first = try readHexQuad()
        guard (0xD800..<0xDC00).contains(first) else {
            // A low surrogate alone is no scalar either.
            guard let scalar = Unicode.Scalar(first) else { throw loneSurrogateFailure(first) }
            return scalar
        }
        guard bytes[index...].starts(with: "\\u".utf8) else { throw loneSurrogateFailure(first) }
        index += 2
        let low = try readHexQuad()
        guard (0xDC00..<0xE000).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00))
        else { throw loneSurrogateFailure(first) }
        return scalar
    }

    private mutating func readHexQuad() throws(ChecklistError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw endFailure() }
            guard let digit = hexValue(bytes[index]) else {
                throw failure("invalid \\u escape (expected four hex digits)")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Checks a number against RFC 8259's grammar; its value is never needed.
    private mutating func skipNumber() throws(ChecklistError) {
        if byte(at: index) == UInt8(ascii: "-") { index += 1 }
        if byte(at: index) == UInt8(ascii: "0") {
            index += 1
        } else if !skipDigits() {
            throw failure("invalid number")
        }
        if byte(at: index) == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { throw failure("invalid number") }
        }
        if byte(at: index) == UInt8(ascii: "e") || byte(at: index) == UInt8(ascii: "E") {
            index += 1
            if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() else { throw failure("invalid number") }
        }
        // "012" would otherwise read as 0 followed by a confusing "expected ','".
        if let next = byte(at: index), isDigit(next) { throw failure("invalid number") }
    }

    /// Skips digits; false when there was none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = byte(at: index), isDigit(byte) { index += 1 }
        return index > start
    }

    private mutating func readWord(_ word: String) throws(ChecklistError) {
        guard bytes[index...].starts(with: word.utf8) else {
            throw failure("expected a JSON value")
        }
        index += word.utf8.count
    }

    // MARK: - Bytes and lines

    /// The next byte after white space, left unread.
    private mutating func nextByte() throws(ChecklistError) -> UInt8 {
        skipWhiteSpace()
        guard index < bytes.count else { throw endFailure() }
        return bytes[index]
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    private func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func text(_ utf8: ArraySlice<UInt8>) throws(ChecklistError) -> String {
        // `String(validating:as:)` looks up generic metadata on every call, a tenth of the time
        // on a large file; ASCII text, the usual key or date, needs no validating.
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw failure("not valid UTF-8 text")
        }
        return text
    }

    // MARK: - Errors

    private func failure(_ reason: String) -> ChecklistError {
        .malformedImport(line: line, reason: reason)
    }

    /// A file that stops early is reported on its last line; a final line feed ends that line
    /// rather than starting an empty one.
    private func endFailure() -> ChecklistError {
        let lastLine = bytes.last == UInt8(ascii: "\n") ? line - 1 : line
        return .malformedImport(line: max(lastLine, 1), reason: "unexpected end of the file")
    }

    private func controlCharacterFailure() -> ChecklistError {
        // A raw line feed most often means a string whose closing quote is missing.
        bytes[index] == UInt8(ascii: "\n")
            ? failure("a string is not closed before the end of the line")
            : failure("an unescaped control character in a string")
    }

    private func loneSurrogateFailure(_ value: UInt32) -> ChecklistError {
        failure("lone surrogate \\u\(String(value, radix: 16, uppercase: true)) in a string")
    }
}
