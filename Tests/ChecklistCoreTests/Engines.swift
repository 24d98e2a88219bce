import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistSQLite
@testable import ChecklistStore

/// The engines the store's tests run on: one set of test bodies, with the engine as their
/// parameter. A SQLite database always; a database of the PostgreSQL server that
/// CHECKLIST_TEST_POSTGRES names when it names one (`.ci/run` always does; without it the
/// server's suites say they are skipped, and these tests run on the file alone).
enum Engine: String, Sendable, CustomTestStringConvertible {
    case file, server

    static let all: [Engine] = TestServer.runs ? [.file, .server] : [.file]

    var testDescription: String { rawValue }

    /// A store over a new, empty database of this engine, changing as `author` (by default
    /// the login name on a file, the role on a server).
    func emptyStore(author: String? = nil) throws -> ChecklistStore {
        switch self {
        case .file:
            let queue = try DatabaseQueue()
            try SQLiteSchema.migrate(queue)
            return ChecklistStore(queue, author: author)
        case .server:
            let store = try TestServer.freshStore()
            return author.map(store.actingAs) ?? store
        }
    }
}

extension TestServer {
    /// A store over a new database of the test server (no schema yet: the first write makes it).
    static func freshStore() throws -> ChecklistStore {
        let base = try #require(uri)
        let name = "s_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try PostgreSQLConnection(base).query("CREATE DATABASE \(sql: name)")
        let fresh = try #require(
            PostgreSQLURI(
                base.description.replacingOccurrences(of: "/postgres?", with: "/\(name)?")))
        return try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(explicitPath: fresh.description, environment: [:]))
    }
}

extension ChecklistStore {
    /// The engine, by kind: the tests read and write each one's tables directly.
    enum Kind {
        case file(any DatabaseWriter)
        case server(PostgreSQLStore)
    }

    var kind: Kind {
        if let server = engine as? PostgreSQLStore { return .server(server) }
        guard let file = engine as? SQLiteEngine else { preconditionFailure("an unknown engine") }
        return .file(file.writer)
    }

    /// Every row of the lists and the items, every column, as the engine stores them (the ID
    /// counters left out: an undone add keeps them, so its IDs are never given out again).
    /// Two dumps of one store are equal exactly when no stored list or item differs.
    func rows() throws -> [String] {
        switch kind {
        case .file(let writer):
            return try writer.read { db in
                try
                    (Row.fetchAll(db, sql: "SELECT * FROM lists ORDER BY id")
                    + Row.fetchAll(db, sql: "SELECT * FROM items ORDER BY id")).map(\.description)
            }
        case .server(let server):
            guard server.hasSchema else { return [] }
            // The stored columns (`StoredTables`): the items' merge stamps (offline copies)
            // record when a field was last set, which an undo sets again.
            return try [StoredTables.lists, StoredTables.items].flatMap { table in
                let columns = StoredTable.names(table.columns, \.postgresql)
                return try server.connection.query(
                    "SELECT \(sql: columns) FROM \(sql: table.postgresql) ORDER BY id"
                ).map { $0.map { $0 ?? "NULL" }.joined(separator: " | ") }
            }
        }
    }

    /// The items' stored positions, by ID.
    func storedPositions() throws -> [ItemID: Int64] {
        switch kind {
        case .file(let writer):
            return try writer.read { db in
                Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(
                        db, sql: "SELECT id, position FROM items"
                    )
                    .map { ($0["id"] as ItemID, $0["position"] as Int64) })
            }
        case .server(let server):
            guard server.hasSchema else { return [:] }
            return Dictionary(
                uniqueKeysWithValues: try server.connection.query(
                    "SELECT id, position FROM checklist.items"
                ).map { (try #require(ItemID($0[0] ?? "")), try #require(Int64($0[1] ?? ""))) })
        }
    }

    /// The IDs of the stored lists, in order.
    func listIDs() throws -> [Int64] {
        switch kind {
        case .file(let writer):
            return try writer.read {
                try Int64.fetchAll($0, sql: "SELECT id FROM lists ORDER BY id")
            }
        case .server(let server):
            return try server.connection.query("SELECT id FROM checklist.lists ORDER BY id")
                .map { try #require(Int64($0[0] ?? "")) }
        }
    }

    /// Makes every recorded change one from before authors were recorded, as a file from
    /// before migration 0004 has them (a file's only: a server's changes always had authors).
    func forgetAuthors() throws {
        guard case .file(let writer) = kind else { throw ChecklistError.nothingToUndo }
        try writer.write { try $0.execute(sql: "UPDATE changes SET author = NULL") }
    }
}
