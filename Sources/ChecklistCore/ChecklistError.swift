/// The one error type of ChecklistCore: each case carries the facts a user needs, and its
/// `description` is one line naming the problem and, where there is one, the fix.
public enum ChecklistError: Error, Equatable, CustomStringConvertible {
    /// Some IDs name no item; nothing changed.
    case itemsNotFound(IDSet)
    /// A list named by the user does not exist; nothing changed.
    case listNotFound(String)
    /// Input that breaks the grammar of IDs or titles.
    case invalidInput(String)
    /// A file the command would create already exists; nothing changed.
    case fileExists(path: String)
    /// The file is not a SQLite database, or is one of another program.
    case notAChecklistDatabase(path: String)
    /// The file is damaged.
    case corruptDatabase(path: String)
    /// The file was written by a newer checklist.
    case schemaTooNew(path: String)
    /// The file cannot be opened or written: permissions, a full disk, a held lock.
    case databaseUnavailable(path: String, reason: String)
    /// Another process held the write lock for longer than the busy timeout.
    case databaseBusy(path: String)
    /// An import file that does not parse; `line` is the first bad line (1-based).
    case malformedImport(line: Int, reason: String)

    public var description: String {
        switch self {
        case .itemsNotFound(let ids):
            let noun = ids.count == 1 ? "ID" : "IDs"
            return "no item with \(noun) \(ids.summary()); nothing changed"
                + " (pass --ignore-missing to skip missing IDs)"
        case .listNotFound(let name):
            return "no list named \(quoted(name)); see `checklist lists`,"
                + " or add an item to create it"
        case .invalidInput(let message):
            return message
        case .fileExists(let path):
            return "\(path) already exists; pass --force to replace it"
        case .notAChecklistDatabase(let path):
            return "\(path) is not a checklist database; left it untouched"
                + " (pass --db or set CHECKLIST_DB to use another file)"
        case .corruptDatabase(let path):
            return "\(path) is damaged (database disk image is malformed); left it untouched"
                + " (restore it from a backup)"
        case .schemaTooNew(let path):
            return "\(path) was written by a newer checklist; left it untouched"
                + " (upgrade checklist to use it)"
        case .databaseUnavailable(let path, let reason):
            return "cannot use \(path): \(reason)"
        case .databaseBusy(let path):
            return "\(path) is busy: another process held it locked for too long;"
                + " nothing changed (try again)"
        case .malformedImport(let line, let reason):
            return "line \(line) of the import file: \(reason); nothing was imported"
        }
    }
}

func quoted(_ text: String) -> String {
    "'" + text + "'"
}
