import ChecklistModel
import ChecklistStore
import GRDB

extension ChecklistStore {
    /// A store over a database that is already migrated (see `SQLiteOpener`), writing as
    /// `author` (by default the login name).
    public init(_ writer: any DatabaseWriter, author: String? = nil) {
        self.init(engine: SQLiteEngine(writer: writer), author: author)
    }

    /// A migrated, empty in-memory store: what a missing file (or a server's database
    /// without the schema) reads as, and what tests use.
    public static func empty() throws -> ChecklistStore {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        return ChecklistStore(queue)
    }
}
