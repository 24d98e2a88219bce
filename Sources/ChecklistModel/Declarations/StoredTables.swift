/// What a stored column holds, and the type each dialect declares for it.
package enum StoredType: Sendable, Equatable {
    case integer, text, boolean
    /// Item IDs: a JSON array's text in a file, an array on a server.
    case ids

    /// The type a file's schema declares (`PRAGMA table_info`): a boolean is 0 or 1, and the
    /// IDs are JSON text, as SQLite keeps them.
    var sqlite: String {
        switch self {
        case .integer, .boolean: "INTEGER"
        case .text, .ids: "TEXT"
        }
    }

    /// The server's type (`information_schema.columns.udt_name`).
    package var postgresql: String {
        switch self {
        case .integer: "int8"
        case .text: "text"
        case .boolean: "bool"
        case .ids: "_int8"
        }
    }
}

/// A stored column, by its name in each dialect: SQLite's are the documented names users
/// script against (`isSelected`), PostgreSQL's are snake case (`is_selected`); and its type.
package struct StoredColumn: Sendable, Equatable {
    package let sqlite: String
    package let postgresql: String
    package let type: StoredType
    /// Its key in the JSON of items (`list --format json`, `export`, `import`), for a field of
    /// an item shown there.
    package var jsonKey: String?
    /// Whether `Item` holds it as a property of its own (the seven fields every item has shown
    /// since the first contract); another shown field is one of `Item.more`.
    var isItemProperty: Bool
    /// For a field shown beyond `Item`'s own properties (`Item.more`): what values it takes,
    /// its value by default, and how it is shown and set (`ShownField`).
    package var shown: ShownField?

    init(
        _ sqlite: String, _ postgresql: String, _ type: StoredType, json: String? = nil,
        isItemProperty: Bool = false, shown: ShownField? = nil
    ) {
        self.sqlite = sqlite
        self.postgresql = postgresql
        self.type = type
        self.jsonKey = json
        self.isItemProperty = isItemProperty
        self.shown = shown
    }

    /// A field shown beyond `Item`'s own properties, under its JSON key (its name).
    static func shownField(_ sqlite: String, _ postgresql: String, _ shown: ShownField)
        -> StoredColumn
    {
        let type: StoredType =
            switch shown.kind {
            case .count: .integer
            case .text: .text
            }
        return StoredColumn(sqlite, postgresql, type, json: shown.name, shown: shown)
    }

    /// A field `Item` holds, shown under `key`.
    static func itemProperty(
        _ sqlite: String, _ postgresql: String, _ type: StoredType, json key: String
    )
        -> StoredColumn
    {
        StoredColumn(sqlite, postgresql, type, json: key, isItemProperty: true)
    }

    /// What a server's SELECT reads for the column: the column, or, for IDs, the JSON text a
    /// file keeps.
    package var postgresqlRead: String {
        type == .ids ? "pg_catalog.array_to_json(\(postgresql))::pg_catalog.text" : postgresql
    }
}

/// A stored table: its name and columns in both dialects, and the order its rows are copied in.
package struct StoredTable: Sendable {
    package let sqlite: String
    package let postgresql: String
    package let columns: [StoredColumn]
    /// The columns that order a copy of its rows.
    package let order: [StoredColumn]

    /// The columns in one dialect, comma-separated.
    package static func names(_ columns: [StoredColumn], _ name: (StoredColumn) -> String) -> String
    {
        columns.map(name).joined(separator: ", ")
    }

    /// An INSERT's column list and the values it selects, in the declared order, for the
    /// columns `values` sets (the others take their defaults), each named in one dialect
    /// (`name`). A value for a column the table does not declare is a programming error.
    package func insert<Value>(
        setting values: [(column: StoredColumn, value: Value)], _ name: (StoredColumn) -> String
    ) -> (columns: String, values: [Value]) {
        for (column, _) in values where !columns.contains(column) {
            preconditionFailure("\(name(column)) is not a column of \(sqlite)")
        }
        let set = columns.compactMap { column in
            values.first { $0.column == column }.map { (name(column), $0.value) }
        }
        return (set.map(\.0).joined(separator: ", "), set.map(\.1))
    }
}

