import ChecklistModel
import ChecklistStore
import ChecklistSync

/// `StoreEngine` on a server: transactions on the one connection, the steps in PostgreSQL's
/// SQL. A database without the schema reads as an empty one (`EmptyReads`); its first write
/// creates the schema.
extension PostgreSQLStore: StoreEngine {
    package var defaultAuthor: String { role }

    package func reading<T>(_ body: (any ReadSteps) throws -> T) throws -> T {
        try read {
            try body(PostgreSQLReads(connection: $0, schemaIsCurrent: schemaIsCurrent))
        } ?? body(EmptyReads())
    }

    package func recordingChange<Change: ChangeDescribing>(
        _ command: String, author: String, at time: String?,
        _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change {
        if time == nil, let change = try predictedChange(command, author: author, body) {
            return change
        }
        return try write { connection in
            let change = try PostgreSQLChange(connection, author: author, at: time, stamp: nil)
            let result = try body(change)
            change.finish(command, result)
            return result
        }
    }

    package func editorRead<T>(_ body: (any EditorReads) throws -> T) throws -> T {
        try read {
            try body(PostgreSQLEditorReads(connection: $0, schemaIsCurrent: schemaIsCurrent))
        } ?? body(EmptyEditorReads())
    }

    package func undo(by author: String?, onlyIn list: Int64?) throws -> Change {
        try write { try PostgreSQLUndo(connection: $0).undo(by: author, onlyIn: list) }
    }

    /// The server's clock (its transaction's edits are stamped by it).
    package func clock() throws -> String {
        try PostgreSQLSync(connection: connection).now()
    }

    package func dataVersion() throws -> Int64 {
        try changeCount()
    }

    /// A server's rows, sent into the new file through a copy's side (`backup(into:)`).
    package func copy(
        to path: String, newFile: (String, (any CopySide) throws -> Void) throws -> Void
    ) throws {
        try newFile(path) { try backup(into: $0) }
    }

    package var filePath: String? { nil }

    /// The connection ends with the store.
    package func closeFile() -> Bool { false }

    package func closeFile(thenExit exit: () -> Never) -> Never { exit() }
}

/// The server a copy syncs with and is cloned from (`SyncConductor`).
extension PostgreSQLStore: SyncServerStore {
    package var shownAddress: String { shown }

    package var roundTrips: Int { connection.roundTrips }

    package func transaction<T>(seenRevision: Int64?, _ body: (PostgreSQLSync) throws -> T) throws
        -> T
    {
        try write { try body(PostgreSQLSync(connection: $0, seenRevision: seenRevision)) }
    }
}
