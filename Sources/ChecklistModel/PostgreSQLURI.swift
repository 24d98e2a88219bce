/// A PostgreSQL connection URI, `postgresql://…` or `postgres://…`, as libpq reads it
/// (`postgresql://ana@db.example/trips`, `postgresql:///trips?host=/run/postgresql`).
/// Anything else given as a database is a SQLite path (`./postgres:x` is a file).
public struct PostgreSQLURI: Hashable, Sendable, CustomStringConvertible {
    /// The URI as given, password included: only libpq sees it.
    package let text: String

    /// The URI, when `text` is one (the two prefixes libpq takes, as it spells them).
    public init?(_ text: String) {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else { return nil }
        self.text = text
    }

    /// The URI as messages show it, without a password: no message ever shows one.
    public var description: String { shown }

    /// The URI without the password of its credentials (`ana:secret@`) or of its query
    /// (`password=secret`, however its key is percent-encoded).
    package var shown: String {
        if isAmbiguous {
            return (text.hasPrefix("postgresql://") ? "postgresql://" : "postgres://") + "…"
        }
        let parts = self.parts
        let credentials = parts.credentials.map { user, _ in user + "@" } ?? ""
        let query = parts.query.filter { !$0.isPassword }.map(\.text)
        return parts.scheme + credentials + parts.rest
            + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// The passwords the URI carries, as written and as libpq decodes them, to be kept out of
    /// any text that quotes it.
    package var passwords: [String] {
        let parts = self.parts
        var found: [String] = []
        if let (_, password) = parts.credentials, let password { found.append(password) }
        for pair in parts.query where pair.isPassword { found.append(pair.value) }
        return Array(Set(found + found.map(Self.percentDecoded))).filter { !$0.isEmpty }.sorted()
    }

    /// The passwords as they are written in the URI (not decoded): what must not stay in the
    /// process's arguments, where every local user can read them (`ps`).
    public var writtenPasswords: [String] {
        passwords.filter { text.contains($0) }.sorted { $0.count > $1.count }
    }

    /// Whether libpq would read the URI otherwise than it looks: an `@`, `/` or `?` in a
    /// password that was not percent-encoded (`ana:p@ss@db`, `ana:pa/ss@db`,
    /// `ben:Xy7@kq/L?m9@db`). libpq ends the credentials
    /// at the first `@` or `/`, and could then quote a piece of the password as a host, a port
    /// or a database. Such a URI is refused before libpq reads it, and shown as `postgresql://…`.
    package var isAmbiguous: Bool {
        let rest = text.dropFirst(text.hasPrefix("postgresql://") ? 13 : 11)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        if rest[..<slash].filter({ $0 == "@" }).count > 1 { return true }
        // An `@` after the host, in the path or in a query piece that is not `key=value`, is
        // a password's `@`, `/` or `?` that was not encoded (`ben:Xy7@kq/L?m9@host/db`:
        // libpq would take `kq` for the host). `?user=a@b` is a setting, read as written.
        let afterHost = rest[slash...]
        let question = afterHost.firstIndex(of: "?") ?? afterHost.endIndex
        if afterHost[..<question].contains("@") { return true }
        return afterHost[question...].dropFirst().split(separator: "&").contains { piece in
            guard piece.contains("@") else { return false }
            let key = piece.prefix { $0 != "=" }
            return key.count == piece.count || key.isEmpty
                || !key.allSatisfy { $0.isLetter || $0 == "_" }
        }
    }

    /// The URI cut as libpq cuts it: the credentials end at the `@` before the first `/` (a
    /// `?` or `:` before it is part of the password, as libpq reads it), and the query starts
    /// at the first `?` after the credentials.
    private var parts:
        (
            scheme: String, credentials: (user: String, password: String?)?, rest: String,
            query: [QueryPair]
        )
    {
        let scheme = text.hasPrefix("postgresql://") ? "postgresql://" : "postgres://"
        var rest = Substring(text.dropFirst(scheme.count))
        var credentials: (String, String?)?
        let beforePath = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
        if let end = beforePath.lastIndex(of: "@") {
            let userinfo = rest[..<end]
            if let colon = userinfo.firstIndex(of: ":") {
                credentials = (
                    String(userinfo[..<colon]), String(userinfo[userinfo.index(after: colon)...])
                )
            } else {
                credentials = (String(userinfo), nil)
            }
            rest = rest[rest.index(after: end)...]
        }
        var query: [QueryPair] = []
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...].split(separator: "&").map {
                QueryPair(text: String($0))
            }
            rest = rest[..<question]
        }
        return (scheme, credentials, String(rest), query)
    }

    /// One `key=value` of the query.
    private struct QueryPair {
        let text: String
        var key: String { String(text.prefix { $0 != "=" }) }
        var value: String { String(text.drop { $0 != "=" }.dropFirst()) }
        /// `password`, or `sslpassword` (the client key's passphrase).
        var isPassword: Bool {
            ["password", "sslpassword"].contains(PostgreSQLURI.percentDecoded(key))
        }
    }

    /// `%XX` escapes decoded as libpq decodes them; text that is not a valid escape is kept.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let high = utf8[utf8.startIndex].hexDigitValue,
                let low = utf8[utf8.startIndex + 1].hexDigitValue
            {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
