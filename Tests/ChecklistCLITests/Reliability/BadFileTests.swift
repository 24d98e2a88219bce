import Foundation
import GRDB
import Testing

/// Promise 4: a file that is not a healthy checklist database gets the contract's status and a
/// one-line message, and is left byte-for-byte as it was.
@Suite(.runsProcesses) final class BadFileTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    enum Kind: String, CaseIterable {
        case textFile, randomBytes, truncatedDatabase, otherProgramsDatabase, newerSchema
    }

    @Test(.fileOnly, arguments: Kind.allCases)
    func aBadFileIsRefusedAndLeftUntouched(_ kind: Kind) throws {
        let path = try makeFile(kind)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for arguments in [
            ["add", "Tent"], ["list"], ["check", "1"], ["uncheck", "--all"], ["count"],
            ["lists"], ["delete", "--checked"], ["rename", "1", "x"], ["move", "1", "--to", "1"],
            ["lists", "add", "x"], ["undo"], ["history"], ["export"], ["import", "-"],
        ] {
            let result = try cli.run(arguments + ["--db", path], stdin: Data())
            #expect(result.status == 65, "\(kind) \(arguments): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("checklist: \(path) "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(kind) changed")
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(kind): \(suffix)")
        }
    }

    @Test func anEmptyFileIsInitialised() throws {
        let path = cli.folder.appendingPathComponent("empty.db").path
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try cli.run("list", "--db", path).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty, "a read leaves it empty")
        #expect(try cli.run("add", "--db", path, "Tent").status == 0)
        #expect(try cli.run("list", "--db", path).stdout == "[ ] 1 Tent\n")
    }

    @Test func aDirectoryIsRefusedWith74() throws {
        let path = cli.folder.appendingPathComponent("folder.db").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for arguments in [["add", "Tent"], ["list"]] {
            let result = try cli.run(arguments + ["--db", path], stdin: Data())
            #expect(result.status == 74)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
    }

    private func makeFile(_ kind: Kind) throws -> String {
        let path = cli.folder.appendingPathComponent("\(kind.rawValue).db").path
        let url = URL(fileURLWithPath: path)
        switch kind {
        case .textFile:
            try Data("milk\neggs\nbread\n".utf8).write(to: url)
        case .randomBytes:
            var generator = SeededGenerator(seed: 42)
            try Data((0..<65536).map { _ in UInt8.random(in: 0...255, using: &generator) })
                .write(to: url)
        case .truncatedDatabase:
            try StoredState.makeDatabase(cli, items: 5000)
            let queue = try DatabaseQueue(path: cli.databasePath)
            try queue.writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
            let whole = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
            try whole.prefix(whole.count / 3).write(to: url)
        case .otherProgramsDatabase:
            let queue = try DatabaseQueue(path: path)
            try queue.write {
                try $0.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
                try $0.execute(sql: "INSERT INTO notes (body) VALUES ('hello')")
            }
            try queue.close()
        case .newerSchema:
            try cli.run("add", "--db", path, "Tent")
            let queue = try DatabaseQueue(path: path)
            try queue.write {
                try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('9999_from_the_future')")
            }
            try queue.writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
        }
        return path
    }
}
