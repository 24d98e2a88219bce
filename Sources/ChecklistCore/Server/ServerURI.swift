/// A PostgreSQL connection URI, `postgresql://…` or `postgres://…`, as libpq reads it
/// (`postgresql://ana@db.example/trips`, `postgresql:///trips?host=/run/postgresql`).
/// Anything else given as a database is a SQLite path (`./postgres:x` is a file).
public struct ServerURI: Hashable, Sendable, CustomStringConvertible {
    /// The URI as given, password included: only libpq sees it.
    let text: String

    /// The URI, when `text` is one (the two prefixes libpq takes, as it spells them).
    public init?(_ text: String) {
        guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else { return nil }
        self.text = text
    }

    /// The URI as messages show it: a password in it (`ana:secret@`, `password=secret`) left
    /// out, so no message ever shows one.
    public var description: String { shown }

    var shown: String {
        let scheme = text.hasPrefix("postgresql://") ? "postgresql://" : "postgres://"
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at].prefix { $0 != ":" }
            authority = Substring(user + authority[at...])
        }
        var tail = rest[authorityEnd...]
        if let question = tail.firstIndex(of: "?") {
            let kept = tail[tail.index(after: question)...].split(separator: "&")
                .filter { !$0.hasPrefix("password=") }
            tail = tail[..<question] + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
        }
        return scheme + authority + tail
    }

    /// The passwords the URI carries, to be kept out of any text that quotes it.
    var passwords: [String] {
        let rest = text.dropFirst(text.hasPrefix("postgresql://") ? 13 : 11)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var found: [String] = []
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            found.append(String(authority[authority.index(after: colon)..<at]))
        }
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&")
            where pair.hasPrefix("password=") {
                found.append(String(pair.dropFirst("password=".count)))
            }
        }
        return found.filter { !$0.isEmpty }
    }
}
