import ChecklistMigrations
import ChecklistModel
import GRDB

/// Applies the numbered `.sql` files of the top-level `migrations/` folder, which are compiled
/// into the binary, in name order; each runs once, in its own transaction, and is recorded in
/// `grdb_migrations` (the table GRDB's own migrator uses, so GRDB tools read it too).
///
/// GRDB's `DatabaseMigrator` reads the applied identifiers before it opens its transactions,
/// so two processes creating one database at the same moment could both run `0001`. Here the
/// check and the migration share one IMMEDIATE transaction, so concurrent first runs are safe.
public enum SQLiteSchema {
    /// A migration: its identifier (the file name without `.sql`) and its SQL.
    public struct Migration: Sendable {
        public let identifier: String
        public let sql: String
    }

    /// Every migration this binary knows, in the order they apply.
    public static let migrations: [Migration] =
        (embeddedMigrations + DemoField.sqliteMigrations)
        .map {
            Migration(identifier: $0.identifier, sql: String(decoding: $0.bytes, as: UTF8.self))
        }
        .sorted { $0.identifier < $1.identifier }

    /// The number of the newest migration (`0003_header_version` is 3).
    static let newestNumber =
        migrations.last.flatMap { Int($0.identifier.prefix { $0.isNumber }) } ?? 0

    /// The identifiers of `migrations`.
    public static var knownIdentifiers: [String] { migrations.map(\.identifier) }

    /// What a look at an existing database found.
    public enum SchemaState: Equatable, Sendable {
        /// No tables at all: a new or empty file, free to initialise.
        case empty
        /// A checklist database; `pending` lists the migrations it still needs.
        case checklist(pending: [String])
        /// A database recording migrations this binary does not know.
        case tooNew
        /// A SQLite database of some other program.
        case foreign
    }

    /// Looks at the schema without writing anything.
    public static func state(of db: Database) throws -> SchemaState {
        // Each migration from 0003 on records its number in the header: a larger number was
        // written by a newer program, whatever the tables and the migrations table say.
        if try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 > newestNumber { return .tooNew }
        // The program's schema has tables and indexes only: a trigger or a view is someone
        // else's code, which would run on our writes or reads. Such a file is not ours.
        var tables: Set<String> = []
        var hasCode = false
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT type = 'table', name FROM sqlite_master WHERE type IN ('table', 'trigger', 'view')"
        )
        while let row = try rows.next() {
            if try row.decode(Bool.self, atIndex: 0) {
                tables.insert(try row.decode(String.self, atIndex: 1))
            } else {
                hasCode = true
            }
        }
        if hasCode { return .foreign }
        if tables.isEmpty { return .empty }
        guard tables.contains("grdb_migrations") else { return .foreign }
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
        let known = Set(knownIdentifiers)
        if !applied.isSubset(of: known) { return .tooNew }
        if !applied.isEmpty && !(tables.contains("lists") && tables.contains("items")) {
            return .foreign
        }
        return .checklist(pending: knownIdentifiers.filter { !applied.contains($0) })
    }

    /// Applies every pending migration, each in its own IMMEDIATE transaction.
    public static func migrate(_ writer: any DatabaseWriter) throws {
        for migration in migrations {
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(
                        sql: "CREATE TABLE IF NOT EXISTS grdb_migrations"
                            + " (identifier TEXT NOT NULL PRIMARY KEY)")
                    let isApplied =
                        try Bool.fetchOne(
                            db, sql: "SELECT 1 FROM grdb_migrations WHERE identifier = ?",
                            arguments: [migration.identifier]) ?? false
                    if !isApplied {
                        try db.execute(sql: migration.sql)
                        try db.execute(
                            sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)",
                            arguments: [migration.identifier])
                    }
                    return .commit
                }
            }
        }
    }
}
