import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSQLite

/// Behaviours about files: creating, looking without writing, refusing, WAL.
@Suite final class DatabaseOpenerTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("checklist-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    @Test func readingAMissingFileReadsEmptyAndCreatesNothing() throws {
        let location = self.location("sub/checklist.db")
        let store = try DatabaseOpener.openForReading(location)
        #expect(try store.items(in: .list(ListName.defaultList)).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sub").path))
    }

    @Test func closeFileClosesNowAndRemovesTheWALWhileTheStoreIsKept() throws {
        let location = self.location("checklist.db")
        let store = try DatabaseOpener.openForWriting(location)
        try store.add(titles("Tent"), to: "camping")
        let beside = {
            ["-wal", "-shm"].filter { FileManager.default.fileExists(atPath: location.path + $0) }
        }
        #expect(beside() == ["-wal", "-shm"], "open in WAL mode")
        #expect(try store.closeFile())
        #expect(beside().isEmpty, "the last connection's close checkpoints and removes them")
        let reopened = try DatabaseOpener.openForReading(location)
        #expect(try reopened.items(in: .list("camping")).map(\.title) == ["Tent"])
    }

    @Test func writingCreatesAPrivateFileInPrivateFolders() throws {
        let location = self.location("a/b/checklist.db")
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        #expect(try mode(of: "a") == 0o700)
        #expect(try mode(of: "a/b") == 0o700)
        #expect(try mode(of: "a/b/checklist.db") == 0o600)
    }

    @Test func anExistingFileKeepsItsMode() throws {
        let location = self.location("checklist.db")
        try #require(FileManager.default.createFile(atPath: location.path, contents: nil))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: location.path)
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        #expect(try mode(of: "checklist.db") == 0o644)
    }

    @Test func aWrittenDatabaseIsInWALMode() throws {
        let location = self.location("checklist.db")
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        let queue = try DatabaseQueue(path: location.path)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test func anEmptyFileIsInitialised() throws {
        let location = self.location("checklist.db")
        try #require(FileManager.default.createFile(atPath: location.path, contents: Data()))
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        #expect(try DatabaseOpener.openForReading(location).counts(in: .all).total == 1)
    }

    @Test func aReadNeverWritesTheFile() throws {
        let location = self.location("checklist.db")
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        let before = try bytes(location)
        _ = try DatabaseOpener.openForReading(location).items(in: .all)
        #expect(try bytes(location) == before)
    }

    @Test func aTextFileIsRefusedUntouched() throws {
        try expectRefused(
            Data("hello, this is not a database\n".utf8),
            as: ChecklistError.notAChecklistDatabase(path:))
    }

    @Test func randomBytesAreRefusedUntouched() throws {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try expectRefused(data, as: ChecklistError.notAChecklistDatabase(path:))
    }

    @Test func aTruncatedDatabaseIsRefusedUntouched() throws {
        let original = self.location("original.db")
        let store = try DatabaseOpener.openForWriting(original)
        try store.add(titles(count: 2000), to: "camping")
        let queue = try DatabaseQueue(path: original.path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: original.path))
        try expectRefused(data.prefix(data.count / 2), as: ChecklistError.corruptDatabase(path:))
    }

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        let location = self.location("other.db")
        let queue = try DatabaseQueue(path: location.path)
        try queue.write {
            try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        }
        try queue.close()
        try expectRefused(at: location, as: ChecklistError.notAChecklistDatabase(path:))
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let location = self.location("newer.db")
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        let queue = try DatabaseQueue(path: location.path)
        try queue.write {
            try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('9999_from_the_future')")
        }
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try queue.close()
        try expectRefused(at: location, as: ChecklistError.schemaTooNew(path:))
    }

    @Test func aNewerUserVersionInTheHeaderIsRefusedUntouched() throws {
        let location = self.location("newer-header.db")
        try DatabaseOpener.openForWriting(location).add(titles("Tent"), to: "camping")
        let queue = try DatabaseQueue(path: location.path)
        try queue.writeWithoutTransaction {
            try $0.execute(
                sql: "PRAGMA user_version = \(SQLiteSchema.migrations.count + 1)")
            try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        try queue.close()
        try expectRefused(at: location, as: ChecklistError.schemaTooNew(path:))
    }

    @Test func aNewerUserVersionIsRefusedEvenWithoutTables() throws {
        let location = self.location("newer-empty.db")
        let queue = try DatabaseQueue(path: location.path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        try queue.close()
        try expectRefused(at: location, as: ChecklistError.schemaTooNew(path:))
    }

    @Test func aDirectoryIsRefused() throws {
        let location = self.location("adir")
        try FileManager.default.createDirectory(
            atPath: location.path, withIntermediateDirectories: true)
        #expect(
            throws: ChecklistError.databaseUnavailable(
                path: location.path, reason: "it is a directory; pass --db with a file path")
        ) { try DatabaseOpener.openForWriting(location) }
    }

    @Test func twoProcessesMayCreateTheSameDatabaseAtOnce() async throws {
        let location = self.location("race.db")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try DatabaseOpener.openForWriting(location).add(
                        titles("item \(index)"), to: "x")
                }
            }
            try await group.waitForAll()
        }
        #expect(try DatabaseOpener.openForReading(location).counts(in: .all).total == 8)
    }

    // MARK: - Helpers

    private func location(_ relative: String) -> DatabaseLocation {
        DatabaseLocation(path: folder.appendingPathComponent(relative).path)
    }

    private func mode(of relative: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(
            atPath: folder.appendingPathComponent(relative).path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    private func bytes(_ location: DatabaseLocation) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: location.path))
    }

    private func expectRefused(
        _ data: Data, as error: (String) -> ChecklistError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let location = self.location("bad-\(UUID().uuidString).db")
        try data.write(to: URL(fileURLWithPath: location.path))
        try expectRefused(at: location, as: error, sourceLocation: sourceLocation)
    }

    private func expectRefused(
        at location: DatabaseLocation, as error: (String) -> ChecklistError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try bytes(location)
        #expect(throws: error(location.path), sourceLocation: sourceLocation) {
            try DatabaseOpener.openForWriting(location).add(titles("x"), to: "x")
        }
        #expect(throws: error(location.path), sourceLocation: sourceLocation) {
            try DatabaseOpener.openForReading(location).items(in: .all)
        }
        #expect(try bytes(location) == before, "the file changed", sourceLocation: sourceLocation)
    }
}

func titles(count: Int) throws -> [Title] {
    try (1...count).map { try Title("item \($0)") }
}

/// Every connection the opener makes is defensive and distrusts the file's schema.
@Suite struct HardenedConnectionTests {
    @Test func theSchemaCannotBeWrittenDirectly() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("hardened-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.db").path
        let queue = try DatabaseQueue(
            path: path, configuration: SQLiteOpener.configuration(readonly: false))
        try SQLiteSchema.migrate(queue)
        let trusted = try queue.read { try Int.fetchOne($0, sql: "PRAGMA trusted_schema") }
        #expect(trusted == 0)
        // Defensive mode: writable_schema is ignored, so sqlite_master cannot be edited.
        #expect(throws: DatabaseError.self) {
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = sql WHERE name = 'items'")
            }
        }
    }
}
