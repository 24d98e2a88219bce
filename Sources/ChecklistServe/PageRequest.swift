/// An HTTP request as the page server reads it: what `checklist-serve` gets from its HTTP
/// library, so the rules (the token, the methods, the limits) are tested without a socket.
public struct PageRequest: Sendable {
    public var method: String
    /// The path, percent-encoded as sent (`/TOKEN/toggle`).
    public var path: String
    /// The query's name-value pairs, decoded.
    public var query: [(String, String)]
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body was over `PageServer.bodyLimit`, and was not read whole.
    public var isOversized: Bool

    public init(
        method: String, path: String, query: [(String, String)] = [],
        headers: [String: String] = [:], body: [UInt8] = [], isOversized: Bool = false
    ) {
        self.isOversized = isOversized
        self.method = method
        self.path = path
        self.query = query
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    func queryValue(_ name: String) -> String? {
        query.last { $0.0 == name }?.1
    }
}

/// The answer: status, headers and body.
public struct PageResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func text(_ status: Int, _ text: String) -> PageResponse {
        PageResponse(
            status: status,
            headers: [
                "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff",
            ],
            body: Array(text.utf8))
    }

    /// The page: scripts and styles only its own; its token never sent to another site
    /// (`same-origin`: `no-referrer` would also make Chromium send `Origin: null` with the
    /// page's own forms).
    static func html(_ html: String) -> PageResponse {
        PageResponse(
            status: 200,
            headers: [
                "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                "Content-Security-Policy": PageServer.contentSecurityPolicy(),
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin",
            ], body: Array(html.utf8))
    }

    /// After a form's POST: back to the page (303 makes the browser GET it).
    static func seeOther(_ location: String) -> PageResponse {
        PageResponse(status: 303, headers: ["Location": location])
    }

    /// The same 404 for every path that lacks a link's secret: it tells nothing.
    static let notFound = text(404, "not found\n")

    /// The 404 for a page whose kept link was replaced (`serve --new-link`): it says so, and
    /// how to get the new link. (A secret that never was a link gets it too, but only from a
    /// request that sends the link's header: it learns nothing it did not send.)
    static let linkReplaced = text(
        404,
        "This page's link was replaced, so it no longer opens the list. Ask the person who"
            + " shares the list for the new link (checklist serve --new-link prints one).\n")
}

/// `application/x-www-form-urlencoded`, as forms and the page's script send it.
enum FormBody {
    static func parse(_ bytes: [UInt8]) -> [(String, String)]? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return parse(text)
    }

    static func parse(_ text: String) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(pieces[0]),
                let value = decode(pieces.count > 1 ? pieces[1] : "")
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// `+` is a space; `%XX` a byte; the bytes must be UTF-8.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(\.hexDigitValue),
                    let low = iterator.next().flatMap(\.hexDigitValue)
                else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The text, encoded for a URL's query.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
