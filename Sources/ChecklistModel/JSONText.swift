/// JSON text written straight into a byte buffer: strings escaped as RFC 8259 requires (quote,
/// backslash and the C0 controls), everything else as its UTF-8 bytes.
///
/// Foundation's `JSONEncoder` costs about 35,000 instructions an item on Linux (measured with
/// callgrind on `list --format json`), twenty times what SQLite spends reading the row; this
/// writer keeps all escaping in one tested place at a small fraction of that.
public enum JSONText {
    /// Appends `string` as a JSON string literal.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendString(validUTF8: $0, to: &bytes) }
    }

    /// Appends stored bytes as a JSON string literal (a title read from SQLite's row). JSON is
    /// UTF-8: bytes that are not (written by another program) are read as `String(decoding:)`
    /// reads them, each bad sequence a U+FFFD, as a title decoded into a `String` would be.
    public static func appendString(utf8: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        let utf8 = utf8.assumingMemoryBound(to: UInt8.self)
        guard UTF8Validation.isValid(utf8) else {
            return appendString(String(decoding: utf8, as: UTF8.self), to: &bytes)
        }
        appendString(validUTF8: utf8, to: &bytes)
    }

    private static func appendString(
        validUTF8 utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            appendEscape(of: byte, to: &bytes)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // The widest UInt64 has 20 digits, written from the last into room on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `true` or `false`.
    public static func appendBool(_ value: Bool, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// `["a","b"]`
    public static func array(of strings: some Sequence<String>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: bytes.append(UInt8(ascii: "\""))
        case 0x5C: bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        default:
            bytes.append(contentsOf: Array("u00".utf8))
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
