import ChecklistModel
import GRDB

/// A list as the editor finds it.
struct EditorListRow {
    var identity: ListIdentity
    var name: ListName
    var mode: ListMode
}

/// The editor's reads of lists, in one engine's SQL, inside one read.
protocol EditorReads {
    /// Every list's name, in the order of `checklist lists`.
    func listNames() throws -> [ListName]
    /// The list `known` (by identity), else the one named `name`.
    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow?
    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource
    /// Those of `ids` that are items (checked items, with `checkedOnly`) of the list.
    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet
}

/// A database with nothing in it (a server without the schema).
struct EmptyEditorReads: EditorReads {
    func listNames() throws -> [ListName] { [] }
    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow? { nil }
    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource {
        preconditionFailure("no list to read")
    }
    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet { IDSet() }
}