/// Every table both engines store, declared once. The statements that copy whole rows are
/// built from these declarations: the journal's copy of an item before a change and undo's
/// restore (on both engines), and backup's copy of a server into a file. An item's stored
/// fields are `itemFields`: a new one is a column here, and a migration per engine (to the
/// items table and to the journal's), never an edit of a landed one.
package enum StoredTables {
    package static let id = StoredColumn.itemProperty("id", "id", .integer, json: "id")
    static let changeID = StoredColumn("changeId", "change_id", .integer)
    static let itemID = StoredColumn("itemId", "item_id", .integer)
    /// Shown as its list's name.
    package static let listID = StoredColumn.itemProperty(
        "listId", "list_id", .integer, json: "list")
    package static let createdAt = StoredColumn.itemProperty(
        "createdAt", "created_at", .text, json: "createdAt")
    package static let updatedAt = StoredColumn.itemProperty(
        "updatedAt", "updated_at", .text, json: "updatedAt")
    package static let isSelected = StoredColumn.itemProperty(
        "isSelected", "is_selected", .boolean, json: "isSelected")
    package static let title = StoredColumn.itemProperty("title", "title", .text, json: "title")
    package static let position = StoredColumn.itemProperty(
        "position", "position", .integer, json: "position")
    /// How many of the item to pack, and a word for whoever packs (contract v5, "Quantities
    /// and notes"; `migrations/0009`, `migrations/postgresql/0013`).
    static let quantity = StoredColumn.shownField(
        "quantity", "quantity",
        ShownField(
            name: "quantity", kind: .count(1...9999), look: .times, editKey: "#", label: "Quantity")
    )
    static let note = StoredColumn.shownField(
        "note", "note",
        ShownField(
            name: "note", kind: .text(maxCharacters: 1000), look: .remark, editKey: "N",
            label: "Note"))
    /// A list's name (an item's list is shown by it) and mode.
    package static let listName = StoredColumn("name", "name", .text)
    package static let listMode = StoredColumn("mode", "mode", .text)
    /// A change's command, its history line, how many items it names, and who made it.
    package static let command = StoredColumn("command", "command", .text)
    package static let changeDescription = StoredColumn("description", "description", .text)
    package static let itemCount = StoredColumn("itemCount", "item_count", .integer)
    package static let author = StoredColumn("author", "author", .text)

    /// An item's stored fields but its ID, in the schema's order: what the journal keeps of an
    /// item, and what undo writes back.
    package static let itemFields =
        [
            listID, title, isSelected, position, createdAt, updatedAt, quantity, note,
        ] + DemoField.columns

    /// A list's stored fields but its ID, in the schema's order: what the journal keeps of a
    /// list (`changedLists`, beside its `listID`), and what undo writes back.
    package static let listFields = [listName, listMode, createdAt, updatedAt]

    /// The JSON keys of `Item`'s own properties, sorted: the writer's fast paths and the
    /// importer's keys are these (tested), and a declared field with another key is one of
    /// `moreShownItemFields`, written in sorted order among them.
    package static let itemPropertyKeys = ([id] + itemFields).filter(\.isItemProperty).compactMap(
        \.jsonKey
    )
    .sorted()

    package static let lists = StoredTable(
        sqlite: "lists", postgresql: "checklist.lists",
        columns: [
            id, listName, listMode, createdAt, updatedAt,
        ],
        order: [id])
    package static let items = StoredTable(
        sqlite: "items", postgresql: "checklist.items", columns: [id] + itemFields, order: [id])
    package static let changes = StoredTable(
        sqlite: "changes", postgresql: "checklist.changes",
        columns: [id, command, changeDescription, itemCount, createdAt, author],
        order: [id])
    package static let changedItems = StoredTable(
        sqlite: "changedItems", postgresql: "checklist.changed_items",
        columns: [changeID, itemID] + itemFields, order: [changeID, itemID])
    package static let changedSelections = StoredTable(
        sqlite: "changedSelections", postgresql: "checklist.changed_selections",
        columns: [
            changeID, isSelected, updatedAt,
            StoredColumn("itemIds", "item_ids", .ids),
        ],
        order: [changeID])
    package static let addedItems = StoredTable(
        sqlite: "addedItems", postgresql: "checklist.added_items",
        columns: [
            changeID, StoredColumn("firstId", "first_id", .integer),
            StoredColumn("lastId", "last_id", .integer),
        ],
        order: [changeID])
    package static let changedLists = StoredTable(
        sqlite: "changedLists", postgresql: "checklist.changed_lists",
        columns: [
            changeID, listID, listName, listMode, createdAt, updatedAt,
        ],
        order: [changeID, listID])

    /// The item's fields shown besides those every item has always shown (`Item`'s
    /// properties), each with its `ShownField`: read by both engines' item reads into
    /// `Item.more` and `ItemBytes.more` (as text), in this order, and written by
    /// `ItemJSONWriter` under their keys where not at their value by default.
    package static let moreShownItemFields = itemFields.filter { $0.shown != nil }

    /// The server's items' merge stamps (offline copies, `migrations/postgresql/0012`): for each
    /// field a merge compares (`MergedField`), the time and author of the edit that set it and
    /// the revision it was set at, in one `jsonb`; and the revision of the item's last write
    /// (`0005`), written by the triggers. Not copied: a file has none (a copy's edits are
    /// stamped when sync sends them, from its journal; it keeps the revision it synced at).
    static let serverOnlyItemColumns: [(name: String, postgresqlType: String)] = [
        ("stamps", "jsonb"), ("revision", "int8"),
    ]

    /// The tables a copy of the whole database holds, in the order the foreign keys need.
    package static let all = [
        lists, items, changes, changedItems, changedSelections, addedItems, changedLists,
    ]
}

/// A text field of an item that a command may set (`ChecklistStore.setText`): one of
/// `StoredTables.itemFields`, named by its JSON key.
public struct ItemTextField: Sendable {
    package let column: StoredColumn

    public var name: String { column.jsonKey ?? column.sqlite }

    public static let title = ItemTextField(column: StoredTables.title)
}
