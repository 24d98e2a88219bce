import ChecklistModel
import ChecklistStore

/// The editor's reads of lists on a server.
struct PostgreSQLEditorReads: EditorReads {
    let connection: PostgreSQLConnection
    /// Whether the schema is this binary's: an older one (read before the first write
    /// migrates it) may lack a shown field, read at its value by default.
    var schemaIsCurrent = true

    func listNames() throws -> [ListName] {
        try connection.query("SELECT name FROM checklist.lists ORDER BY name").map {
            ListName(stored: try $0.text(0))
        }
    }

    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow? {
        let row =
            if let known {
                try connection.query(
                    "SELECT \(Self.listColumns) FROM checklist.lists"
                        + " WHERE id = $1 AND created_at = $2",
                    [String(known.id), known.createdAt]
                ).first
            } else {
                try connection.query(
                    "SELECT \(Self.listColumns) FROM checklist.lists"
                        + " WHERE md5(name) = md5($1) AND name = $1",
                    [name.text]
                ).first
            }
        return try row.map {
            EditorListRow(
                identity: ListIdentity(
                    id: try $0.int64(Self.at(StoredTables.id)),
                    createdAt: try $0.text(Self.at(StoredTables.createdAt))),
                name: ListName(stored: try $0.text(Self.at(StoredTables.listName))),
                mode: try $0.mode(Self.at(StoredTables.listMode)))
        }
    }

    /// What the editor reads of a list: the declared columns, decoded by their places here.
    private static let listRead = [
        StoredTables.id, StoredTables.listName, StoredTables.createdAt, StoredTables.listMode,
    ]
    private static let listColumns = StoredTable.names(listRead, \.postgresql)
    private static func at(_ column: StoredColumn) -> Int {
        guard let index = listRead.firstIndex(of: column) else {
            preconditionFailure("\(column.postgresql) is not read")
        }
        return index
    }

    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource {
        PostgreSQLEditorSource(
            listID: listID, connection: connection,
            columns: schemaIsCurrent
                ? PostgreSQLEditorSource.columns
                : PostgreSQLReads(connection: connection, schemaIsCurrent: false).editorColumns())
    }

    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet {
        var found: [ItemID] = []
        let checked = checkedOnly ? " AND is_selected" : ""
        for range in ids.ranges {
            found += try connection.query(
                """
                SELECT id FROM checklist.items WHERE id BETWEEN \(range.lowerBound)
                AND \(range.upperBound) AND list_id = \(listID)\(sql: checked) ORDER BY id
                """
            ).map { try $0.int64(0) }
        }
        return IDSet(ids: found)
    }
}
