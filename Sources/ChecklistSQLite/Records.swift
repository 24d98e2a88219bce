import ChecklistModel
import GRDB

// How model values come out of rows and go into statements. Rows are decoded by column name,
// through throwing paths: a file given to us may be foreign or damaged, and a bad value must be
// an error, never a trap or a silent default.

extension ListMode: DatabaseValueConvertible {}

extension ListName: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { text.databaseValue }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> ListName? {
        String.fromDatabaseValue(value).map(ListName.init(stored:))
    }
}

extension Checklist: FetchableRecord {
    /// From `name, mode, checked, total`.
    public init(row: Row) throws {
        self.init(
            name: try row.decode(forColumn: "name"), mode: try row.decode(forColumn: "mode"),
            checkedCount: try row.decode(forColumn: "checked"),
            totalCount: try row.decode(forColumn: "total"))
    }
}

extension Change: FetchableRecord {
    /// From a row of `changes`.
    public init(row: Row) throws {
        let author = StoredTables.author.sqlite
        self.init(
            id: try row.decode(forColumn: StoredTables.id.sqlite),
            command: try row.decode(forColumn: StoredTables.command.sqlite),
            description: try row.decode(forColumn: StoredTables.changeDescription.sqlite),
            itemCount: try row.decode(forColumn: StoredTables.itemCount.sqlite),
            createdAt: try row.decode(forColumn: StoredTables.createdAt.sqlite),
            // A database opened for reading may predate the column (0004_change_authors).
            author: row.hasColumn(author) ? try row.decode(forColumn: author) : nil)
    }
}
