import ChecklistModel
import ChecklistSync

/// Where the lists are kept, behind `ChecklistStore`: `SQLiteEngine` (a file) or
/// `PostgreSQLStore` (a server). An engine supplies transactions and its own SQL for the
/// primitive steps (`ReadSteps`, `ChangeSteps`, `EditorReads`, `UndoSteps`); every rule is
/// written once above them, in `ChecklistStore` and the steps' extensions. A new engine that
/// lacks a step does not compile.
package protocol StoreEngine {
    /// The author of changes when none is chosen: the login name on a file, the role on a
    /// server.
    var defaultAuthor: String { get }

    /// Runs `body` in one read over one snapshot.
    func reading<T>(_ body: (any ReadSteps) throws -> T) throws -> T
    /// Runs `body` in one write, journalled under `command` by `author` with the description
    /// `body` returns, made now or `at` a given time (its edits stamped with it): a body that
    /// throws changes and records nothing.
    func recordingChange<Change: ChangeDescribing>(
        _ command: String, author: String, at time: String?,
        _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change
    /// The clock changes are made by, ISO 8601 UTC with milliseconds: the machine's for a file,
    /// the server's for a server.
    func clock() throws -> String
    /// Runs `body` in one read, with the engine's reads for the editor.
    func editorRead<T>(_ body: (any EditorReads) throws -> T) throws -> T
    /// Reverts `author`'s newest change (anyone's when nil), only in the list `onlyIn` when
    /// given (see `UndoSteps.undo`).
    func undo(by author: String?, onlyIn list: Int64?) throws -> Change
    /// A number that moves when another connection commits a change.
    func dataVersion() throws -> Int64

    /// Copies the database into the empty SQLite file at `path`, from one snapshot: a file by
    /// itself; a server sends its rows into the file `newFile` opens as a copy's side.
    func copy(
        to path: String, newFile: (String, (any CopySide) throws -> Void) throws -> Void
    ) throws
    /// The file a damaged database was read from (for `backup`'s error); nil on a server.
    var filePath: String? { get }

    /// Whether changes may carry another author's name (see `ChecklistStore`).
    func mayRecordOtherAuthors() throws -> Bool
    /// Makes `person`'s page link the one with this secret hash, replacing theirs.
    func replacePageLink(person: String, secretSHA256: String) throws

    /// See `ChecklistStore.closeFile()`.
    func closeFile() throws -> Bool
    /// See `ChecklistStore.closeFile(thenExit:)`.
    func closeFile(thenExit exit: () -> Never) -> Never
}
