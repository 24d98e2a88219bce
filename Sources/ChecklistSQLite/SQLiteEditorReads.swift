import ChecklistModel
import ChecklistStore
import GRDB

/// The editor's reads of lists on a SQLite file.
struct SQLiteEditorReads: EditorReads {
    let db: Database

    func listNames() throws -> [ListName] {
        try ListName.fetchAll(db, sql: "SELECT name FROM lists ORDER BY name")
    }

    func findList(_ known: ListIdentity?, named name: ListName) throws -> EditorListRow? {
        let condition: SQL =
            if let known {
                "id = \(known.id) AND createdAt = \(known.createdAt)"
            } else {
                "name = \(name)"
            }
        guard
            let found = try SQLRequest<Row>(
                literal: "SELECT \(Self.listColumns) FROM lists WHERE \(condition)"
            ).fetchOne(db)
        else { return nil }
        return EditorListRow(
            identity: ListIdentity(
                id: try found.decode(forColumn: StoredTables.id.sqlite),
                createdAt: try found.decode(forColumn: StoredTables.createdAt.sqlite)),
            name: try found.decode(forColumn: StoredTables.listName.sqlite),
            mode: try found.decode(forColumn: StoredTables.listMode.sqlite))
    }

    /// What the editor reads of a list, by the declared names.
    private static let listColumns = SQL(
        sql: StoredTable.names(
            [
                StoredTables.id, StoredTables.listName, StoredTables.createdAt,
                StoredTables.listMode,
            ],
            \.sqlite))

    func source(listID: Int64, filter: EditorFilter?) -> any EditorRowSource {
        SQLiteEditorSource(listID: listID, filter: filter, db)
    }

    func ids(among ids: IDSet, listID: Int64, checkedOnly: Bool) throws -> IDSet {
        var found: [ItemID] = []
        let statement = try db.cachedStatement(
            sql: checkedOnly
                ? """
                SELECT id FROM items WHERE id BETWEEN ? AND ? AND listId = ? AND isSelected = 1
                ORDER BY id
                """
                : "SELECT id FROM items WHERE id BETWEEN ? AND ? AND listId = ? ORDER BY id")
        for range in ids.ranges {
            found += try ItemID.fetchAll(
                statement, arguments: [range.lowerBound, range.upperBound, listID])
        }
        return IDSet(ids: found)
    }
}
