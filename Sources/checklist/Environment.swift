/// The environment variables the program reads.
enum Environment {
    /// The value of an environment variable, if set.
    static func value(_ name: String) -> String? {
        Platform.environmentValue(name)
    }

    /// The variables that choose the database.
    static var databaseVariables: [String: String] {
        var variables: [String: String] = [:]
        for name in ["CHECKLIST_DB", "XDG_DATA_HOME", "HOME"] {
            variables[name] = value(name)
        }
        return variables
    }
}
