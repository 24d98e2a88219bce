import ChecklistCore
import ChecklistModel
import ChecklistSQLite
import ChecklistStore
import Foundation
import GRDB
import Testing

@Suite struct MigrationTests {
    @Test func everyFileInMigrationsIsRegistered() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }
            .map { String($0.dropLast(".sql".count)) }
            .sorted()
        #expect(!files.isEmpty)
        #expect(SQLiteSchema.knownIdentifiers == files)
    }

    @Test func everyRegisteredMigrationMatchesItsFile() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations")
        for migration in SQLiteSchema.migrations {
            let file = folder.appendingPathComponent(migration.identifier + ".sql")
            #expect(try String(contentsOf: file, encoding: .utf8) == migration.sql)
        }
    }

    @Test func migrationFilesAreNamedWithFourDigits() {
        for identifier in SQLiteSchema.knownIdentifiers {
            #expect(identifier.wholeMatch(of: #/\d{4}_[a-z0-9_]+/#) != nil, "\(identifier)")
        }
    }

    @Test func aFreshDatabaseRecordsEveryMigration() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        let applied = try queue.read {
            try String.fetchAll(
                $0, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(applied == SQLiteSchema.knownIdentifiers)
    }

    @Test func migratingTwiceChangesNothing() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        try SQLiteSchema.migrate(queue)
        #expect(try queue.read(SQLiteSchema.state(of:)) == .checklist(pending: []))
    }

    @Test func theSchemaIsTheDocumentedOne() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        let columns = try queue.read { db in
            try ["lists", "items"].map { table in
                try Row.fetchAll(
                    db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)",
                    arguments: [table]
                )
                .map {
                    "\($0["name"] as String) \($0["type"] as String)"
                        + ($0["notnull"] as Bool ? " NOT NULL" : "")
                        + ($0["pk"] as Bool ? " PK" : "")
                }
            }
        }
        #expect(
            columns[0] == [
                "id INTEGER PK", "name TEXT NOT NULL", "mode TEXT NOT NULL",
                "createdAt TEXT NOT NULL", "updatedAt TEXT NOT NULL",
            ])
        #expect(
            columns[1] == [
                "id INTEGER PK", "listId INTEGER NOT NULL", "title TEXT NOT NULL",
                "isSelected INTEGER NOT NULL", "position INTEGER NOT NULL",
                "createdAt TEXT NOT NULL", "updatedAt TEXT NOT NULL",
                "quantity INTEGER NOT NULL", "note TEXT NOT NULL",
            ])
    }

    @Test func theSchemaPageDocumentsTheMigrations() throws {
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/internals/schema.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        for migration in SQLiteSchema.migrations {
            for statement in migration.sql.split(separator: ";") {
                let lines = statement.split(separator: "\n").filter { !$0.hasPrefix("--") }
                let sql = lines.joined(separator: "\n").trimmingCharacters(
                    in: .whitespacesAndNewlines)
                if sql.isEmpty { continue }
                #expect(text.contains(sql), "docs/internals/schema.md lacks: \(sql)")
            }
        }
    }

    @Test func itemIDsUseAutoincrementSoTheyAreNeverReused() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        let sql = try queue.read {
            try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'items'")
        }
        #expect(sql?.contains("AUTOINCREMENT") == true)
    }

    @Test func deletingAListDeletesItsItems() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        try ChecklistStore(queue).add(titles("Tent"), to: "camping")
        try queue.write { try $0.execute(sql: "DELETE FROM lists") }
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM items") } == 0)
    }
}
