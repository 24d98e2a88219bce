import ChecklistModel

/// A list as the editor finds it.
package struct EditorListRow {
    var identity: ListIdentity
    var name: ListName
    var mode: ListMode

    /// Makes one from its parts.
    package init(identity: ListIdentity, name: ListName, mode: ListMode) {
        self.identity = identity
        self.name = name
        self.mode = mode
    }
}

/// The editor's reads of lists, in one engine's SQL, inside one read.
package protocol EditorReads {
    /// Every list's name, in the order of `checklist lists`.
    func listNames() throws -> [ListName]
    /// The list `known` (by identity), else the one named `name`.
    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow?
    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource
    /// Those of `ids` that are items (checked items, with `checkedOnly`) of the list.
    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet
}

/// A database with nothing in it (a server without the schema).
package struct EmptyEditorReads: EditorReads {
    /// Nothing in it.
    package init() {}

    package func listNames() throws -> [ListName] { [] }
    package func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow? {
        nil
    }
    package func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource {
        preconditionFailure("no list to read")
    }
    package func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet { IDSet() }
}
