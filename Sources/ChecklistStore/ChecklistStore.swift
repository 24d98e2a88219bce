import ChecklistModel

/// The repository: the only public way to the lists. Each public method is one transaction,
/// so a command happens completely or not at all, and every write is journalled for `undo`.
/// The rules live here and in the steps' extensions, once; the engine (`StoreEngine`: a
/// SQLite file or a PostgreSQL server) supplies transactions and the steps in its own SQL.
public struct ChecklistStore: @unchecked Sendable {
    package let engine: any StoreEngine
    private let chosenAuthor: String?

    /// A store over an engine: a file's (`ChecklistStore(_ writer:)`, in `ChecklistSQLite`) or a
    /// server's.
    package init(engine: any StoreEngine, author: String? = nil) {
        self.engine = engine
        self.chosenAuthor = author
    }

    /// Whom the changes made through this store record as their author, and whose newest
    /// change `undo` reverts: the login name on a file, the role on a server. Looked up when a
    /// change needs it: a read never asks the system for the user's name (without LOGNAME that
    /// reads the password database).
    public var author: String {
        chosenAuthor ?? engine.defaultAuthor
    }

    /// The same database, with changes made as `author`.
    public func actingAs(_ author: String) -> ChecklistStore {
        ChecklistStore(engine: engine, author: author)
    }

    /// Closes a file's connection now, as its deinitializer would: the last connection to a
    /// file checkpoints it and removes its `-wal` and `-shm` files. Returns false, and does
    /// nothing, on a server, whose connection ends with the store. A closed file's store must
    /// not be used again (GRDB treats that as a programming error).
    ///
    /// For a process about to exit, which keeps the closed store rather than let it go: GRDB's
    /// deinitializer then unregisters notification observers and disposes a dispatch queue,
    /// which starts a thread, about 8% of `count`'s instructions (callgrind).
    public func closeFile() throws -> Bool {
        try engine.closeFile()
    }

    /// Closes the file from inside its own serialized access and then runs `exit` there, so
    /// that no other thread can reach the closed connection in between: for `serve`, whose
    /// other threads still read when it stops (a read on a closed connection hands SQLite a
    /// null handle: SIGSEGV). Every statement is finalized first, so SQLite closes at once,
    /// checkpoints, and removes the `-wal` and `-shm` files. A server's store: `exit` alone.
    public func closeFile(thenExit exit: () -> Never) throws -> Never {
        engine.closeFile(thenExit: exit)
    }

    // MARK: - Transactions

    /// One read, over the engine's steps.
    func read<T>(_ body: (any ReadSteps) throws -> T) throws -> T {
        try engine.reading(body)
    }

    /// One journalled write whose rules are written once, over the engine's steps (see
    /// `ChangeSteps`): one transaction, recorded under `command` with the description `body`
    /// returns. A body that throws changes nothing and records nothing.
    func recordingSteps<Change: ChangeDescribing>(
        _ command: String, _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change {
        try engine.recordingChange(command, author: author, at: nil, body)
    }
}
