/// File names are bytes on Linux, and need not be UTF-8; a Swift `String` must be. A path that
/// is not UTF-8 (`--db`, `import FILE`, `backup PATH`, `CHECKLIST_DB`) is carried in a
/// `String` with each byte of an invalid sequence as one scalar of a private-use range
/// (U+10FF80 + the byte less 0x80), so it survives joining and splitting (`path + "-wal"`,
/// the folder of a path), and turns back into exactly its bytes wherever the system or SQLite
/// is given it. Titles, list names and patterns are never made this way: only paths are.
public enum RawPath {
    /// The scalar of byte 0x80; bytes 0x80...0xFF map to this and the 127 after it.
    private static let base: UInt32 = 0x10_FF80

    /// The path of `bytes`: its valid UTF-8 as text, each byte of an invalid sequence as its
    /// private scalar.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = (1...4).first { length in
                index + length <= bytes.count
                    && String(validating: bytes[index..<index + length], as: UTF8.self) != nil
            }
            if let length {
                scalars.append(
                    contentsOf: String(decoding: bytes[index..<index + length], as: UTF8.self)
                        .unicodeScalars)
                index += length
            } else {
                // base + 0x00...0x7F: private-use scalars, each valid.
                scalars.append(Unicode.Scalar(base + UInt32(bytes[index] - 0x80)) ?? "\u{FFFD}")
                index += 1
            }
        }
        return String(scalars)
    }

    /// Whether `text` carries bytes that are not UTF-8.
    public static func hasRawBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= base }
    }

    /// The bytes `text` stands for (its UTF-8, with each private scalar as its byte).
    public static func bytes(of text: String) -> [UInt8] {
        guard hasRawBytes(text) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value >= base {
                bytes.append(UInt8(scalar.value - base) + 0x80)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with the path's bytes as a C string, for a system call.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T)
        rethrows -> T
    {
        guard hasRawBytes(path) else { return try path.withCString(body) }
        let bytes = self.bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            // Never empty: the terminating 0 is there.
            guard let start = buffer.baseAddress else { return try "".withCString(body) }
            return try body(start)
        }
    }

    /// The path for people: each byte that is not UTF-8 as `\xE9`.
    public static func shown(_ text: String) -> String {
        guard hasRawBytes(text) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= base {
                let byte = UInt8(scalar.value - base) + 0x80
                shown += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The name SQLite opens for `path`: the path itself, or, when it is not UTF-8, a `file:`
    /// URI with every byte outside the unreserved set percent-encoded (SQLite decodes it to the
    /// same bytes, and names its `-wal` and `-shm` files from them).
    package static func forSQLite(_ path: String) -> String {
        guard hasRawBytes(path) else { return path }
        var uri = "file:"
        for byte in bytes(of: path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        // "file://x" would name a host: a path that starts with "//" is given as "/./".
        if uri.hasPrefix("file://") { uri = "file:/." + uri.dropFirst("file:".count) }
        return uri
    }
}
