import Foundation
import Testing

/// Issue 31, 8: a sync cut anywhere, by a dropped connection or a stopped server, loses nothing
/// and applies nothing twice, and the next sync finishes it; copies syncing at once, beside
/// commands on the server, are safe. (kill -9 during a sync: `aSyncKilledAnywhereIsCompletedByTheNext`.)
extension OfflineCopyTests {
    /// Offline work for round `round` on a copy (ana's): an add and a toggle of item 1; and an
    /// add on the server, so that every sync has something to bring. (Three journal entries a
    /// round: the server's history, its newest 50, holds every round's.)
    private func offlineRound(_ round: Int, on copy: String, server: String) throws {
        #expect(try on(copy, "add", "-q", "-l", "camping", "offline \(round)").status == 0)
        #expect(try on(copy, "toggle", "-q", "1").status == 0)
        #expect(try on(server, "add", "-q", "-l", "camping", "server \(round)").status == 0)
    }

    /// After `rounds` rounds and a last whole sync: every add is on the server once, and in its
    /// history once (a change applied twice would be there twice), and item 1 was toggled once
    /// a round.
    private func expectEveryRoundOnce(_ rounds: Int, server: String, copy: String) throws {
        let listed = try on(server, "list", "-l", "camping").stdout
        for round in 0..<rounds {
            for title in ["offline \(round)", "server \(round)"] {
                #expect(listed.components(separatedBy: " \(title)\n").count == 2, "\(title)")
            }
        }
        #expect(listed.hasPrefix(rounds % 2 == 1 ? "[x] 1 Tent\n" : "[ ] 1 Tent\n"), "\(listed)")
        let adds = try on(server, "history").stdout.split(separator: "\n").filter {
            $0.contains("  ana  added 1 item to 'camping'")
        }
        #expect(adds.count == rounds && Set(adds).count == rounds, "\(adds)")
        #expect(try export(copy) == export(server))
    }

    /// The connection cut by a TCP proxy the test controls, at points spread over a whole
    /// sync's bytes each way, and right as the server answers COMMIT (it committed; the copy
    /// never heard): each cut sync exits 74 in one line, or had finished; the last finishes all.
    @Test(.needs(.python3)) func aSyncWhoseConnectionIsCutAnywhereLosesNothing() throws {
        try throughCuttingProxy { proxied, portFile, modeFile in
            try cutAnywhere(proxied: proxied, portFile: portFile, modeFile: modeFile)
        }
    }

