/// Where the database lives: `--db`, else `CHECKLIST_DB`, else
/// `$XDG_DATA_HOME/checklist/checklist.db`, else `~/.local/share/checklist/checklist.db`. A
/// PostgreSQL URI names a server; anything else is a SQLite file's path.
public struct DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path; for a server, its URI as messages show it (without a password).
    public let path: String
    /// The server, when the location is a PostgreSQL URI.
    public let server: PostgreSQLURI?

    public init(path: String) {
        self.path = path
        server = nil
    }

    public init(server: PostgreSQLURI) {
        self.path = server.shown
        self.server = server
    }

    /// A file's path or a server's URI.
    static func given(_ text: String) throws(ChecklistError) -> DatabaseLocation {
        if let uri = PostgreSQLURI(text) { return DatabaseLocation(server: uri) }
        if let mistake = Self.misreadServer(text) { throw .invalidInput(mistake) }
        return DatabaseLocation(path: text)
    }

    /// Why `text`, which is not a `postgresql://` URI, was surely meant for a server: libpq's
    /// keyword form (`host=db password=…`) or a misspelt scheme (`POSTGRESQL://`,
    /// `postgresql:/x`, `postgresq://`). Taken as a file's path, it made a SQLite file (and
    /// folders) named with the password. `./postgres:x` stays a file, as any path that starts
    /// with `.` or `/`. The message never quotes the value: it may hold a password.
    static func misreadServer(_ text: String) -> String? {
        let hint =
            "write postgresql://USER@HOST/DATABASE (put the password in PGPASSWORD or ~/.pgpass),"
            + " or start a file's path with ./"
        let lowered = text.lowercased()
        let keywords = [
            "host", "hostaddr", "port", "dbname", "user", "password", "service", "sslmode",
            "connect_timeout", "options", "application_name", "passfile",
        ]
        let firstWord = lowered.drop { $0 == " " }.prefix { $0 != "=" && $0 != " " }
        if lowered.contains("="), keywords.contains(String(firstWord)),
            lowered.drop(while: { $0 == " " }).dropFirst(firstWord.count)
                .drop(while: { $0 == " " }).first == "="
        {
            return "the database looks like a libpq connection string (keyword=value);"
                + " checklist takes a URI: \(hint)"
        }
        // White space before a scheme (`' postgresql://ana:pw@…'`, a copy and paste) is a
        // server's URI too (issue 49, 4): not a folder named with the password.
        let unpadded = lowered.drop { $0.isWhitespace }
        let scheme = unpadded.prefix { $0 != ":" }
        guard scheme.count < unpadded.count, !scheme.isEmpty else { return nil }
        let afterColon = unpadded.dropFirst(scheme.count + 1)
        // `postgres:x` stays a file (the contract's example of a path that only looks like a
        // URI); `postgres:/x`, `POSTGRESQL://…` and `postgresq://…` were meant for a server.
        let looksLikeServer =
            (["postgresql", "postgres"].contains(String(scheme)) && afterColon.hasPrefix("/"))
            || (afterColon.hasPrefix("//") && scheme != "file"
                && scheme.allSatisfy { $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." })
        guard looksLikeServer else { return nil }
        if unpadded.count < lowered.count,
            PostgreSQLURI(String(text.drop { $0.isWhitespace })) != nil
        {
            return "the database is a server URI after white space; remove the white space"
                + " before postgresql://"
        }
        return "the database looks like a server URI but is not spelt postgresql:// or"
            + " postgres:// (lower case, two slashes): \(hint)"
    }

    /// Resolves the location from an explicit path and the environment, in the contract's order.
    public static func resolve(
        explicitPath: String?, environment: [String: String]
    ) throws(ChecklistError) -> DatabaseLocation {
        if let explicitPath {
            guard !explicitPath.isEmpty else {
                throw .invalidInput("--db needs a file path; it was given an empty one")
            }
            return try given(explicitPath)
        }
        if let path = environment["CHECKLIST_DB"], !path.isEmpty {
            return try given(path)
        }
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return DatabaseLocation(path: join(dataHome, "checklist/checklist.db"))
        }
        if let home = environment["HOME"], !home.isEmpty {
            return DatabaseLocation(path: join(home, ".local/share/checklist/checklist.db"))
        }
        throw .databaseUnavailable(
            path: "~/.local/share/checklist/checklist.db",
            reason: "HOME is not set; pass --db PATH or set CHECKLIST_DB")
    }

    public var description: String { path }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
