import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistSQLite
@testable import ChecklistStore
@testable import ChecklistSync
@testable import ChecklistTransfer

/// `StoredTables` is the one declaration the row copies are built from (the journal's copy of
/// an item, undo's restore, a list's copy, backup's copy of a server): it must name every
/// column each engine's schema has, in each dialect, or a copy would drop a field silently.
@Suite struct StoredTablesTests {
    /// Each declared table's columns and their types, as each engine's migrated schema has
    /// them.
    @Test(arguments: Engine.all) func everyColumnOfEveryTableIsDeclared(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("made so the schema exists"), to: "x")
        for table in StoredTables.all {
            var declared = table.columns.map {
                engine == .file
                    ? "\($0.sqlite) \($0.type.sqlite)" : "\($0.postgresql) \($0.type.postgresql)"
            }
            if engine == .server, table.postgresql == StoredTables.items.postgresql {
                declared += StoredTables.serverOnlyItemColumns.map {
                    "\($0.name) \($0.postgresqlType)"
                }
            }
            #expect(try store.columns(of: table).sorted() == declared.sorted(), "\(table.sqlite)")
        }
    }

    /// The server's stamping trigger stamps the fields offline copies merge, as `MergedField`
    /// declares them: `checklist.merged_fields` (`migrations/postgresql/0012`) names each with
    /// its columns, and a new field declared on one side only fails here.
    @Test(arguments: Engine.all.filter { $0 == .server })
    func theServersMergedFieldsAreTheDeclaredOnes(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("made so the schema exists"), to: "x")
        guard case .server(let server) = store.kind else { return }
        let rows = try server.connection.query(
            "SELECT name, array_to_string(columns, ',') FROM checklist.merged_fields ORDER BY name")
        let found = try rows.map { "\(try $0.text(0)) \(try $0.text(1))" }
        let declared = MergedField.all.map { field in
            "\(field.name) " + field.columns.map(\.postgresql).joined(separator: ",")
        }
        #expect(found == declared.sorted())
    }

    /// The editor's and the page's rows read every shown field `StoredTables` declares beyond
    /// `Item`'s own (issue 50): a field declared there reaches them through `EditorRow.more`,
    /// in the declared order, under its JSON key.
    @Test func theEditorsRowsReadEveryDeclaredShownField() {
        let read = ItemReadColumns.editorRow
        #expect(
            read.moreIndexes.map { read.columns[$0] }
                == StoredTables.moreShownItemFields.map { .item($0) })
        #expect(EditorRow.moreKeys == StoredTables.moreShownItemFields.compactMap(\.jsonKey))
        #expect(
            EditorRow.moreKeys
                == ItemReadColumns.item.moreIndexes.compactMap {
                    guard case .item(let column) = ItemReadColumns.item.columns[$0] else {
                        return nil
                    }
                    return column.jsonKey
                })
    }

    /// The JSON keys of an item are declared once: `Item`'s properties, the keys the writer's
    /// fast path writes (in that sorted order) and the importer's keys are the declared ones.
    @Test func theItemsJSONKeysAreTheDeclaredOnes() throws {
        let declared = StoredTables.itemPropertyKeys
        #expect(
            declared == ["createdAt", "id", "isSelected", "list", "position", "title", "updatedAt"])
        let properties = Mirror(
            reflecting: Item(
                id: 1, list: "x", title: "t", isSelected: false, position: 1, createdAt: "",
                updatedAt: "")
        ).children.compactMap(\.label).filter { $0 != "more" }
        #expect(properties.sorted() == declared)
        #expect(ItemKey.allCases.map(\.rawValue).sorted() == declared)
        var writer = ItemJSONWriter()
        var bytes: [UInt8] = []
        writer.write(
            Item(
                id: 7, list: "camping", title: "Tent", isSelected: true, position: 2,
                createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z"),
            to: &bytes)
        writer.finish(to: &bytes)
        let written = try NSRegularExpression(pattern: #""([A-Za-z]+)":"#).matches(
            in: String(decoding: bytes, as: UTF8.self),
            range: NSRange(location: 0, length: bytes.count)
        ).map {
            String(
                decoding: bytes[($0.range(at: 1).location)..<NSMaxRange($0.range(at: 1))],
                as: UTF8.self)
        }
        #expect(written == declared)
    }

    @Test func theJournalKeepsEveryStoredFieldOfAnItem() throws {
        let store = try Engine.file.emptyStore()
        let items = try store.columns(of: StoredTables.items).map {
            String($0.prefix { $0 != " " })
        }
        let journal = try store.columns(of: StoredTables.changedItems).map {
            String($0.prefix { $0 != " " })
        }
        #expect(
            items.filter { $0 != "id" }.sorted() == StoredTables.itemFields.map(\.sqlite).sorted())
        #expect(
            journal.filter { !["changeId", "itemId"].contains($0) }.sorted()
                == StoredTables.itemFields.map(\.sqlite).sorted())
    }
}