    /// The test server through `Tests/network/cutting_proxy.py`: `body` gets its URI, the file
    /// the proxy writes its port to (and logs beside), and the file whose mode it follows.
    private func throughCuttingProxy(
        _ body: (_ proxied: String, _ portFile: String, _ modeFile: String) throws -> Void
    ) throws {
        let database = String(uri.dropFirst("postgresql:///".count).prefix { $0 != "?" })
        let host = try #require(
            uri.components(separatedBy: "host=").last?.components(separatedBy: "&").first)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("network/cutting_proxy.py").path
        let portFile = path("port")
        let modeFile = path("mode")
        try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
        let proxy = try ChildProcess(
            "/usr/bin/python3", [script, host + "/.s.PGSQL.5432", portFile, modeFile],
            stderr: path("proxy.err"))
        defer {
            kill(proxy.pid, SIGTERM)
            _ = try? proxy.wait()
        }
        try waitUntil("the proxy listens") { FileManager.default.fileExists(atPath: portFile) }
        let port = try String(contentsOfFile: portFile, encoding: .utf8)
        try body("postgresql://postgres@127.0.0.1:\(port)/\(database)", portFile, modeFile)
    }

    /// Issue 31's review, finding 7: a sync cut as the server committed leaves the copy
    /// counting its changes as unsent; an `undo` of one of them then is made on the server by
    /// the next sync (found by its time, author and words), not reverted by what that sync
    /// brings back; an undo of a change the server never took sends nothing.
    @Test(.needs(.python3)) func anUndoAfterASyncCutAsTheServerCommittedHoldsOnBothSides() throws {
        try throughCuttingProxy { proxied, _, modeFile in
            #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
            #expect(try on(uri, "clone", "--as", "ana", proxied, path("ana.db")).status == 0)
            #expect(try on("ana.db", "check", "-q", "2").status == 0)
            try "commit".write(toFile: modeFile, atomically: true, encoding: .utf8)
            let cut = try on("ana.db", "sync")
            try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
            try #require(cut.status == 74, "\(cut)")
            #expect(try on(uri, "list", "-l", "camping").stdout.contains("[x] 2 Stove"))
            #expect(try on("ana.db", "undo", "-q").status == 0)
            // Made and undone offline: the server never had it.
            #expect(try on("ana.db", "add", "-q", "-l", "camping", "Rope").status == 0)
            #expect(try on("ana.db", "undo", "-q").status == 0)
            let synced = try on("ana.db", "sync")
            #expect(synced.status == 0, "\(synced)")
            #expect(synced.stdout.isEmpty, "no conflict: \(synced)")
            let listed = try on(uri, "list", "-l", "camping").stdout
            #expect(listed == "[ ] 1 Tent\n[ ] 2 Stove\n[ ] 3 Map\n", "\(listed)")
            #expect(try export("ana.db") == export(uri))
            let history = try on(uri, "history").stdout
            #expect(!history.contains("ana  checked 1 item (ID 2)"), "undone there: \(history)")
            #expect(!history.contains("Rope"), "\(history)")
        }
    }

    /// A one-item check sends its COMMIT with everything (issue 49): a connection cut as the
    /// server committed leaves the outcome unknown, and the line says so and how to look
    /// (contract v5, "Waiting for a server"), where libpq's reason alone said nothing of it.
    @Test(.needs(.python3)) func aWriteCutAsTheServerCommittedSaysTheOutcomeIsUnknown() throws {
        try throughCuttingProxy { proxied, _, modeFile in
            #expect(try on(uri, "add", "-q", "Tent", "Stove").status == 0)
            try "commit".write(toFile: modeFile, atomically: true, encoding: .utf8)
            let cut = try on(proxied, "check", "2")
            try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
            #expect(cut.status == 74, "\(cut)")
            #expect(cut.stderr.split(separator: "\n").count == 1, "\(cut)")
            #expect(cut.stderr.contains("whether the change was made is unknown"), "\(cut)")
            #expect(cut.stderr.contains("checklist history"), "\(cut)")
            // It was: the server committed.
            #expect(try on(uri, "list").stdout == "[ ] 1 Tent\n[x] 2 Stove\n")
        }
    }

    /// Issue 47's review: two syncs in a row cut as the server committed are the same copy
    /// again, not an older state of it (its adds keep their IDs, nothing is told); and an add
    /// given a new ID by a cut sync is followed by the copy's later edits of it.
    @Test(.needs(.python3)) func syncsCutAsTheServerCommittedKeepTheCopyAndItsNewIDs() throws {
        try throughCuttingProxy { proxied, _, modeFile in
            #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
            #expect(try on(uri, "clone", "--as", "ana", proxied, path("ana.db")).status == 0)
            let first = try sqlite("ana.db", "SELECT firstReservedId FROM syncState")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // A row another program planted at the copy's first reserved ID.
            try TestServer.psql(
                uri,
                """
                INSERT INTO checklist.items (id, list_id, title, is_selected, position,
                    created_at, updated_at)
                SELECT \(first), id, 'Squatter', false, 99, 'x', 'x' FROM checklist.lists
                """)
            #expect(try on("ana.db", "add", "-q", "-l", "camping", "Lantern").status == 0)
            for _ in 0..<2 {
                try "commit".write(toFile: modeFile, atomically: true, encoding: .utf8)
                let cut = try on("ana.db", "sync")
                try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
                try #require(cut.status == 74, "\(cut)")
                #expect(try on("ana.db", "add", "-q", "-l", "camping", "More").status == 0)
            }
            // Lantern (still at its old ID on the copy) is checked offline.
            #expect(try on("ana.db", "check", "-q", first).status == 0)
            let synced = try on("ana.db", "sync")
            #expect(synced.status == 0, "\(synced)")
            #expect(!synced.stdout.contains("put back"), "\(synced)")
            let listed = try on(uri, "list", "-l", "camping").stdout
            #expect(listed.contains("[ ] \(first) Squatter\n"), "\(listed)")
            #expect(listed.range(of: #"\[x\] \d+ Lantern\n"#, options: .regularExpression) != nil)
            #expect(listed.components(separatedBy: " More\n").count == 3, "\(listed)")
            #expect(listed.components(separatedBy: " Lantern\n").count == 2, "\(listed)")
            #expect(try export("ana.db") == export(uri))
        }
    }

    /// Issue 47: what a sync cut as the server committed would have told is told by the next,
    /// once: the syncing copy's own conflicts, and what it was to hear of another's sync.
    @Test(.needs(.python3)) func whatACutSyncWouldHaveToldIsToldByTheNextOnce() throws {
        try throughCuttingProxy { proxied, _, modeFile in
            #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
            #expect(try on(uri, "clone", "--as", "ana", proxied, path("ana.db")).status == 0)
            #expect(try on(uri, "clone", "--as", "bob", proxied, path("bob.db")).status == 0)
            #expect(try on("ana.db", "rename", "-q", "1", "Big tent").status == 0)
            Thread.sleep(forTimeInterval: 0.01)
            #expect(try on("bob.db", "rename", "-q", "1", "Tarp").status == 0)
            #expect(try on("bob.db", "sync").stdout.isEmpty)
            // ana's sync loses her rename, and is cut as the server commits: nothing printed.
            for copy in ["ana.db", "bob.db"] {
                try "commit".write(toFile: modeFile, atomically: true, encoding: .utf8)
                let cut = try on(copy, "sync")
                try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
                try #require(cut.status == 74, "\(cut)")
                #expect(cut.stdout.isEmpty, "\(cut)")
            }
            let told = try on("ana.db", "sync")
            #expect(told.status == 0)
            #expect(
                told.stdout.hasPrefix("item 1 'Tarp': your rename to 'Big tent' (")
                    && told.stdout.contains(" lost to bob's rename to 'Tarp' (")
                    && told.stdout.split(separator: "\n").count == 1, "\(told)")
            let heard = try on("bob.db", "sync")
            #expect(
                heard.stdout.hasPrefix("item 1 'Tarp': ana's rename to 'Big tent' (")
                    && heard.stdout.split(separator: "\n").count == 1, "\(heard)")
            // Once.
            #expect(try on("ana.db", "sync").stdout.isEmpty)
            #expect(try on("bob.db", "sync").stdout.isEmpty)
        }
    }

    /// The connection cut at points spread over a whole sync's bytes each way, and at COMMIT.
    private func cutAnywhere(proxied: String, portFile: String, modeFile: String) throws {
        #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
        #expect(try on(uri, "clone", "--as", "ana", proxied, path("ana.db")).status == 0)

        // A whole sync's bytes each way.
        try offlineRound(0, on: "ana.db", server: uri)
        _ = try sync("ana.db")
        let last =
            try String(contentsOfFile: portFile + ".log", encoding: .utf8)
            .split(separator: "\n").last.map { $0.split(separator: " ") } ?? []
        let c2s = try #require(last.firstIndex(of: "c2s").flatMap { Int(last[$0 + 1]) })
        let s2c = try #require(last.firstIndex(of: "s2c").flatMap { Int(last[$0 + 1]) })
        let fractions = [0.02, 0.25, 0.5, 0.75, 0.97]
        let modes =
            fractions.map { "c2s \(Int(Double(c2s) * $0))" }
            + fractions.map { "s2c \(Int(Double(s2c) * $0))" } + ["commit", "commit"]
        var cutAtCommit = 0
        for (index, mode) in modes.enumerated() {
            try offlineRound(index + 1, on: "ana.db", server: uri)
            try mode.write(toFile: modeFile, atomically: true, encoding: .utf8)
            let cut = try on("ana.db", "sync")
            try "pass".write(toFile: modeFile, atomically: true, encoding: .utf8)
            #expect(cut.status == 74 || cut.status == 0, "\(mode): \(cut)")
            if cut.status == 74 {
                #expect(cut.stderr.split(separator: "\n").count == 1, "\(mode): \(cut)")
                if mode == "commit" { cutAtCommit += 1 }
            }
        }
        #expect(cutAtCommit == 2, "the server committed and the copy never heard it")
        let log = try String(contentsOfFile: portFile + ".log", encoding: .utf8)
        #expect(log.components(separatedBy: "cut True").count - 1 >= modes.count - 2, "\(log)")
        _ = try sync("ana.db")
        try expectEveryRoundOnce(modes.count + 1, server: uri, copy: "ana.db")
    }

    /// The server stopped at once (`pg_ctl stop -m immediate`, as a power cut) at moments
    /// spread over syncs of a few hundred changed items, then started again.
    @Test(.enabled(if: getuid() == 0, "the server of its own is started as the postgres user"))
    func aSyncWhoseServerStopsLosesNothing() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".ci/postgres.sh").path
        let env = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
        func server(_ action: String, _ argument: String? = nil) throws -> CLI.Result {
            try CLI.execute(
                URL(fileURLWithPath: "/bin/bash"),
                [script, action] + (argument.map { [$0] } ?? []),
                stdin: Data(), environment: env, in: cli.folder)
        }
        let started = try server("start")
        try #require(started.status == 0, "\(started)")
        let own = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer { _ = try? server("stop", own) }
        #expect(try on(own, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
        #expect(try on(own, "clone", "--as", "ana", own, path("ana.db")).status == 0)
        let delays = [0.02, 0.06, 0.12, 0.25]
        var stopped = 0
        for (round, delay) in delays.enumerated() {
            try offlineRound(round, on: "ana.db", server: own)
            let many = (0..<200).map { "bulk \(round)-\($0)" }.joined(separator: "\n")
            #expect(try on("ana.db", "add", "-", "-q", "-l", "bulk", stdin: many).status == 0)
            #expect(try on("ana.db", "check", "--all", "-q", "-l", "bulk").status == 0)
            let syncing = try cli.start(["sync"], environment: ["CHECKLIST_DB": path("ana.db")])
            Thread.sleep(forTimeInterval: delay)
            #expect(try server("crash", own).status == 0)
            let result = try syncing.finish()
            #expect(result.status == 74 || result.status == 0, "\(result)")
            #expect(
                result.status == 0 || result.stderr.split(separator: "\n").count == 1, "\(result)")
            if result.status == 74 { stopped += 1 }
            try #require(try server("restart", own).status == 0)
        }
        #expect(stopped > 0, "no sync was stopped: the server stopped after each had ended")
        _ = try sync("ana.db")
        try expectEveryRoundOnce(delays.count, server: own, copy: "ana.db")
        #expect(try on(own, "count", "-l", "bulk").stdout == "800 800\n")
    }

    /// Two copies syncing at the same moment as commands on the server, three times over.
    @Test func copiesSyncingAtOnceBesideServerCommandsAreSafe() throws {
        try twoCopies()
        for round in 0..<3 {
            for name in ["ana", "bob"] {
                for index in 0..<3 {
                    let title = "\(name) \(round)-\(index)"
                    #expect(try on("\(name).db", "add", "-q", "-l", "camping", title).status == 0)
                }
            }
            #expect(try on("ana.db", "toggle", "-q", "1").status == 0)
            #expect(try on("bob.db", "toggle", "-q", "2").status == 0)
            let running = [
                try cli.start(["sync"], environment: ["CHECKLIST_DB": path("ana.db")]),
                try cli.start(["sync"], environment: ["CHECKLIST_DB": path("bob.db")]),
                try cli.start(
                    ["add", "-q", "-l", "camping", "server \(round)"],
                    environment: ["CHECKLIST_DB": uri]),
                try cli.start(["toggle", "-q", "3"], environment: ["CHECKLIST_DB": uri]),
            ]
            for process in running {
                let result = try process.finish()
                #expect(result.status == 0, "\(result)")
            }
        }
        for copy in ["ana.db", "bob.db", "ana.db"] { _ = try sync(copy) }
        let listed = try on(uri, "list", "-l", "camping").stdout
        for round in 0..<3 {
            var titles = ["server \(round)"]
            for name in ["ana", "bob"] { titles += (0..<3).map { "\(name) \(round)-\($0)" } }
            for title in titles {
                #expect(listed.components(separatedBy: " \(title)\n").count == 2, "\(title)")
            }
        }
        // Three toggles each: item 1 checked, item 2 (checked at first) not, item 3 checked.
        #expect(listed.hasPrefix("[x] 1 Tent\n[ ] 2 Stove\n[x] 3 Map\n"), "\(listed)")
        try expectInStep("ana.db", "bob.db")
    }

    /// A server that refuses this role what a sync needs (here: a change under another's name,
    /// which row-level security refuses) is told with the way out, 74; `sync --watch` ends on
    /// it rather than trying again for ever.
    @Test func aSyncTheServerRefusesSaysWhyAndWatchEndsOnIt() throws {
        #expect(try on(uri, "add", "-q", "Tent").status == 0)
        let role = "sync_" + UUID().uuidString.prefix(8).lowercased()
        _ = try TestServer.psql(
            uri,
            """
            CREATE ROLE \(role) LOGIN; GRANT USAGE ON SCHEMA checklist TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(role)
            """)
        let asRole = uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        #expect(try on(uri, "clone", "--as", "ana", asRole, path("ana.db")).status == 0)
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        let refused = try on("ana.db", "sync")
        #expect(refused.status == 74, "\(refused)")
        #expect(refused.stderr.contains("a role records changes only under its own name"))
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        // `timeout` only guards the test: a watch that kept trying would end 124.
        let watch = try cli.pipeline(
            "CHECKLIST_DB=ana.db timeout 20 \"$CHECKLIST\" sync --watch")
        #expect(watch.status == 74, "\(watch)")
        #expect(try on(uri, "list").stdout == "[ ] 1 Tent\n")
    }

    /// Issue 50 (STYLE): a copy's journal read through throwing paths. A NULL where the schema
    /// says otherwise (a file changed by something else) is said to be damaged (65), with
    /// nothing sent; before, it became a list of the wrong mode, or a crash.
    @Test func aDamagedJournalIsSaidDamagedAndNothingIsSent() throws {
        try twoCopies()
        #expect(try on("ana.db", "lists", "rename", "-q", "camping", "trip").status == 0)
        _ = try sqlite("ana.db", "UPDATE changedLists SET mode = NULL WHERE name IS NOT NULL")
        let damaged = try on("ana.db", "sync")
        #expect(damaged.status == 65, "\(damaged)")
        #expect(damaged.stderr.contains("is damaged"), "\(damaged)")
        #expect(damaged.stderr.split(separator: "\n").count == 1, "\(damaged)")
        #expect(try on(uri, "lists").stdout.contains("camping"), "nothing was sent")
    }
}
