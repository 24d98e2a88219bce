import ChecklistModel
import GRDB

/// A list's row, for the steps that need its name and mode.
struct ListRow: FetchableRecord {
    var id: Int64
    var name: ListName
    var mode: ListMode

    init(id: Int64, name: ListName, mode: ListMode) {
        self.id = id
        self.name = name
        self.mode = mode
    }

    /// From a row that selects the lists table's columns by their declared names.
    init(row: Row) throws {
        id = try row.decode(forColumn: StoredTables.id.sqlite)
        name = try row.decode(forColumn: StoredTables.listName.sqlite)
        mode = try row.decode(forColumn: StoredTables.listMode.sqlite)
    }
}
