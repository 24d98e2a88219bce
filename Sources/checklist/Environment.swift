import ChecklistCore
import ChecklistModel

/// The environment variables the program reads.
enum Environment {
    /// The value of an environment variable, if set.
    static func value(_ name: String) -> String? {
        Platform.environmentValue(name)
    }

    /// The variables that choose the database.
    static var databaseVariables: [String: String] {
        var variables: [String: String] = [:]
        // Paths: bytes that are not UTF-8 are kept (`RawPath`), not read as U+FFFD.
        for name in ["CHECKLIST_DB", "XDG_DATA_HOME", "HOME"] {
            variables[name] = Platform.environmentBytes(name).map(RawPath.decode)
        }
        return variables
    }
}
