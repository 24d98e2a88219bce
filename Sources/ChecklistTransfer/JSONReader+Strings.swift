import ChecklistModel

/// JSON strings: escapes, surrogate pairs and UTF-8 checks, each failure on its line.
extension JSONReader {
    /// Reads a string whose opening quote is at `index`.
    mutating func readString() throws(ChecklistError) -> String {
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

    private func text(_ utf8: ArraySlice<UInt8>) throws(ChecklistError) -> String {
        // `String(validating:as:)` looks up generic metadata on every call, a tenth of the time
        // on a large file; ASCII text, the usual key or date, needs no validating.
        if utf8.allSatisfy({ $0 < 0x80 }) { return String(decoding: utf8, as: UTF8.self) }
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw failure("not valid UTF-8 text")
        }
        return text
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
