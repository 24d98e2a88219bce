/// `lists add|rename|delete|mode|copy` on a server: `ChecklistStore+Lists`'s rules, in
/// PostgreSQL's SQL.
extension PostgreSQLStore {
    private func existing(_ name: ListName, _ connection: PostgreSQLConnection) throws -> Int64 {
        guard let id = try listID(name, connection) else {
            throw ChecklistError.listNotFound(name.text)
        }
        return id
    }

    private func itemCount(inList listID: Int64, _ connection: PostgreSQLConnection) throws -> Int {
        try connection.query(
            "SELECT count(*) FROM checklist.items WHERE list_id = $1", [String(listID)]
        ).onlyRow().int(0)
    }

    func addList(named name: ListName, mode: ListMode, author: String) throws -> ListChange {
        try recordingChange("lists add", author: author) { change in
            if try listID(name, change.connection) != nil {
                throw ChecklistError.listExists(name.text)
            }
            _ = try change.createList(named: name, mode: mode)
            return .added(name, mode: mode)
        }
    }

    func renameList(_ name: ListName, to newName: ListName, author: String) throws -> ListChange {
        try recordingChange("lists rename", author: author) { change in
            let listID = try existing(name, change.connection)
            guard name != newName else { return .renamed(name, to: newName, changed: false) }
            if try self.listID(newName, change.connection) != nil {
                throw ChecklistError.listExists(newName.text)
            }
            try change.recordList(listID)
            _ = try change.connection.query(
                "UPDATE checklist.lists SET name = $2, updated_at = $3 WHERE id = $1",
                [String(listID), newName.text, change.now])
            return .renamed(name, to: newName, changed: true)
        }
    }

    func itemCount(ofList name: ListName) throws -> Int {
        try read { connection in
            try itemCount(inList: try existing(name, connection), connection)
        } ?? 0
    }

    func deleteList(named name: ListName, withItems: Bool, expecting: Int?, author: String) throws
        -> ListChange
    {
        try recordingChange("lists delete", author: author) { change in
            let listID = try existing(name, change.connection)
            let count = try itemCount(inList: listID, change.connection)
            if count > 0 && !withItems {
                throw ChecklistError.listNotEmpty(name.text, itemCount: count)
            }
            if let expecting, expecting != count {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: count)
            }
            try change.recordItems(where: "list_id = \(listID)")
            try change.recordList(listID)
            _ = try change.connection.query(
                "DELETE FROM checklist.lists WHERE id = $1", [String(listID)])
            return .deleted(name, itemCount: count)
        }
    }

    func copyList(_ source: ListName, to destination: ListName, unchecked: Bool, author: String)
        throws -> ListCopy
    {
        try recordingChange("lists copy", author: author) { change in
            let connection = change.connection
            let sourceID = try existing(source, connection)
            let mode = try change.listRow(sourceID).mode
            if try listID(destination, connection) != nil {
                throw ChecklistError.listExists(destination.text)
            }
            let copyID = try change.createList(named: destination, mode: mode)
            let count = try itemCount(inList: sourceID, connection)
            if count > 0 {
                let lastID = try connection.query("SELECT last_item_id FROM checklist.state")
                    .onlyRow().int64(0)
                _ = try connection.query(
                    """
                    INSERT INTO checklist.items
                        (id, list_id, title, is_selected, position, created_at, updated_at)
                    SELECT $2::bigint + n, $1, title, is_selected AND $3, n, $4, $4 FROM (
                        SELECT title, is_selected,
                               row_number() OVER (ORDER BY position, id) AS n
                        FROM checklist.items WHERE list_id = $5) AS source
                    """,
                    [
                        String(copyID), String(lastID), unchecked ? "f" : "t", change.now,
                        String(sourceID),
                    ])
                try change.recordAdded(lastID + 1...lastID + Int64(count))
            }
            return ListCopy(source: source, destination: destination, itemCount: count)
        }
    }
}
