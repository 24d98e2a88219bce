import ChecklistModel

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

    // Internal, not private: the string reader (JSONReader+Strings.swift) reads them.
    let bytes: [UInt8]
    var index: Int
    /// The 1-based line of the next unread byte. Only white space outside strings may hold a
    /// raw line feed, so counting there is enough.
    private(set) var line = 1
    /// The text of the last number read (`readValue`'s `.number`).
    private(set) var lastNumber = ""

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
            let from = index
            try skipNumber()
            lastNumber = String(decoding: bytes[from..<index], as: UTF8.self)
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
    mutating func nextByte() throws(ChecklistError) -> UInt8 {
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

    func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Errors

    func failure(_ reason: String) -> ChecklistError {
        .malformedImport(line: line, reason: reason)
    }

    /// A file that stops early is reported on its last line; a final line feed ends that line
    /// rather than starting an empty one.
    func endFailure() -> ChecklistError {
        let lastLine = bytes.last == UInt8(ascii: "\n") ? line - 1 : line
        return .malformedImport(line: max(lastLine, 1), reason: "unexpected end of the file")
    }
}
