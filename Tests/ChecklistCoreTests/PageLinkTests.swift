import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSQLite
@testable import ChecklistStore

/// The page's links (`checklist serve`): kept across restarts as their secrets' SHA-256, one
/// a person, replaced at once; on every engine.
@Suite struct PageLinkTests {
    @Test func theDigestIsSHA256() {
        #expect(
            SHA256Digest.hex(Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Digest.hex([])
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test(arguments: Engine.all) func aNewDatabaseHasNoLink(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        #expect(try store.pageLinks() == [])
    }

    @Test(arguments: Engine.all) func aLinkIsKeptAsItsSecretsHashOnly(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        let secret = try store.makePageLink()
        #expect(secret.count == 32 && secret.allSatisfy(\.isHexDigit))
        let links = try store.pageLinks()
        #expect(links.map(\.person) == [""])
        #expect(links.map(\.secretSHA256) == [SHA256Digest.hex(Array(secret.utf8))])
        #expect(try store.storedPageLinkCells().allSatisfy { !$0.contains(secret) })
    }

    @Test(arguments: Engine.all) func aNewLinkReplacesTheOldOne(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        let old = try store.makePageLink()
        let new = try store.makePageLink()
        #expect(old != new)
        #expect(try store.pageLinks().map(\.secretSHA256) == [PageLink.hash(ofSecret: new)])
    }

    @Test(arguments: Engine.all) func eachPersonHasALinkOfTheirOwn(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        let plain = try store.makePageLink()
        let ana = try store.makePageLink(for: "ana")
        let ben = try store.makePageLink(for: "ben")
        _ = try store.makePageLink(for: "ana")
        let links = try store.pageLinks()
        #expect(links.map(\.person) == ["", "ana", "ben"])
        #expect(links[0].secretSHA256 == PageLink.hash(ofSecret: plain))
        #expect(links[1].secretSHA256 != PageLink.hash(ofSecret: ana), "ana's was replaced")
        #expect(links[2].secretSHA256 == PageLink.hash(ofSecret: ben))
    }

    @Test(arguments: Engine.all) func aLinkIsNoChangeToTheLists(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add([try Title("Tent")], to: "camping")
        let history = try store.history()
        _ = try store.makePageLink()
        #expect(try store.history() == history)
    }
}

/// A database an older binary wrote (migrations 0001-0004) is migrated as usual by the first
/// command that writes, `serve` among them; reading commands keep working on it before that.
@Suite struct OlderDatabasePageLinkTests {
    @Test func anOlderDatabaseGetsItsLinksTableWhenServeOpensIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.db").path
        do {
            let queue = try DatabaseQueue(path: path)
            for migration in SQLiteSchema.migrations where migration.identifier < "0005" {
                try queue.write { db in
                    try db.execute(sql: migration.sql)
                    try db.execute(
                        sql: "CREATE TABLE IF NOT EXISTS grdb_migrations"
                            + " (identifier TEXT NOT NULL PRIMARY KEY)")
                    try db.execute(
                        sql: "INSERT INTO grdb_migrations VALUES (?)",
                        arguments: [migration.identifier])
                }
            }
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO lists (id, name, createdAt, updatedAt) VALUES (1, 'camping', 'x', 'x');
                        INSERT INTO items (listId, title, position, createdAt, updatedAt)
                        VALUES (1, 'Tent', 1, 'x', 'x')
                        """)
            }
            try queue.close()
        }
        let location = try DatabaseLocation.resolve(explicitPath: path, environment: [:])
        #expect(
            try DatabaseOpener.openForReading(location).items(in: .all).map(\.title) == ["Tent"])
        let store = try DatabaseOpener.openExistingForWriting(location)
        let secret = try store.makePageLink()
        #expect(try store.pageLinks().map(\.secretSHA256) == [PageLink.hash(ofSecret: secret)])
        #expect(try store.items(in: .all).map(\.title) == ["Tent"])
    }
}

extension ChecklistStore {
    /// Every cell of the stored links, as text.
    fileprivate func storedPageLinkCells() throws -> [String] {
        switch kind {
        case .file(let writer):
            return try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM page_links").flatMap { row in
                    row.databaseValues.map(\.description)
                }
            }
        case .server(let server):
            return try server.connection.query("SELECT * FROM checklist.page_links")
                .flatMap { $0.map { $0 ?? "NULL" } }
        }
    }
}
