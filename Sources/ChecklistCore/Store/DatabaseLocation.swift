/// Where the database lives: `--db`, else `CHECKLIST_DB`, else
/// `$XDG_DATA_HOME/checklist/checklist.db`, else `~/.local/share/checklist/checklist.db`. A
/// PostgreSQL URI names a server; anything else is a SQLite file's path.
public struct DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path; for a server, its URI as messages show it (without a password).
    public let path: String
    /// The server, when the location is a PostgreSQL URI.
    public let server: ServerURI?

    public init(path: String) {
        self.path = path
        server = nil
    }

    public init(server: ServerURI) {
        self.path = server.shown
        self.server = server
    }

    /// A file's path or a server's URI.
    static func given(_ text: String) -> DatabaseLocation {
        ServerURI(text).map(DatabaseLocation.init(server:)) ?? DatabaseLocation(path: text)
    }

    /// Resolves the location from an explicit path and the environment, in the contract's order.
    public static func resolve(
        explicitPath: String?, environment: [String: String]
    ) throws(ChecklistError) -> DatabaseLocation {
        if let explicitPath {
            guard !explicitPath.isEmpty else {
                throw .invalidInput("--db needs a file path; it was given an empty one")
            }
            return given(explicitPath)
        }
        if let path = environment["CHECKLIST_DB"], !path.isEmpty {
            return given(path)
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