extension StoredTablesTests {
    /// What the journal keeps of a list, and undo writes back, is every stored field of it
    /// (`StoredTables.listFields`), on each engine.
    @Test(arguments: Engine.all) func theJournalKeepsEveryStoredFieldOfAList(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("made so the schema exists"), to: "x")
        func names(_ table: StoredTable) throws -> [String] {
            try store.columns(of: table).map { String($0.prefix { $0 != " " }) }
        }
        let name: (StoredColumn) -> String = { engine == .file ? $0.sqlite : $0.postgresql }
        let fields = StoredTables.listFields.map(name).sorted()
        #expect(
            try names(StoredTables.lists).filter { $0 != name(StoredTables.id) }.sorted() == fields)
        let journalKeys = [StoredTables.changeID, StoredTables.listID].map(name)
        #expect(
            try names(StoredTables.changedLists).filter { !journalKeys.contains($0) }.sorted()
                == fields)
    }

    /// The hot reads (`list`, its JSON, export, the editor's rows) select what
    /// `ItemReadColumns` declares, by the declared names of each dialect: each column is one
    /// of the items table's, and each engine's select list, run against its migrated schema,
    /// gives those columns in that order (a read that named a column by hand, or in another
    /// order than it decodes, would fail here).
    @Test(arguments: Engine.all) func theHotReadsSelectTheDeclaredColumns(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        let reads: [ItemReadColumns] = [.headline, .item, .editorRow, .place]
        for read in reads {
            var expected: [String] = []
            for column in read.columns {
                switch column {
                case .item(let stored):
                    #expect(StoredTables.items.columns.contains(stored), "\(stored.sqlite)")
                    expected.append(engine == .file ? stored.sqlite : stored.postgresql)
                case .listName:
                    expected.append(
                        engine == .file
                            ? StoredTables.listName.sqlite : StoredTables.listName.postgresql)
                }
            }
            #expect(try store.columnsRead(by: read) == expected)
        }
        // The indexes the decoders take are the declaration's.
        #expect(ItemReadColumns.headline.index(of: StoredTables.title) == 2)
        #expect(ItemReadColumns.item.moreIndexes.count == StoredTables.moreShownItemFields.count)
    }

    /// An insert sets the columns it is given, named in one dialect, in the declared order;
    /// the others keep their defaults.
    @Test func anInsertNamesTheDeclaredColumnsInTheirOrder() {
        let insert = StoredTables.items.insert(
            setting: [
                (StoredTables.title, "$2"), (StoredTables.id, "$1"),
                (StoredTables.createdAt, "$3"),
            ], \.postgresql)
        #expect(insert.columns == "id, title, created_at")
        #expect(insert.values == ["$1", "$2", "$3"])
        let file = StoredTables.items.insert(
            setting: [(StoredTables.isSelected, "?1"), (StoredTables.listID, "?2")], \.sqlite)
        #expect(file.columns == "listId, isSelected")
        #expect(file.values == ["?2", "?1"])
    }
}

extension ChecklistStore {
    /// The names of the columns the engine's select list for `read` gives, in order (run on
    /// the engine's schema, over the items and their lists).
    fileprivate func columnsRead(by read: ItemReadColumns) throws -> [String] {
        switch kind {
        case .file(let writer):
            let selection = SQLiteColumnSelection(read)
            return try writer.read { db in
                try SQLRequest<Row>(
                    literal:
                        "SELECT \(selection.sql) FROM items JOIN lists ON lists.id = items.listId"
                ).fetchOne(db)
            }.map { Array($0.columnNames) } ?? []
        case .server(let server):
            let list = PostgreSQLReads.selectList(read)
            // The server's names of the result's columns, from a row made of them.
            let row = try server.connection.query(
                """
                SELECT pg_catalog.json_object_keys(pg_catalog.row_to_json(r)) FROM (
                    SELECT \(list) FROM checklist.items i
                    JOIN checklist.lists l ON l.id = i.list_id LIMIT 1) AS r
                """, [])
            return row.compactMap { $0[0] }
        }
    }

    /// The table's columns as the engine's schema has them.
    fileprivate func columns(of table: StoredTable) throws -> [String] {
        switch kind {
        case .file(let writer):
            return try writer.read { db in
                try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.sqlite))").map {
                    "\($0["name"] as String) \($0["type"] as String)"
                }
            }
        case .server(let server):
            let name = table.postgresql.split(separator: ".").last.map(String.init) ?? ""
            return try server.connection.query(
                """
                SELECT column_name || ' ' || udt_name FROM information_schema.columns
                WHERE table_schema = 'checklist' AND table_name = $1
                """, [name]
            ).map { try #require($0[0]) }
        }
    }
}
