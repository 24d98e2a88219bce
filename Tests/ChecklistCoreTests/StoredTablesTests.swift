import Foundation
import GRDB
import Testing

@testable import ChecklistCore

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
                    "\($0.name) \($0.type.postgresql)"
                }
            }
            #expect(try store.columns(of: table).sorted() == declared.sorted(), "\(table.sqlite)")
        }
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

extension ChecklistStore {
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
