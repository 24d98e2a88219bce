import GRDB

/// An item read (`ItemReadColumns`) as SQLite selects it: the items table's columns by their
/// declared names (`items.isSelected`), the list's name as `lists.name`. A field that a file
/// an older binary wrote lacks (a reading command reads it without migrating it) reads as
/// empty text there.
struct SQLiteColumnSelection {
    let read: ItemReadColumns
    let sql: SQL

    init(_ read: ItemReadColumns, lacking missing: Set<String> = []) {
        self.read = read
        sql = SQL(
            sql: read.selectList(
                item: { column in
                    // A shown field reads as text (`Item.more`): its value by default where an
                    // older file lacks it.
                    guard let shown = column.shown else { return "items.\(column.sqlite)" }
                    return missing.contains(column.sqlite)
                        ? "'\(shown.defaultText)' AS \(column.sqlite)"
                        : "CAST(items.\(column.sqlite) AS TEXT) AS \(column.sqlite)"
                },
                listName: "lists.\(StoredTables.listName.sqlite)"))
    }

    /// The position of a selected column of the items table.
    func index(of column: StoredColumn) -> Int { read.index(of: column) }

    /// The position of the list's name.
    var listName: Int { read.index(.listName) }
}
