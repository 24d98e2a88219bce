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
