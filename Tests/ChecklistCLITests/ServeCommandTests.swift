import Foundation
import Testing

/// `checklist serve` as a process on a real socket: it prints the URL with its token, serves
/// the page, stores a tap, refuses what it must with nothing changed and keeps running, and
/// exits 0 on SIGTERM. (The page's rules in detail: ChecklistServeTests; in a browser:
/// Tests/browser/test_page.py.)
@Suite(.runsProcesses, .fileOnly, .needs(.curl)) final class ServeCommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try cli.run("add", "-l", "camping", "Tent", "Stove")
    }

    private func serve(_ extra: [String] = []) throws -> (CLI.Running, String) {
        let running = try cli.start(["serve", "-l", "camping", "--port", "0"] + extra)
        for _ in 0..<200 {
            if let line = running.stdoutSoFar().split(separator: "\n").first {
                return (running, String(line))
            }
            usleep(50_000)
        }
        throw HarnessError("serve printed no URL in 10 s: \(try running.finish())")
    }

    /// curl, for its status line and body.
    private func curl(_ arguments: [String]) throws -> (status: Int, body: String) {
        let result = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-s", "-o", "-", "-w", "\n%{http_code}"] + arguments, stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        return (Int(lines.last ?? "") ?? -1, lines.dropLast().joined(separator: "\n"))
    }

    @Test func servesThePageStoresATapRefusesWhatItMustAndStopsOnSIGTERM() throws {
        let (running, url) = try serve()
        #expect(url.wholeMatch(of: #/http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\//#) != nil, "\(url)")
        let page = try curl([url])
        #expect(page.status == 200)
        #expect(page.body.contains(#"<label for="item-1"><bdi>Tent</bdi></label>"#))
        let root = url.split(separator: "/").prefix(2).joined(separator: "//")
        #expect(try curl([root + "/state"]).status == 404)
        let boot = try curl([root + "/"])
        #expect(boot.status == 200 && !boot.body.contains("Tent"), "the public page, no list's")

        let origin = ["-H", "Origin: " + root]
        let tap = try curl(origin + ["--data", "id=2&to=checked", url + "toggle"])
        #expect(tap.status == 303)
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n[x] 2 Stove\n")

        let before = try cli.run("history").stdout
        let big = cli.folder.appendingPathComponent("big")
        try Data(("title=" + String(repeating: "x", count: 70_000)).utf8).write(to: big)
        #expect(try curl(origin + ["--data-binary", "@" + big.path, url + "add"]).status == 413)
        #expect(try curl(origin + ["--data", "id=99&to=checked", url + "toggle"]).status == 404)
        #expect(
            try curl([
                "-H", "Origin: http://evil.example", "--data", "id=1&to=checked", url + "toggle",
            ]).status == 403)
        #expect(try curl([url + "toggle"]).status == 405)
        #expect(try cli.run("history").stdout == before, "nothing changed")
        #expect(try curl([url]).status == 200, "still serving")

        kill(running.child.pid, SIGTERM)
        let result = try running.finish()
        #expect(result.status == 0, "\(result)")
    }

    /// Ctrl-C (SIGINT) ends it as SIGTERM does: exit 0, and the database is as the last change
    /// left it.
    @Test func ctrlCEndsItWithExit0() throws {
        let (running, url) = try serve()
        let root = url.split(separator: "/").prefix(2).joined(separator: "//")
        #expect(
            try curl(["-H", "Origin: " + root, "--data", "id=1&to=checked", url + "toggle"]).status
                == 303)
        kill(running.child.pid, SIGINT)
        let result = try running.finish()
        #expect(result.status == 0, "\(result)")
        #expect(try cli.run("list", "-l", "camping").stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
    }

    @Test func aPortInUseIsExit74WithOneLine() throws {
        let (running, url) = try serve()
        let port = String(url.split(separator: ":")[2].prefix { $0.isNumber })
        let second = try cli.run("serve", "--port", port, "--new-link")
        #expect(second.status == 74, "\(second)")
        #expect(try curl([url]).status == 200, "the link is replaced only by a serve that serves")
        #expect(
            second.stderr.hasPrefix("checklist: cannot listen on 127.0.0.1:\(port)"), "\(second)")
        #expect(second.stderr.filter { $0 == "\n" }.count == 1)
        kill(running.child.pid, SIGTERM)
        _ = try running.finish()
    }

    /// Issue 32, 21: SIGTERM and Ctrl-C close the database, so no -wal or -shm is left beside
    /// it (the handler used to end the process at once, before SQLite could remove them).
    @Test(arguments: [SIGTERM, SIGINT]) func aSignalLeavesNoWALOrSHMBesideTheFile(signal: Int32)
        throws
    {
        let (running, url) = try serve()
        let root = url.split(separator: "/").prefix(2).joined(separator: "//")
        #expect(
            try curl(["-H", "Origin: " + root, "--data", "id=1&to=checked", url + "toggle"]).status
                == 303)
        #expect(FileManager.default.fileExists(atPath: cli.databasePath + "-wal"), "open: WAL")
        kill(running.child.pid, signal)
        let result = try running.finish()
        #expect(result.status == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath + "-shm"))
        #expect(try cli.run("list", "-l", "camping").stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
    }

    /// Issue 32, 14: on anything but loopback, one line says the link crosses the network in
    /// the clear; on loopback, nothing.
    @Test func aLinkOnTheNetworkIsSaidToCrossItInTheClear() throws {
        for (host, warns) in [("0.0.0.0", true), ("127.0.0.1", false)] {
            let running = try cli.start(["serve", "-l", "camping", "--host", host, "--port", "0"])
            try waitUntil("serve printed its URL") { running.stdoutSoFar().contains("\n") }
            kill(running.child.pid, SIGTERM)
            let result = try running.finish()
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.contains("crosses in the clear") == warns, "\(host): \(result)")
            #expect(result.stderr.filter { $0 == "\n" }.count == (warns ? 1 : 0), "\(result)")
        }
    }

    /// Issue 32, 20: serve refuses as the other commands do, at once, with one line.
    @Test func aMissingListOrDatabaseIsThreeAndNothingIsCreated() throws {
        let nosuch = try cli.run("serve", "-l", "nosuch", "--port", "0")
        #expect(nosuch.status == 3, "\(nosuch)")
        #expect(
            nosuch.stderr
                == "checklist: no list named 'nosuch'; see `checklist lists`, or add an item to create it\n"
        )
        let typo = cli.folder.appendingPathComponent("typo.db").path
        let missing = try cli.run("serve", "--db", typo, "--port", "0")
        #expect(missing.status == 3, "\(missing)")
        #expect(missing.stderr.hasPrefix("checklist: no database at \(typo); nothing to serve"))
        #expect(missing.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: typo))
        #expect(!FileManager.default.fileExists(atPath: typo + "-wal"))
    }

    @Test func withoutChecklistServeBesideItServeSaysWhatIsMissing() throws {
        let alone = cli.folder.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let copy = alone.appendingPathComponent("checklist")
        try FileManager.default.copyItem(at: CLI.binary, to: copy)
        let result = try CLI.execute(
            copy, ["serve"], stdin: Data(),
            environment: ["CHECKLIST_DB": cli.databasePath, "PATH": "/usr/bin:/bin"], in: cli.folder
        )
        #expect(result.status == 74)
        #expect(
            result.stderr == "checklist: cannot use \(alone.path)/checklist-serve: cannot run it"
                + " (No such file or directory); checklist serve needs checklist-serve installed"
                + " beside checklist (swift build builds both)\n")
    }

    // MARK: - Issue 32, 9 and 11: the link across restarts, and out of the address bar

    /// Stops a running serve and waits for it.
    private func stop(_ running: CLI.Running) throws {
        kill(running.child.pid, SIGTERM)
        #expect(try running.finish().status == 0)
    }

    @Test func aRestartKeepsTheLink() throws {
        let (first, url) = try serve()
        #expect(try curl([url]).status == 200)
        try stop(first)
        let (second, line) = try serve()
        // The secret is kept hashed: shown only when made, so the restart says where it serves.
        #expect(
            line.wholeMatch(
                of:
                    #/http:\/\/127\.0\.0\.1:\d+\/: the page's link \(made \d{4}-\d\d-\d\d \d\d:\d\d UTC\) still works; it is shown only when it is made: checklist serve --new-link makes a new one/#
            ) != nil, "\(line)")
        let port = String(line.split(separator: ":")[2].prefix { $0.isNumber })
        let moved = url.replacing(#/:\d+\//#, with: ":\(port)/")
        #expect(try curl([moved]).status == 200, "the first run's link, on the second run's port")
        try stop(second)
    }

    @Test func newLinkMakesTheOldLink404AtOnceEvenOnAServerStillRunning() throws {
        let (first, old) = try serve()
        #expect(try curl([old]).status == 200)
        let (second, new) = try serve(["--new-link"])
        #expect(new.wholeMatch(of: #/http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\//#) != nil, "\(new)")
        #expect(new.suffix(34) != old.suffix(34))
        // The first server, still running, refuses its old link at once, and opens the new one.
        #expect(try curl([old]).status == 404)
        let secret = new.suffix(33).dropLast()
        let firstRoot = old.split(separator: "/").prefix(2).joined(separator: "//")
        #expect(try curl([firstRoot + "/" + secret + "/"]).status == 200)
        #expect(try curl([new]).status == 200)
        try stop(first)
        try stop(second)
    }

    @Test func theDatabaseHoldsTheSecretsHashNotTheSecret() throws {
        let (running, url) = try serve()
        try stop(running)
        let secret = String(url.suffix(33).dropLast())
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.databasePath))
        #expect(file.range(of: Data(secret.utf8)) == nil)
        let hash = SHA256.hex(Data(secret.utf8))
        let stored = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/sqlite3"),
            [cli.databasePath, "SELECT person || '|' || secretSHA256 FROM page_links"],
            stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        #expect(stored.stdout == "|\(hash)\n", "\(stored)")
    }

    /// Issue 48, 4: no cookie (a browser sends a host's cookies to every port of the host);
    /// the page's script sends the secret in a header, and the clean address is a public page.
    @Test func theLinkSetsNoCookieAndTheHeaderOpensThePageWithoutTheSecret() throws {
        let (running, url) = try serve()
        let root = url.split(separator: "/").prefix(2).joined(separator: "//")
        let secret = String(url.suffix(33).dropLast())
        let head = try curl(["-D", "-", "-o", "/dev/null", url])
        #expect(head.body.hasPrefix("HTTP/1.1 200"), "\(head)")
        #expect(!head.body.lowercased().contains("set-cookie"), "\(head)")
        let header = ["-H", "X-Checklist-Link: \(secret)"]
        #expect(try curl(header + [root + "/"]).status == 200)
        #expect(try curl(header + [root + "/state"]).status == 200)
        let tap = try curl(
            header + ["-H", "Origin: " + root, "--data", "id=1&to=checked", root + "/toggle"])
        #expect(tap.status == 303)
        #expect(try curl(["-H", "Cookie: checklist=\(secret)", root + "/state"]).status == 404)
        let boot = try curl([root + "/?list=camping"])
        #expect(boot.status == 200 && boot.body.contains("/boot.js") && !boot.body.contains("Tent"))
        #expect(
            try curl(["-H", "X-Checklist-Link: \(String(repeating: "0", count: 32))", root + "/"])
                .status == 404)
        try stop(running)
        #expect(try cli.run("list", "-l", "camping").stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
    }

    // MARK: - Issue 32, 10: a link of a person's own

    /// serve with `--person` for each name: its lines, one a person.
    private func serve(people: [String], _ extra: [String] = []) throws -> (CLI.Running, [String]) {
        let running = try cli.start(
            ["serve", "-l", "camping", "--port", "0"] + people.flatMap { ["--person", $0] } + extra)
        for _ in 0..<200 {
            let lines = running.stdoutSoFar().split(separator: "\n").map(String.init)
            if lines.count >= people.count { return (running, lines) }
            usleep(50_000)
        }
        throw HarnessError("serve printed no links in 10 s: \(try running.finish())")
    }

    @Test func eachPersonGetsALinkAndATapThroughItIsTheirsInHistoryAndUndo() throws {
        let (running, lines) = try serve(people: ["ana", "ben"])
        #expect(lines.count == 2)
        let ana = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let ben = try #require(lines.last?.split(separator: " ").last.map(String.init))
        #expect(lines[0].wholeMatch(of: #/ana: http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\//#) != nil)
        #expect(lines[1].wholeMatch(of: #/ben: http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}\//#) != nil)
        let root = ana.split(separator: "/").prefix(2).joined(separator: "//")
        let form = ["-H", "Origin: " + root, "-H", "Accept: application/json"]
        #expect(try curl(form + ["--data", "id=1&to=checked", ana + "toggle"]).status == 200)
        #expect(try curl(form + ["--data", "id=2&to=checked", ben + "toggle"]).status == 200)
        let history = try cli.run("history").stdout.split(separator: "\n")
        #expect(history.first?.contains("  ben  checked 1 item (ID 2)") == true, "\(history)")
        #expect(history.dropFirst().first?.contains("  ana  checked 1 item (ID 1)") == true)
        // ana's Undo reverts ana's tap, not ben's newer one.
        let undo = try curl(form + ["--data", "list=camping", ana + "undo"])
        #expect(undo.status == 200, "\(undo)")
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n[x] 2 Stove\n")
        // The command line's undo is its own user's: its newest change (the add) was changed
        // since by ben, another author: exit 75, as between two users.
        let mine = try cli.run("undo")
        #expect(mine.status == 75, "\(mine)")
        try stop(running)
    }

    @Test func aPersonsUndoAfterAnotherAuthorChangedTheSameItemIsRefused() throws {
        let (running, lines) = try serve(people: ["ana"])
        let ana = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let root = ana.split(separator: "/").prefix(2).joined(separator: "//")
        let form = ["-H", "Origin: " + root, "-H", "Accept: application/json"]
        #expect(try curl(form + ["--data", "id=1&to=checked", ana + "toggle"]).status == 200)
        #expect(try cli.run("uncheck", "1").status == 0)
        let refused = try curl(form + ["--data", "list=camping", ana + "undo"])
        #expect(refused.status == 409, "\(refused)")
        #expect(try cli.run("list", "-l", "camping").stdout == "[ ] 1 Tent\n[ ] 2 Stove\n")
        // The command line's undo reverts its own uncheck: ana's tap is not its to undo.
        #expect(try cli.run("undo").status == 0)
        #expect(try cli.run("list", "-l", "camping").stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
        try stop(running)
    }

    @Test func aRestartKeepsEachPersonsLinkAndNewLinkReplacesOnlyTheirs() throws {
        let (first, lines) = try serve(people: ["ana", "ben"])
        let ana = try #require(lines.first?.split(separator: " ").last.map(String.init))
        let ben = try #require(lines.last?.split(separator: " ").last.map(String.init))
        try stop(first)
        let (second, again) = try serve(people: ["ana", "ben"])
        #expect(again.count == 2 && again.allSatisfy { $0.contains("still works") }, "\(again)")
        try stop(second)
        let (third, replaced) = try serve(people: ["ben"], ["--new-link"])
        let newBen = try #require(replaced.first?.split(separator: " ").last.map(String.init))
        let port = String(newBen.split(separator: ":")[2].prefix { $0.isNumber })
        func here(_ link: String) -> String { link.replacing(#/:\d+\//#, with: ":\(port)/") }
        #expect(try curl([here(ana)]).status == 200, "ana's link stays")
        #expect(try curl([here(ben)]).status == 404, "ben's old link")
        #expect(try curl([newBen]).status == 200)
        try stop(third)
    }
}
