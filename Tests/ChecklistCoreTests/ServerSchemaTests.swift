import Foundation
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres

/// The server's migrations are embedded as the file engine's are: every file of
/// `migrations/postgresql/` is registered, byte for byte.
@Suite struct ServerSchemaTests {
    @Test func everyServerMigrationFileIsRegisteredAsWritten() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations/postgresql")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        #expect(PostgreSQLSchema.migrations.map { $0.identifier + ".sql" } == files)
        for migration in PostgreSQLSchema.migrations {
            let file = folder.appendingPathComponent(migration.identifier + ".sql")
            #expect(try String(contentsOf: file, encoding: .utf8) == migration.sql)
        }
    }

    @Test func everyTableLivesInTheChecklistSchema() {
        for migration in PostgreSQLSchema.migrations {
            for line in migration.sql.split(separator: "\n")
            where line.hasPrefix("CREATE TABLE") || line.hasPrefix("CREATE INDEX") {
                #expect(line.contains("checklist."), "\(line)")
            }
        }
    }
}
