import Foundation
import GRDB
import Testing

/// Promise 3: a writer that holds the lock makes a write wait, then fail cleanly; reads go on.
@Suite(.runsProcesses) final class LockTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try cli.run("add", "Tent", "Stove")
    }

    @Test(.fileOnly) func aWriteGivesUpWithABusyErrorAndAReadStillWorks() throws {
        let holder = try DatabaseQueue(path: cli.databasePath)
        var write: CLI.Result?
        var read: CLI.Result?
        var waited: TimeInterval = 0
        try holder.writeWithoutTransaction { db in
            // Another connection holds the write lock for longer than the 5 s busy timeout.
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "UPDATE items SET title = 'held' WHERE id = 1")
            let start = Date()
            write = try cli.run("check", "2")
            waited = Date().timeIntervalSince(start)
            read = try cli.run("list")
            try db.execute(sql: "ROLLBACK")
        }
        try holder.close()
        #expect(write?.status == 74)
        #expect(
            write?.stderr == "checklist: \(cli.databasePath) is busy: another process held it"
                + " locked for too long; nothing changed (try again)\n")
        #expect(waited >= 4.5, "it waited for the busy timeout")
        #expect(waited < 15, "it never hangs")
        #expect(read?.status == 0)
        #expect(read?.stdout == "[ ] 1 Tent\n[ ] 2 Stove\n", "WAL readers see the last commit")
        #expect(try StoredState.integrity(at: cli.databasePath) == "ok")
        #expect(try cli.run("check", "2").status == 0, "the lock is free again")
    }
}
