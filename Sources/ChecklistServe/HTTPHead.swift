/// An HTTP/1.1 request's head, read with limits and in linear time: the request line at most
/// 8 KiB (else 414), each header field at most 8 KiB, at most 100 of them and 16 KiB in all
/// (else 431). A head that breaks HTTP's framing (a bad or repeated `Content-Length`,
/// `Transfer-Encoding`, garbage, a version other than 1.0 or 1.1, no `Host`) is refused 400,
/// never silently dropped.
public struct HTTPHead: Sendable, Equatable {
    public static let requestLineLimit = 8 * 1024
    public static let fieldLimit = 8 * 1024
    public static let fieldCountLimit = 100
    public static let headLimit = 16 * 1024

    public var method: String
    /// The target as sent: the path and the query (`/TOKEN/state?list=a`).
    public var target: String
    public var version: String
    /// The fields in order, names in lower case.
    public var fields: [(name: String, value: String)]

    public static func == (a: HTTPHead, b: HTTPHead) -> Bool {
        a.method == b.method && a.target == b.target && a.version == b.version
            && a.fields.map(\.name) == b.fields.map(\.name)
            && a.fields.map(\.value) == b.fields.map(\.value)
    }

    /// The last value of a field (names in lower case).
    public func value(_ name: String) -> String? {
        fields.last { $0.name == name }?.value
    }

    /// The body's length (0 without `Content-Length`).
    public var contentLength: Int {
        value("content-length").flatMap(Int.init) ?? 0
    }

    /// Whether the connection stays open after the answer.
    public var keepsAlive: Bool {
        let connection = (value("connection") ?? "").lowercased()
        return version == "HTTP/1.1" && !connection.contains("close")
    }

    /// A refusal: the status and a one-line plain-text reason.
    public struct Refusal: Error, Equatable, Sendable {
        public var status: Int
        public var message: String
    }

    /// Finds where a head ends as its bytes arrive: each call looks only at the bytes added
    /// since the last, so a head sent a byte at a time costs no more than one sent at once.
    public struct Scanner: Sendable {
        private var scanned = 0
        private var lineStart = 0
        private var lines = 0

        public init() {}

        /// The head's length (through its blank line) once it is complete, nil while it is
        /// not, or the refusal of a line or a head over its limit.
        public mutating func scan(_ bytes: [UInt8]) throws(Refusal) -> Int? {
            while scanned < bytes.count {
                let index = scanned
                scanned += 1
                if bytes[index] == UInt8(ascii: "\n") {
                    var end = index
                    if end > lineStart && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    if end == lineStart {
                        if lines > 0 { return scanned }
                        lineStart = scanned  // an empty line before the request line is allowed
                        continue
                    }
                    lines += 1
                    lineStart = scanned
                    if lines > HTTPHead.fieldCountLimit + 1 {
                        throw Refusal(
                            status: 431, message: "the request has over 100 header fields")
                    }
                } else if lines == 0 && index - lineStart >= HTTPHead.requestLineLimit {
                    throw Refusal(status: 414, message: "the request line is over 8 KiB")
                } else if lines > 0 && index - lineStart >= HTTPHead.fieldLimit {
                    throw Refusal(status: 431, message: "a header field is over 8 KiB")
                }
                if index >= HTTPHead.headLimit {
                    throw Refusal(status: 431, message: "the request's head is over 16 KiB")
                }
            }
            return nil
        }
    }

    /// Reads a complete head (the bytes the scanner measured).
    public static func parse(_ bytes: ArraySlice<UInt8>) throws(Refusal) -> HTTPHead {
        func bad(_ message: String) -> Refusal { Refusal(status: 400, message: message) }
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var end = index
            if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end > start || !lines.isEmpty { lines.append(bytes[start..<end]) }
            start = index + 1
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { throw bad("the request is empty") }
        // Only visible ASCII, spaces and tabs in a head (no NUL, no other control byte).
        for line in lines {
            guard line.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 >= 0x80 }) else {
                throw bad("the request's head holds a control byte")
            }
        }
        let parts = requestLine.split(
            separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let method = token(parts[0]),
            let target = String(validating: parts[1], as: UTF8.self), target.hasPrefix("/"),
            !target.contains(where: { $0.isWhitespace })
        else { throw bad("the request line is not METHOD /path HTTP/1.1") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw bad("the HTTP version is not 1.1 or 1.0")
        }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                let name = token(line[line.startIndex..<colon])
            else { throw bad("a header line is not a name, a colon and a value") }
            let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
            let trimmed = value.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            fields.append((name.lowercased(), String(decoding: trimmed, as: UTF8.self)))
        }
        let head = HTTPHead(method: method, target: target, version: version, fields: fields)
        // The body's framing: one Content-Length of digits alone, or none; no chunked bodies.
        let lengths = fields.filter { $0.name == "content-length" }
        guard lengths.count <= 1 else { throw bad("the request has more than one Content-Length") }
        if let length = lengths.first?.value {
            guard !length.isEmpty, length.count <= 18,
                length.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { throw bad("Content-Length is not a number") }
        }
        if fields.contains(where: { $0.name == "transfer-encoding" }) {
            throw bad("a body is sent with Content-Length, not Transfer-Encoding")
        }
        let hosts = fields.filter { $0.name == "host" }
        guard hosts.count == 1 || (hosts.isEmpty && version == "HTTP/1.0") else {
            throw bad("the request needs one Host header")
        }
        return head
    }

    /// A method or a field's name: letters, digits and `!#$%&'*+-.^_`|~`.
    private static func token(_ bytes: ArraySlice<UInt8>) -> String? {
        guard !bytes.isEmpty,
            bytes.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                    || (0x61...0x7A).contains(byte)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            })
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path, as sent (percent-encoded), and the query's pairs, decoded; nil when the query
    /// is not valid form encoding.
    public var pathAndQuery: (path: String, query: [(String, String)])? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        guard parts.count == 2 else { return (path, []) }
        guard let query = FormBody.parse(String(parts[1])) else { return nil }
        return (path, query)
    }
}
