import ChecklistModel
import ChecklistStore
import GRDB

/// An item read (`ItemReadColumns`) as SQLite selects it: the items table's columns by their
/// declared names (`items.isSelected`), the list's name as `lists.name`. A shown field that a
/// file an older binary wrote lacks (a reading command reads it without migrating it) reads
/// as its value by default there.
struct SQLiteColumnSelection {
    let read: ItemReadColumns
    let sql: SQL
    /// Whether a shown field that is a number is selected as text, for GRDB's `String`
    /// decoding; a read of the bytes (`sqlite3_column_text`) converts only the rows it reads.
    let castsShown: Bool

    init(_ read: ItemReadColumns, lacking missing: Set<String> = [], castsShown: Bool = true) {
        self.read = read
        self.castsShown = castsShown
        sql = SQL(
            sql: read.selectList(
                item: { column in
                    // A shown field reads as text (`Item.more`): its value by default where an
                    // older file lacks it.
                    guard let shown = column.shown else { return "items.\(column.sqlite)" }
                    if missing.contains(column.sqlite) {
                        return "'\(shown.defaultText)' AS \(column.sqlite)"
                    }
                    return castsShown && column.type != .text
                        ? "CAST(items.\(column.sqlite) AS TEXT) AS \(column.sqlite)"
                        : "items.\(column.sqlite)"
                },
                listName: "lists.\(StoredTables.listName.sqlite)"))
    }

    /// The same read of a file that lacks the `missing` shown fields.
    func lacking(_ missing: Set<String>) -> SQLiteColumnSelection {
        SQLiteColumnSelection(read, lacking: missing, castsShown: castsShown)
    }

    /// The position of a selected column of the items table.
    func index(of column: StoredColumn) -> Int { read.index(of: column) }

    /// The position of the list's name.
    var listName: Int { read.index(.listName) }
}
