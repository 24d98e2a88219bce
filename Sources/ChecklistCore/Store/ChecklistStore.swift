import GRDB

/// The repository: the only code that speaks SQL. Each public method is one transaction, so a
/// command happens completely or not at all; writes are IMMEDIATE transactions (GRDB's default
/// for writes), so two processes never both read and then race to upgrade their locks. Every
/// write goes through `recordingChange`, which journals it for `undo`.
public struct ChecklistStore: Sendable {
    private let writer: any DatabaseWriter
    private let chosenAuthor: String?

    /// A store over a database that is already migrated (see `DatabaseOpener`), writing as
    /// `author` (by default the login name).
    public init(_ writer: any DatabaseWriter, author: String? = nil) {
        self.writer = writer
        self.chosenAuthor = author
    }

    /// Whom the changes made through this store record as their author, and whose newest
    /// change `undo` reverts. Looked up when a change needs it: a read never asks the system
    /// for the user's name (without LOGNAME that reads the password database).
    public var author: String { chosenAuthor ?? FileSystem.loginName }

    /// The same database, with changes made as `author`.
    public func actingAs(_ author: String) -> ChecklistStore {
        ChecklistStore(writer, author: author)
    }

    /// A migrated, empty in-memory store: what a missing file reads as, and what tests use.
    public static func empty() throws -> ChecklistStore {
        let queue = try DatabaseQueue()
        try SchemaMigrator.migrate(queue)
        return ChecklistStore(queue)
    }

    /// Copies the database into the empty file at `path` (see `backup(to:overwriting:)`).
    func copy(to path: String) throws {
        // VACUUM INTO cannot run inside a transaction; it reads one snapshot by itself.
        try writer.writeWithoutTransaction { db in
            try db.execute(literal: "VACUUM INTO \(path)")
        }
    }

    // MARK: - Transactions and errors

    /// One write, journalled: opens the change (one IMMEDIATE transaction), runs `body`, and
    /// records the change under `command` with the description `body` returns. A body that
    /// throws changes nothing and records nothing.
    func recordingChange<Change: ChangeDescribing>(
        _ command: String, _ body: (ChangeTransaction) throws -> Change
    ) throws -> Change {
        try write { db in
            let transaction = try ChangeTransaction(db, author: author)
            let change = try body(transaction)
            try transaction.finish(command, change)
            return change
        }
    }

    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.read(body) }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try translatingErrors { try writer.write(body) }
    }

    private func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: writer.path)
        }
    }
}
