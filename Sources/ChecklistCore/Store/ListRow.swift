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

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        mode = try row.decode(forColumn: "mode")
    }
}
