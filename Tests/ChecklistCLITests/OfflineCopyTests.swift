import Foundation
import Testing

/// Contract v4, offline copies: `clone`, every command on the copy, and `sync`, against the real
/// server (issue 31). Two copies, ana's and bob's (`clone --as`), and the server itself.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class OfflineCopyTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
    }

    func path(_ name: String) -> String {
        cli.folder.appendingPathComponent(name).path
    }

    @discardableResult
    func on(_ database: String, _ arguments: String..., stdin: String = "") throws
        -> CLI.Result
    {
        try cli.run(
            arguments, stdin: Data(stdin.utf8),
            environment: [
                "CHECKLIST_DB": database.hasPrefix("postgres") ? database : path(database)
            ])
    }

    /// The server with `camping` (Tent, Stove checked, Map) and copies `ana.db` and `bob.db`.
    func twoCopies() throws {
        #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
        #expect(try on(uri, "check", "-q", "2").status == 0)
        #expect(try on(uri, "clone", "--as", "ana", uri, path("ana.db")).status == 0)
        #expect(try on(uri, "clone", "--as", "bob", uri, path("bob.db")).status == 0)
    }

    func sync(_ copy: String) throws -> CLI.Result {
        let result = try on(copy, "sync")
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    func export(_ database: String) throws -> String {
        let result = try on(database, "export", "--all", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Both copies and the server hold the same lists, items, states, titles and order.
    func expectInStep(_ copies: String...) throws {
        let server = try export(uri)
        for copy in copies { #expect(try export(copy) == server, "\(copy)") }
    }

    func sqlite(_ file: String, _ sql: String) throws -> String {
        try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), [path(file), sql], stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin"], in: cli.folder
        ).stdout
    }

    @Test func cloneCopiesEveryListWithIDsHistoryAndAuthorsAndKeepsNoPassword() throws {
        #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove").status == 0)
        #expect(try on(uri, "add", "-q", "-l", "groceries", "Milk").status == 0)
        #expect(try on(uri, "check", "-q", "2").status == 0)
        let withPassword = uri + "&password=hunter2secret"
        let clone = try on(uri, "clone", withPassword, path("copy.db"))
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(clone.stderr.contains("cloned 2 lists (3 items)"))
        #expect(!clone.stderr.contains("hunter2secret"))
        try expectInStep("copy.db")
        #expect(try on("copy.db", "history").stdout == on(uri, "history").stdout)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("copy.db")))
        #expect(bytes.range(of: Data("hunter2secret".utf8)) == nil)
        #expect(try sqlite("copy.db", "SELECT uri FROM syncState") == uri + "\n")
        let mode =
            try FileManager.default.attributesOfItem(atPath: path("copy.db"))[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func cloneRefusesAFileThatExists() throws {
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path("taken.db")))
        let result = try on(uri, "clone", uri, path("taken.db"))
        #expect(result.status == 74)
        #expect(result.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: path("taken.db"), encoding: .utf8) == "mine")
        #expect(try on(uri, "clone", "not-a-uri", path("x.db")).status == 64)
    }

    @Test func itemsAddedOfflineKeepTheirIDsAndNoIDIsGivenTwice() throws {
        try twoCopies()
        let anaAdd = try on("ana.db", "add", "-l", "camping", "Lantern")
        let bobAdd = try on("bob.db", "add", "-l", "camping", "Rope")
        let serverAdd = try on(uri, "add", "-l", "camping", "Matches")
        let ids = [anaAdd, bobAdd, serverAdd].map {
            $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(Set(ids).count == 3, "\(ids)")
        #expect(try sync("ana.db").stderr.contains("sent 1 change, received 1 change, 0 conflicts"))
        #expect(try sync("bob.db").stderr.contains("sent 1 change"))
        _ = try sync("ana.db")
        try expectInStep("ana.db", "bob.db")
        let listed = try on(uri, "list", "-l", "camping", "--format", "ids").stdout
        for id in ids { #expect(listed.split(separator: "\n").contains(Substring(id))) }
        // History on both sides shows what was merged, under its authors.
        let history = try on(uri, "history").stdout
        #expect(history.contains("ana  added 1 item to 'camping' (ID \(ids[0]))"))
        #expect(history.contains("bob  added 1 item to 'camping' (ID \(ids[1]))"))
        #expect(try on("ana.db", "history").stdout == history)
        // After items from elsewhere with larger IDs came in, offline adds still work and
        // still take IDs no one else has.
        for round in 0..<2 {
            var more: [String] = []
            for database in ["ana.db", "bob.db", uri] {
                let added = try on(database, "add", "-l", "camping", "Round \(round)")
                #expect(added.status == 0, "\(database): \(added.stderr)")
                more.append(added.stdout)
            }
            #expect(Set(more).count == 3, "\(more)")
            _ = try sync("ana.db")
            _ = try sync("bob.db")
        }
        _ = try sync("ana.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func theLatestEditOfAFieldWinsAndTheLoserIsTold() throws {
        try twoCopies()
        #expect(try on("ana.db", "uncheck", "-q", "2").status == 0)
        #expect(try on("bob.db", "check", "-q", "1").status == 0)
        #expect(try on("bob.db", "rename", "-q", "2", "Camp stove").status == 0)
        // Bob checks 2 after ana unchecked it: bob's is the later edit.
        #expect(try on("bob.db", "uncheck", "-q", "2").status == 0)
        #expect(try on("bob.db", "check", "-q", "2").status == 0)
        #expect(try sync("bob.db").stdout == "")
        let anas = try sync("ana.db")
        let lines = anas.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(anas.stdout)")
        #expect(
            lines.first?.range(
                of:
                    #"^item 2 'Camp stove': your uncheck \(\d\d:\d\d:\d\d, ana\) lost to bob's check \(\d\d:\d\d:\d\d\)$"#,
                options: .regularExpression) != nil, "\(lines)")
        #expect(anas.stderr.contains("1 conflict"))
        // Fields merge one by one: bob's title and ana's nothing else.
        #expect(
            try on(uri, "list", "-l", "camping").stdout
                == "[x] 1 Tent\n[x] 2 Camp stove\n[ ] 3 Map\n")
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    /// Issue 31's review, finding 5: bob renames Stove offline, ana syncs after that (her copy
    /// has seen the server at a later time than bob's stamp), then bob syncs. Ana never saw
    /// bob's rename, so her later rename, which wins, is told as a conflict, though bob's
    /// stamp is older than anything her copy had seen: the server knows by the revision at
    /// which the title was last set. A field she had seen is no conflict.
    @Test func aLateSyncedOlderEditOverwrittenUnseenIsTold() throws {
        try twoCopies()
        #expect(try on("bob.db", "rename", "-q", "2", "Camp stove").status == 0)
        #expect(try on("bob.db", "check", "-q", "3").status == 0)
        usleep(20_000)
        // A sync that sends something: her copy has seen the server as of now.
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        #expect(try sync("ana.db").stdout == "")
        #expect(try sync("bob.db").stdout == "")
        usleep(20_000)
        #expect(try on("ana.db", "rename", "-q", "2", "Gas stove").status == 0)
        #expect(try on("ana.db", "rename", "-q", "1", "Big tent").status == 0)
        let anas = try sync("ana.db")
        let lines = anas.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(anas.stdout)")
        #expect(
            lines.first?.range(
                of:
                    #"^item 2 'Camp stove': bob's rename to 'Camp stove' \(\d\d:\d\d:\d\d\) lost to your rename to 'Gas stove' \(\d\d:\d\d:\d\d, ana\)$"#,
                options: .regularExpression) != nil, "\(lines)")
        #expect(
            try on(uri, "list", "-l", "camping").stdout
                == "[x] 1 Big tent\n[x] 2 Gas stove\n[x] 3 Map\n")
        // Now that ana has seen bob's check of Map, her uncheck of it tells nothing.
        #expect(try on("ana.db", "uncheck", "-q", "3").status == 0)
        #expect(try sync("ana.db").stdout == "")
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    /// An edit written on the server outside checklist with its stamp emptied has no author
    /// nor time: told as an edit made elsewhere (it was `'s uncheck ()`).
    @Test func anUnstampedEditThatLostIsToldAsMadeElsewhere() throws {
        try twoCopies()
        try TestServer.psql(uri, TestServer.settingStamp("checked", to: "''") + " WHERE id = 1")
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        let lines = try sync("ana.db").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(lines)")
        let told =
            #"^item 1 'Tent': an uncheck elsewhere lost to your check \(\d\d:\d\d:\d\d, ana\)$"#
        #expect(lines.first?.range(of: told, options: .regularExpression) != nil, "\(lines)")
        try expectInStep("ana.db")
    }

    @Test func anOfflineResetNeverUndoesALaterCheckElsewhere() throws {
        try twoCopies()
        // Ana resets the list offline (Stove was checked); later, bob unchecks and checks
        // Stove again, and checks Map.
        #expect(try on("ana.db", "uncheck", "-q", "--all", "-l", "camping").status == 0)
        #expect(try on("bob.db", "uncheck", "-q", "2").status == 0)
        #expect(try on("bob.db", "check", "-q", "2", "3").status == 0)
        _ = try sync("bob.db")
        let anas = try sync("ana.db")
        #expect(
            try on(uri, "list", "-l", "camping").stdout == "[ ] 1 Tent\n[x] 2 Stove\n[x] 3 Map\n")
        #expect(anas.stdout.hasPrefix("item 2 'Stove': your uncheck ("), "\(anas.stdout)")
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func deleteCheckedDeletesOnlyWhatWasCheckedThereAndADeleteWins() throws {
        try twoCopies()
        // Ana deletes what she had checked (2); bob checks 3 meanwhile, and renames 2.
        #expect(try on("ana.db", "delete", "-q", "--checked", "-l", "camping").status == 0)
        #expect(try on("bob.db", "check", "-q", "3").status == 0)
        #expect(try on("bob.db", "rename", "-q", "2", "Old stove").status == 0)
        _ = try sync("bob.db")
        let anas = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "camping").stdout == "[ ] 1 Tent\n[x] 3 Map\n")
        // Bob's rename of the item ana deleted is dropped, and told.
        #expect(
            anas.stdout.contains("item 2 'Old stove': bob's rename to 'Old stove'"),
            "\(anas.stdout)")
        #expect(anas.stdout.contains("lost to your delete"))
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func anEditOfAnItemDeletedElsewhereIsDroppedAndTold() throws {
        try twoCopies()
        #expect(try on("ana.db", "rename", "-q", "1", "Big tent").status == 0)
        #expect(try on("bob.db", "delete", "-q", "1").status == 0)
        _ = try sync("bob.db")
        let anas = try sync("ana.db")
        #expect(
            anas.stdout.hasPrefix("item 1 'Big tent': your rename to 'Big tent' ("),
            "\(anas.stdout)")
        #expect(anas.stdout.contains("lost to bob's delete ("))
        #expect(try on(uri, "list", "-l", "camping", "--format", "ids").stdout == "2\n3\n")
        try expectInStep("ana.db")
    }

    @Test func aSingleChoiceListKeepsTheLatestCheck() throws {
        try twoCopies()
        #expect(try on(uri, "lists", "mode", "-q", "camping", "single").status == 0)
        _ = try sync("ana.db")
        _ = try sync("bob.db")
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        #expect(try on("bob.db", "check", "-q", "3").status == 0)
        _ = try sync("ana.db")
        _ = try sync("bob.db")
        #expect(
            try on(uri, "list", "-l", "camping").stdout == "[ ] 1 Tent\n[ ] 2 Stove\n[x] 3 Map\n")
        _ = try sync("ana.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func listsMergeByName() throws {
        try twoCopies()
        #expect(try on("ana.db", "add", "-q", "-l", "beach", "Towel").status == 0)
        #expect(try on("bob.db", "add", "-q", "-l", "beach", "Sunscreen").status == 0)
        _ = try sync("ana.db")
        _ = try sync("bob.db")
        _ = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "beach").stdout.split(separator: "\n").count == 2)
        #expect(try on(uri, "lists").stdout.components(separatedBy: "beach").count == 2)
        try expectInStep("ana.db", "bob.db")
    }

    @Test func aServerOutOfReachChangesNothingOnEitherSide() throws {
        try twoCopies()
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        let server = try TestServer.dump(uri)
        let uriKept = try sqlite("ana.db", "SELECT uri FROM syncState")
        _ = try sqlite("ana.db", "UPDATE syncState SET uri = 'postgresql://127.0.0.1:1/none'")
        let before = try export("ana.db")
        let result = try on("ana.db", "sync")
        #expect(result.status == 74)
        #expect(result.stderr.contains("127.0.0.1"))
        #expect(try export("ana.db") == before)
        #expect(try TestServer.dump(uri) == server)
        // Back in reach: the change waited and goes now.
        _ = try sqlite(
            "ana.db", "UPDATE syncState SET uri = '\(uriKept.trimmingCharacters(in: .newlines))'")
        #expect(try sync("ana.db").stderr.contains("sent 1 change"))
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[x] 1 Tent"))
    }

    @Test func syncOnAFileThatIsNotACopySaysHowToMakeOne() throws {
        #expect(try on("plain.db", "add", "-q", "Tent").status == 0)
        let result = try on("plain.db", "sync")
        #expect(result.status == 64)
        #expect(result.stderr.contains("checklist clone"))
        #expect(try on("missing.db", "sync").status == 64)
        #expect(!FileManager.default.fileExists(atPath: path("missing.db")))
        #expect(try on(uri, "sync").status == 64)
    }

    @Test func aCopyThatRanOutOfIDsSaysSoAndSyncRefillsIt() throws {
        try twoCopies()
        #expect(try on("ana.db", "add", "-q", "Lantern").status == 0)
        _ = try sqlite(
            "ana.db",
            "UPDATE syncState SET lastReservedId = (SELECT seq FROM sqlite_sequence WHERE name = 'items')"
        )
        let before = try export("ana.db")
        let refused = try on("ana.db", "add", "Rope")
        #expect(refused.status == 75)
        #expect(refused.stderr.contains("checklist sync"))
        #expect(try export("ana.db") == before)
        _ = try sync("ana.db")
        #expect(try on("ana.db", "add", "-q", "Rope").status == 0)
        _ = try sync("ana.db")
        try expectInStep("ana.db")
    }

    @Test func undoOnTheCopyAndOnTheServerRevertsSyncedChanges() throws {
        try twoCopies()
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        _ = try sync("ana.db")
        // Ana undoes her synced check on the copy; the undo goes with the next sync.
        let undo = try on("ana.db", "undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        _ = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[ ] 1 Tent"))
        #expect(!(try on(uri, "history").stdout.contains("ana  checked")))
        // A change of ana's undone on the server by another author needs --anyone, and an
        // undo that would overwrite a later change by someone else is refused (75).
        #expect(try on("ana.db", "rename", "-q", "3", "Paper map").status == 0)
        _ = try sync("ana.db")
        #expect(try on(uri, "rename", "-q", "3", "Road map").status == 0)
        #expect(try on(uri, "undo", "--anyone").status == 0)
        let refused = try cli.run(
            ["undo", "--anyone"], stdin: Data(), environment: ["CHECKLIST_DB": uri])
        #expect(refused.status == 0 || refused.status == 75)
        _ = try sync("ana.db")
        try expectInStep("ana.db")
    }

    /// A sync killed at any moment loses nothing and applies nothing twice: the next one
    /// finishes it.
    @Test func aSyncKilledAnywhereIsCompletedByTheNext() throws {
        try twoCopies()
        var titles: [String] = []
        for round in 0..<6 {
            for index in 0..<8 {
                let title = "item \(round)-\(index)"
                titles.append(title)
                #expect(try on("ana.db", "add", "-q", "-l", "camping", title).status == 0)
            }
            #expect(try on("ana.db", "toggle", "-q", "1").status == 0)
            let delay = [0.005, 0.02, 0.04, 0.07, 0.1, 0.15][round]
            let killed = try cli.pipeline(
                """
                CHECKLIST_DB=ana.db checklist sync >/dev/null 2>&1 & pid=$!
                sleep \(delay); kill -9 $pid 2>/dev/null; wait $pid; true
                """)
            #expect(killed.status == 0)
        }
        _ = try sync("ana.db")
        let listed = try on(uri, "list", "-l", "camping").stdout
        for title in titles {
            #expect(listed.components(separatedBy: " \(title)\n").count == 2, "\(title)")
        }
        // Six toggles of item 1: unchecked, as on the copy before the syncs.
        #expect(listed.hasPrefix("[ ] 1 Tent"))
        // Each add is in the server's history once (a change applied twice would be twice).
        let adds = try on(uri, "history").stdout.split(separator: "\n").compactMap { line in
            line.range(of: "  ana  added ").map { String(line[$0.upperBound...]) }
        }
        #expect(adds.count >= 40, "\(adds.count)")
        #expect(Set(adds).count == adds.count)
        try expectInStep("ana.db")
    }

    /// Polls `condition` for up to 8 s.
    private func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        for _ in 0..<32 {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return try condition()
    }

    /// `sync --watch` on ana's copy, once its stderr (`watch.err`, returned) says `said`.
    private func startWatch(saying said: String) throws -> (CLI.Running, URL) {
        let watcher = try cli.startScript(
            "exec \"$CHECKLIST\" --db ana.db sync --watch 2> watch.err > watch.out")
        let errors = cli.folder.appendingPathComponent("watch.err")
        #expect(
            eventually {
                (try? String(contentsOf: errors, encoding: .utf8))?.contains(said) == true
            }, "sync --watch never said \(said)")
        return (watcher, errors)
    }

    /// `sync --watch` sends a change on the copy, brings one made on the server, and while the
    /// server is out of reach says so and tries again.
    @Test func syncWatchKeepsTheCopyAndTheServerInStep() throws {
        try twoCopies()
        let uriKept = try sqlite("ana.db", "SELECT uri FROM syncState")
            .trimmingCharacters(in: .newlines)
        _ = try sqlite("ana.db", "UPDATE syncState SET uri = 'postgresql://127.0.0.1:1/none'")
        let (watcher, errors) = try startWatch(saying: "trying again")
        defer { watcher.kill() }
        _ = try sqlite("ana.db", "UPDATE syncState SET uri = '\(uriKept)'")
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "Lantern").status == 0)
        #expect(try eventually { try on(uri, "list", "-l", "camping").stdout.contains("Lantern") })
        #expect(try on(uri, "check", "-q", "1").status == 0)
        #expect(
            try eventually {
                try on("ana.db", "list", "-l", "camping").stdout.hasPrefix("[x] 1 Tent")
            })
        #expect(try String(contentsOf: errors, encoding: .utf8).contains("the server is back"))
    }

    /// Issue 48, 19: `sync --watch` says on stderr that it started (not with -q), and Ctrl-C or
    /// SIGTERM end it with 0, as they end `serve` (before: nothing said; 130 and 143).
    @Test func syncWatchSaysItStartedAndEndsWithZeroOnASignal() throws {
        try twoCopies()
        for signal in [SIGINT, SIGTERM] {
            let (watcher, _) = try startWatch(
                saying: "syncing whenever this copy or its server changes; Ctrl-C stops")
            defer { watcher.kill() }
            // Past its first sync: the signal comes between syncs, as a person's would.
            Thread.sleep(forTimeInterval: 1)
            kill(watcher.child.pid, signal)
            let ended = try watcher.finish()
            #expect(ended.status == 0, "signal \(signal): \(ended)")
        }
        let quiet = try cli.startScript(
            "exec \"$CHECKLIST\" --db ana.db sync --watch -q 2> quiet.err > quiet.out")
        defer { quiet.kill() }
        // Nothing is said: ready once it catches SIGTERM (its bit in /proc's SigCgt mask).
        let status = "/proc/\(quiet.child.pid)/status"
        #expect(
            eventually {
                guard let text = try? String(contentsOfFile: status, encoding: .utf8),
                    let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }
                    ),
                    let mask = UInt64(
                        line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
                else { return false }
                return mask & (1 << (UInt64(SIGTERM) - 1)) != 0
            })
        Thread.sleep(forTimeInterval: 0.5)
        kill(quiet.child.pid, SIGTERM)
        #expect(try quiet.finish().status == 0)
        #expect(
            try String(contentsOf: cli.folder.appendingPathComponent("quiet.err"), encoding: .utf8)
                == "")
    }

    /// Review findings: a change numbered after an undo on the copy, and a second undo sent
    /// from the copy, are not taken for ones already sent.
    @Test func changesAndUndosAfterEarlierOnesAreAllSent() throws {
        try twoCopies()
        let tent = try on("ana.db", "add", "-l", "camping", "Tent 2").stdout
            .trimmingCharacters(in: .newlines)
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "Map 2").status == 0)
        #expect(try on("ana.db", "undo", "-q").status == 0)
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "Stove 2").status == 0)
        _ = try sync("ana.db")
        #expect(try on("ana.db", "check", "-q", tent).status == 0)
        #expect(try sync("ana.db").stderr.contains("sent 1 change"))
        #expect(try on(uri, "list", "-l", "camping").stdout.contains("[x] \(tent) Tent 2"))
        // Two undos on the copy, each of a synced change, each sent.
        for id in ["1", "3"] {
            #expect(try on("ana.db", "check", "-q", id).status == 0)
            _ = try sync("ana.db")
            #expect(try on("ana.db", "undo", "-q").status == 0)
            #expect(try sync("ana.db").stderr.contains("sent 1 change"))
        }
        #expect(
            try on(uri, "list", "-l", "camping").stdout.hasPrefix(
                "[ ] 1 Tent\n[x] 2 Stove\n[ ] 3 Map"))
        try expectInStep("ana.db")
    }

    /// An undo on the copy of a change the server no longer holds is told, not dropped.
    @Test func anUndoOfAChangeGoneFromTheServerIsTold() throws {
        try twoCopies()
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        _ = try sync("ana.db")
        #expect(try on("ana.db", "undo", "-q").status == 0)
        #expect(try on(uri, "undo", "-q", "--anyone").status == 0)
        let anas = try sync("ana.db")
        #expect(anas.stdout.contains("your undo of change"), "\(anas.stdout)")
        #expect(anas.stdout.contains("lost to the server's history, which no longer holds it"))
        try expectInStep("ana.db")
    }
}
