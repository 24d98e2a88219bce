import Foundation
import Testing

/// Contract v5, "Offline copies (clarified)" (issue 47, part 2): everything told. `sync`'s
/// summary counts every change sent and received, however many; a copy short of IDs says how
/// many an add needs and how many it has left.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class OfflineCopyToldTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
        #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
        let cloned = try on(uri, "clone", "--as", "ana", uri, path("ana.db"))
        #expect(cloned.status == 0, "\(cloned)")
    }

    @Test func theSummaryCountsEveryChangeSentAndReceivedUndosIncluded() throws {
        // 60 changes there (past the journal's 50) and an undo; 55 here and an undo of one of
        // them (54 changes left to send, and the undo).
        for round in 0..<30 {
            #expect(try on(uri, "toggle", "-q", "1").status == 0)
            #expect(try on("ana.db", "toggle", "-q", "2").status == 0, "\(round)")
        }
        for round in 0..<30 {
            #expect(try on(uri, "add", "-q", "-l", "camping", "There \(round)").status == 0)
        }
        for round in 0..<25 {
            #expect(try on("ana.db", "add", "-q", "-l", "camping", "Here \(round)").status == 0)
        }
        #expect(try on(uri, "undo", "-q").status == 0)
        #expect(try on("ana.db", "undo", "-q").status == 0)
        let synced = try on("ana.db", "sync")
        #expect(synced.status == 0, "\(synced)")
        #expect(
            synced.stderr == "sent 55 changes, received 61 changes, 0 conflicts\n", "\(synced)")
    }

    @Test func aCopyShortOfIDsSaysHowManyItNeedsAndHasLeft() throws {
        let last = try sqlite("ana.db", "SELECT lastReservedId FROM syncState")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let used = (Int(last) ?? 0) - 2
        _ = try sqlite("ana.db", "UPDATE sqlite_sequence SET seq = \(used) WHERE name = 'items'")
        let refused = try on("ana.db", "add", "-l", "camping", "A", "B", "C", "D")
        #expect(refused.status == 75, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "checklist: this offline copy needs 4 item IDs for this add and has 2 left of"
                    + " the 1000 the server reserved for it; nothing changed"),
            "\(refused)")
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "A", "B").status == 0)
    }

    @Test func aCloneThatDidNotFinishLeavesNoFile() throws {
        // The server's write lock held elsewhere: the clone waits there, and is killed.
        let killed = try cli.pipeline(
            """
            psql '\(uri)' -X -q -c 'BEGIN' \\
                -c 'SELECT revision FROM checklist.state FOR UPDATE' \\
                -c 'SELECT pg_sleep(3)' -c 'COMMIT' >/dev/null 2>&1 & holder=$!
            sleep 0.5
            "$CHECKLIST" clone '\(uri)' late.db >/dev/null 2>&1 & pid=$!
            sleep 1; kill -9 $pid 2>/dev/null; wait $pid; wait $holder; true
            """)
        #expect(killed.status == 0, "\(killed)")
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
            .filter { $0.hasPrefix("late.db") }
        #expect(left.isEmpty, "\(left)")
        // And a clone that finishes makes the file whole.
        let cloned = try on(uri, "clone", uri, path("late.db"))
        #expect(cloned.status == 0, "\(cloned)")
        #expect(try on("late.db", "list", "-l", "camping", "--format", "ids").stdout == "1\n2\n3\n")
    }

    @Test func copiesListsTheServersCopiesAndForgetRetiresOne() throws {
        #expect(try on(uri, "clone", "--as", "bob", uri, path("bob.db")).status == 0)
        #expect(try on("bob.db", "check", "-q", "1").status == 0)
        #expect(try on("bob.db", "sync", "-q").status == 0)
        let listed = try on(uri, "copies")
        #expect(listed.status == 0, "\(listed)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(listed)")
        let minute = #"\d{4}-\d\d-\d\d \d\d:\d\d"#
        #expect(
            lines.first?.range(
                of: "^1  \(minute)  ana  not synced since$", options: .regularExpression) != nil,
            "\(lines)")
        #expect(
            lines.last?.range(
                of: "^2  \(minute)  bob  last sync \(minute)$", options: .regularExpression)
                != nil, "\(lines)")
        #expect(try on(uri, "copies", "--format", "ids").stdout == "1\n2\n")

        // A deletion there is kept while ana has not seen it; retiring her copy drops it.
        #expect(try on(uri, "delete", "-q", "2").status == 0)
        #expect(try on("bob.db", "sync", "-q").status == 0)
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.deleted_items") == "1\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: path("ana.db")))
        let forgot = try on(uri, "copies", "forget", "1")
        #expect(forgot.status == 0, "\(forgot)")
        #expect(forgot.stderr.hasPrefix("retired copy 1 (ana, made "), "\(forgot)")
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.deleted_items") == "0\n")
        #expect(try on(uri, "copies", "--format", "ids").stdout == "2\n")

        // Her copy's sync is refused with the way to clone anew; the file keeps what it held.
        let refused = try on("ana.db", "sync")
        #expect(refused.status == 65, "\(refused)")
        #expect(
            refused.stderr.contains(
                "this offline copy was retired on its server (copy 1: `checklist copies forget 1`)"),
            "\(refused)")
        #expect(refused.stderr.contains("`checklist clone \(uri) NEWFILE`"), "\(refused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("ana.db"))) == before)
        #expect(try on("bob.db", "sync", "-q").status == 0)

        #expect(try on(uri, "copies", "forget", "7").status == 3)
        #expect(try on(uri, "copies", "forget", "1").status == 3)
        let onFile = try on("ana.db", "copies")
        #expect(onFile.status == 64, "\(onFile)")
    }

    /// Every overruled edit is told whichever copy syncs first: the loser at its next sync,
    /// the winner when it brings the loser's edit in; each once, times to the second.
    @Test func everyOverruledEditIsToldOnBothSidesWhicheverSyncsFirst() throws {
        #expect(try on(uri, "clone", "--as", "bob", uri, path("bob.db")).status == 0)
        let time = #"\d\d:\d\d:\d\d"#
        // The loser syncs first.
        #expect(try on("ana.db", "rename", "-q", "1", "Big tent").status == 0)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try on("bob.db", "rename", "-q", "1", "Tarp").status == 0)
        try expectTold("ana.db", [])
        try expectTold(
            "bob.db",
            [
                "^item 1 'Big tent': ana's rename to 'Big tent' \\(\(time)\\) lost to your rename"
                    + " to 'Tarp' \\(\(time), bob\\)$"
            ])
        try expectTold(
            "ana.db",
            [
                "^item 1 'Big tent': your rename to 'Big tent' \\(\(time), ana\\) lost to bob's"
                    + " rename to 'Tarp' \\(\(time)\\)$"
            ])
        // The winner syncs first.
        #expect(try on("ana.db", "rename", "-q", "3", "Atlas").status == 0)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try on("bob.db", "rename", "-q", "3", "Chart").status == 0)
        try expectTold("bob.db", [])
        try expectTold(
            "ana.db",
            [
                "^item 3 'Chart': your rename to 'Atlas' \\(\(time), ana\\) lost to bob's rename to"
                    + " 'Chart' \\(\(time)\\)$"
            ])
        try expectTold(
            "bob.db",
            [
                "^item 3 'Chart': ana's rename to 'Atlas' \\(\(time)\\) lost to your rename to"
                    + " 'Chart' \\(\(time), bob\\)$"
            ])
        // Once each.
        try expectTold("ana.db", [])
        try expectTold("bob.db", [])
    }

    @Test func aSingleChoiceConflictIsOneLineOnEachSide() throws {
        #expect(try on(uri, "lists", "mode", "-q", "camping", "single").status == 0)
        #expect(try on("ana.db", "sync", "-q").status == 0)
        #expect(try on(uri, "clone", "--as", "bob", uri, path("bob.db")).status == 0)
        let time = #"\d\d:\d\d:\d\d"#
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try on("bob.db", "check", "-q", "3").status == 0)
        try expectTold("ana.db", [])
        try expectTold(
            "bob.db",
            [
                "^list 'camping': ana's choice of 'Tent' \\(\(time)\\) lost to your choice of 'Map'"
                    + " \\(\(time), bob\\)$"
            ])
        try expectTold(
            "ana.db",
            [
                "^list 'camping': your choice of 'Tent' \\(\(time), ana\\) lost to bob's choice of"
                    + " 'Map' \\(\(time)\\)$"
            ])
        #expect(
            try on(uri, "list", "-l", "camping", "--checked", "--format", "ids").stdout == "3\n")
    }

    /// Syncs `copy`; its stdout lines match `patterns`, one each, in order.
    func expectTold(_ copy: String, _ patterns: [String]) throws {
        let result = try on(copy, "sync")
        #expect(result.status == 0, "\(copy): \(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == patterns.count, "\(copy): \(result)")
        for (line, pattern) in zip(lines, patterns) {
            #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(copy): \(line)")
        }
    }

    // MARK: - Helpers

    func path(_ name: String) -> String {
        cli.folder.appendingPathComponent(name).path
    }

    @discardableResult
    func on(_ database: String, _ arguments: String...) throws -> CLI.Result {
        try cli.run(
            arguments, stdin: Data(),
            environment: [
                "CHECKLIST_DB": database.hasPrefix("postgres") ? database : path(database)
            ])
    }

    func sqlite(_ file: String, _ sql: String) throws -> String {
        try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [path(file), sql], stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin"], in: cli.folder
        ).stdout
    }
}
