/// Where the database file lives: `--db`, else `CHECKLIST_DB`, else
/// `$XDG_DATA_HOME/checklist/checklist.db`, else `~/.local/share/checklist/checklist.db`.
public struct DatabaseLocation: Hashable, Sendable, CustomStringConvertible {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Resolves the location from an explicit path and the environment, in the contract's order.
    public static func resolve(
        explicitPath: String?, environment: [String: String]
    ) throws(ChecklistError) -> DatabaseLocation {
        if let explicitPath {
            guard !explicitPath.isEmpty else {
                throw .invalidInput("--db needs a file path; it was given an empty one")
            }
            return DatabaseLocation(path: explicitPath)
        }
        if let path = environment["CHECKLIST_DB"], !path.isEmpty {
            return DatabaseLocation(path: path)
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
