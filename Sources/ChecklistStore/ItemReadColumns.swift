import ChecklistModel

/// What a hot read selects of an item, in order: columns of the items table as `StoredTables`
/// declares them, and the name of the item's list. Each engine writes the list into its SELECT
/// from the declared names (`selectList`) and decodes each row by `index(of:)`, so the
/// positions come from this one list, and a column's name is written only in its declaration.
/// (Decoding by position is measured: by column name, `list` of 100,000 items took 756 M
/// instructions instead of 536 M, +41%, callgrind, release build.)
package struct ItemReadColumns: Sendable {
    package enum Column: Sendable, Equatable {
        /// A column of the items table.
        case item(StoredColumn)
        /// The name of the item's list (`StoredTables.listName` of the lists table).
        case listName
    }

    package let columns: [Column]

    /// What `list` shows of an item, `StoredTables.moreShownItemFields` last.
    package static let headline = ItemReadColumns(
        columns: headlineBare.columns + StoredTables.moreShownItemFields.map { .item($0) })

    /// `headline` without the shown fields: a read of items that are all at their values by
    /// default there (a file's engine asks first, by an index: `SQLiteItemsTable`).
    package static let headlineBare = ItemReadColumns(columns: [
        .item(StoredTables.id), .listName, .item(StoredTables.title),
        .item(StoredTables.isSelected),
    ])

    /// What the JSON of items and export read: `headline`'s first four, the list's ID (places
    /// are counted per list), the times, and `StoredTables.moreShownItemFields` last.
    package static let item = ItemReadColumns(
        columns: itemBare.columns + StoredTables.moreShownItemFields.map { .item($0) })

    /// `item` without the shown fields, as `headlineBare` is `headline`.
    package static let itemBare = ItemReadColumns(
        columns: headlineBare.columns + [
            .item(StoredTables.listID), .item(StoredTables.createdAt),
            .item(StoredTables.updatedAt),
        ])

    /// What the editor and the page show of a row (its place in the list is its position), and
    /// `StoredTables.moreShownItemFields` last (`EditorRow.more`).
    package static let editorRow = ItemReadColumns(
        columns: [
            .item(StoredTables.id), .item(StoredTables.title), .item(StoredTables.isSelected),
            .item(StoredTables.position),
        ] + StoredTables.moreShownItemFields.map { .item($0) })

    /// Where an item is (`ItemPlace`): what a move and single choice read.
    package static let place = ItemReadColumns(columns: [
        .item(StoredTables.id), .item(StoredTables.listID), .item(StoredTables.position),
        .item(StoredTables.isSelected),
    ])

    /// The position of a selected column (one not selected is a programming error).
    package func index(_ column: Column) -> Int {
        guard let index = columns.firstIndex(of: column) else {
            preconditionFailure("\(column) is not among the columns read: \(columns)")
        }
        return index
    }

    package func index(of column: StoredColumn) -> Int { index(.item(column)) }

    /// Where the item rows hold `StoredTables.moreShownItemFields`, in their order.
    package var moreIndexes: [Int] { StoredTables.moreShownItemFields.map { index(of: $0) } }

    /// The SELECT list in one dialect: `item` writes a column of the items table (with its
    /// table's alias, or a stand-in for a field an older schema lacks), `listName` the list's
    /// name.
    package func selectList(item: (StoredColumn) -> String, listName: String) -> String {
        columns.map {
            switch $0 {
            case .item(let column): item(column)
            case .listName: listName
            }
        }.joined(separator: ", ")
    }

    /// The SQL that selects items with a shown field not at its value by default
    /// (`quantity != 1 OR note != ''`), nil when none is declared: a file's partial index
    /// (`items_with_shown_fields`, `migrations/0009`) is on exactly this, so asking whether a
    /// list holds such items reads the index, not the list (a test compares the two). The
    /// defaults are the program's own constants.
    package static let shownFieldsSet: String? = {
        let tests = StoredTables.moreShownItemFields.compactMap { column -> String? in
            guard let shown = column.shown else { return nil }
            return switch shown.kind {
            case .count: column.sqlite + " != " + shown.defaultText
            case .text: column.sqlite + " != '" + shown.defaultText + "'"
            }
        }
        return tests.isEmpty ? nil : tests.joined(separator: " OR ")
    }()
}
