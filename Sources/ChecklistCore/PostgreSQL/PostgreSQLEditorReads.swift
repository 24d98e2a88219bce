/// The editor's reads of lists on a server.
struct PostgreSQLEditorReads: EditorReads {
    let connection: PostgreSQLConnection

    func listNames() throws -> [ListName] {
        try connection.query("SELECT name FROM checklist.lists ORDER BY name").map {
            ListName(stored: $0[0] ?? "")
        }
    }

    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow? {
        let row =
            if let known {
                try connection.query(
                    "SELECT id, name, created_at, mode FROM checklist.lists"
                        + " WHERE id = $1 AND created_at = $2",
                    [String(known.id), known.createdAt]
                ).first
            } else {
                try connection.query(
                    "SELECT id, name, created_at, mode FROM checklist.lists"
                        + " WHERE md5(name) = md5($1) AND name = $1",
                    [name.text]
                ).first
            }
        return row.map {
            EditorListRow(
                identity: ListIdentity(id: Int64($0[0] ?? "") ?? 0, createdAt: $0[2] ?? ""),
                name: ListName(stored: $0[1] ?? ""),
                mode: ListMode(rawValue: $0[3] ?? "") ?? .multiple)
        }
    }

    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource {
        PostgreSQLEditorSource(listID: listID, connection: connection)
    }

    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet {
        var found: [ItemID] = []
        let checked = checkedOnly ? " AND is_selected" : ""
        for range in ids.ranges {
            found += try connection.query(
                "SELECT id FROM checklist.items WHERE id BETWEEN \(range.lowerBound)"
                    + " AND \(range.upperBound) AND list_id = \(listID)\(checked) ORDER BY id"
            ).compactMap { $0[0].flatMap { Int64($0) } }
        }
        return IDSet(ids: found)
    }
}
