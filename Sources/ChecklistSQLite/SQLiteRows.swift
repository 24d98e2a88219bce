import ChecklistModel
import ChecklistStore
import GRDB

/// The store's row values, read from a file's rows.
extension ListRow: FetchableRecord {
    /// From a row that selects the lists table's columns by their declared names.
    package init(row: Row) throws {
        self.init(
            id: try row.decode(forColumn: StoredTables.id.sqlite),
            name: try row.decode(forColumn: StoredTables.listName.sqlite),
            mode: try row.decode(forColumn: StoredTables.listMode.sqlite))
    }
}

extension ItemPlace: FetchableRecord {
    /// A row of `ItemReadColumns.place` from a file.
    package init(row: Row) throws {
        let read = ItemReadColumns.place
        self.init(
            id: try row.decode(atIndex: read.index(of: StoredTables.id)),
            listID: try row.decode(atIndex: read.index(of: StoredTables.listID)),
            position: try row.decode(atIndex: read.index(of: StoredTables.position)),
            isSelected: try row.decode(atIndex: read.index(of: StoredTables.isSelected)))
    }
}
