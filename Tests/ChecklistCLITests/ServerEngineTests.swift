import Foundation
import Testing

/// What only a server has: the schema and its migrations, roles and their privileges, several
/// machines writing at once, the write lock. Each test gets a database of its own.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class ServerEngineTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
    }

    @discardableResult
    private func run(_ arguments: String..., stdin: String = "", uri: String? = nil) throws
        -> CLI.Result
    {
        try cli.run(
            arguments, stdin: Data(stdin.utf8), environment: ["CHECKLIST_DB": uri ?? self.uri])
    }

    private func hasSchema() throws -> Bool {
        try TestServer.psql(uri, "SELECT count(*) FROM pg_namespace WHERE nspname = 'checklist'")
            == "1\n"
    }

    /// Issue 30, 3: a server's reads stream as a file's do. `list`, JSON and `export` of
    /// 200,000 items peak within 8 MiB of the same reads of a file (libpq held the whole
    /// result before: 35 MB more at 300,000 items, 175 MB more for `export`).
    @Test func aLongListIsReadInTheMemoryAFileTakes() throws {
        let titles = (1...200_000).map { "item number \($0)" }.joined(separator: "\n") + "\n"
        #expect(try run("add", "-q", "-", stdin: titles).status == 0)
        let file = cli.folder.appendingPathComponent("long.db").path
        #expect(try run("add", "-q", "-", stdin: titles, uri: file).status == 0)
        /// The command's peak resident memory in KiB, as the kernel counts it for a child.
        func peak(_ database: String, _ arguments: [String]) throws -> Int {
            let script = """
                import resource, subprocess, sys
                done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
                assert done.returncode == 0, done.returncode
                print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
                """
            let result = try CLI.execute(
                URL(fileURLWithPath: "/usr/bin/python3"),
                ["-c", script, CLI.binary.path] + arguments, stdin: Data(),
                environment: ["CHECKLIST_DB": database, "PATH": "/usr/bin:/bin", "LOGNAME": "me"],
                in: cli.folder)
            return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        for arguments in [["list"], ["list", "--format", "json"], ["export"]] {
            let (server, onFile) = (try peak(uri, arguments), try peak(file, arguments))
            #expect(server > 0 && onFile > 0)
            #expect(
                server - onFile < 8 * 1024, "\(arguments): server \(server) KiB, file \(onFile) KiB"
            )
        }
        #expect(try run("list", "--format", "ids").stdout.hasSuffix("199999\n200000\n"))
    }

    @Test func readsOfADatabaseWithoutTheSchemaAreEmptyAndCreateNothing() throws {
        for command in [
            ["list"], ["list", "--all", "--format", "json"], ["count"], ["lists"],
            ["history"], ["export"],
        ] {
            let result = try cli.run(
                command, stdin: Data(), environment: ["CHECKLIST_DB": uri])
            #expect(result.status == 0, "\(command): \(result)")
        }
        #expect(try run("count").stdout == "0 0\n")
        #expect(try run("list", "--format", "json").stdout == "[]\n")
        #expect(try run("check", "1").status == 3)
        #expect(try !hasSchema())
    }

    @Test func aBackupOfADatabaseWithoutTheSchemaIsRefusedAsAMissingFileIs() throws {
        let target = cli.folder.appendingPathComponent("copy.db").path
        let result = try run("backup", target)
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("nothing to back up"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try !hasSchema())
    }

    @Test func theFirstWriteCreatesTheSchemaWithItsMigrations() throws {
        #expect(try run("add", "Tent").stdout == "1\n")
        #expect(try hasSchema())
        #expect(
            try TestServer.psql(uri, "SELECT identifier FROM checklist.migrations ORDER BY 1")
                == "0001_checklist_schema\n0002_change_author_policies\n0003_page_links\n"
                + "0004_offline_copies\n0005_copy_revisions\n0006_field_revisions\n"
                + "0007_copy_generations\n0008_notices_told\n0009_times_are_times\n"
                + "0010_journal_rows_by_author\n0011_stamps_by_their_writers\n"
                + "0012_stamps_by_field\n0013_item_quantities_and_notes\n")
        #expect(
            try TestServer.psql(uri, "SELECT id, title, is_selected FROM checklist.items")
                == "1|Tent|f\n")
    }

    /// Issue 48, 14: a change's time, an item's stamps and a notice's times must be times on
    /// the server (CHECKs): text another role stores there (an escape sequence for a terminal)
    /// is refused, and the program's own writes pass.
    @Test func theServerRefusesTimesThatAreNotTimes() throws {
        try run("add", "-q", "-l", "camping", "Tent")
        try run("check", "-q", "1")
        let escape = "E'2026\\x1b]52;c;cm0gLXJmIH4=\\x07'"
        for statement in [
            "UPDATE checklist.changes SET created_at = \(escape)",
            "UPDATE checklist.changes SET created_at = '2026-13-01T00:00:00.000Z'",
            TestServer.settingStamp("checked", to: escape),
            TestServer.settingStamp("title", to: "'yesterday ana'"),
            TestServer.settingStamp("place", to: escape),
            "INSERT INTO checklist.copy_notices (copy_id, title, loser_what, loser_time,"
                + " loser_is_yours, winner_what, winner_is_yours) VALUES"
                + " ('c', 't', 'check', \(escape), true, 'uncheck', false)",
        ] {
            #expect(throws: (any Error).self, "\(statement)") {
                try TestServer.psql(uri, statement)
            }
        }
        // Times as the program writes them pass.
        try TestServer.psql(
            uri, TestServer.settingStamp("checked", to: "'2026-12-02T10:00:00.000Z ana'"))
        #expect(try run("history").stdout.contains("checked 1 item (ID 1)"))
    }

    @Test func aSchemaOfANewerProgramIsRefusedWithNothingChanged() throws {
        try run("add", "Tent")
        try TestServer.psql(uri, "INSERT INTO checklist.migrations VALUES ('9999_future')")
        for command in [["add", "Stove"], ["list"]] {
            let result = try cli.run(command, stdin: Data(), environment: ["CHECKLIST_DB": uri])
            #expect(result.status == 65, "\(result)")
            #expect(result.stderr.contains("was written by a newer checklist"), "\(result)")
        }
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.items") == "1\n")
    }

    @Test func aRoleWithoutThePrivilegeGetsOneLineAndExit74() throws {
        let role = "r_" + UUID().uuidString.prefix(8).lowercased()
        try TestServer.psql(uri, "CREATE ROLE \(role) LOGIN")
        let asRole = uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
        let result = try run("add", "Tent", uri: asRole)
        #expect(result.status == 74)
        #expect(result.stderr.contains("permission denied"), "\(result)")
        #expect(result.stderr.contains("GRANT"), "\(result)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try !hasSchema())
        // Granted the schema's privileges (as the README says), the role shares the lists.
        try run("add", "Tent")
        try TestServer.psql(
            uri,
            """
            GRANT USAGE ON SCHEMA checklist TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(role)
            """)
        #expect(try run("check", "1", uri: asRole).status == 0)
        #expect(try run("add", "Stove", uri: asRole).stdout == "2\n")
        let history = try run("history", "--format", "json").stdout
        #expect(history.contains("\"author\":\"\(role)\""), "\(history)")
        #expect(history.contains("\"author\":\"postgres\""), "\(history)")
    }

    /// A new role granted the schema's privileges (the schema must be there), and the URI
    /// that connects as it.
    private func secondRole() throws -> (role: String, uri: String) {
        let role = "r_" + UUID().uuidString.prefix(8).lowercased()
        try TestServer.psql(
            uri,
            """
            CREATE ROLE \(role) LOGIN;
            GRANT USAGE ON SCHEMA checklist TO \(role);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(role)
            """)
        return (role, uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)"))
    }

    /// `undo` by two roles: each undoes its own newest change, and one that would overwrite
    /// the other role's later change is refused with 75 and one line naming it.
    @Test func undoByTwoRolesIsRefusedWith75OverTheOthersLaterChange() throws {
        try run("add", "Tent", "Stove")
        let (ben, asBen) = try secondRole()
        try run("check", "1", "2")
        try run("uncheck", "2", uri: asBen)
        let refused = try run("undo")
        #expect(refused.status == 75, "\(refused)")
        #expect(refused.stdout.isEmpty)
        let line =
            "checklist: cannot undo change 2 (checked 2 items (IDs 1, 2)):"
            + " change 3 by \(ben) (unchecked 1 item (ID 2)) has since changed the same items;"
            + " nothing changed (`checklist undo --anyone` reverts the newest change first)\n"
        #expect(refused.stderr == line)
        #expect(try run("list", "--format", "json").stdout.contains("\"id\":1,"))
        #expect(try run("count").stdout == "1 2\n", "nothing changed")
        // ben undoes his own; then postgres's undo goes through.
        #expect(try run("undo", uri: asBen).status == 0)
        #expect(try run("undo").status == 0)
        #expect(try run("count").stdout == "0 2\n")
        // postgres's add is the newest of anyone's now.
        #expect(try run("undo", "--anyone", uri: asBen).status == 0)
        #expect(try run("count").stdout == "0 0\n")
    }

    @Test func twoProcessesAsTwoRolesWritingAtOnceLoseNothing() throws {
        try run("add", "first")
        let (role, roleURI) = try secondRole()
        let uris = [uri, roleURI]
        let script =
            (0...1).map { writer in
                """
                ( for i in $(seq 1 25); do CHECKLIST_DB='\(uris[writer])' "$CHECKLIST" add -q "w\(writer) $i" >/dev/null || echo fail; done ) &
                """
            }.joined(separator: "\n") + "\nwait\n"
        let result = try CLI.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: Data(),
            environment: [
                "CHECKLIST": CLI.binary.path, "CHECKLIST_DB": uri, "PATH": "/usr/bin:/bin",
                "LANG": "C.UTF-8",
            ], in: cli.folder)
        #expect(!result.stdout.contains("fail"), "\(result)")
        #expect(try run("count").stdout == "0 51\n")
        let ids = try run("list", "--format", "ids").stdout.split(separator: "\n").compactMap {
            Int($0)
        }
        #expect(ids.sorted() == Array(1...51))
        let history = try run("history", "--format", "json").stdout
        #expect(history.components(separatedBy: "\"author\":\"\(role)\"").count - 1 == 25)
        #expect(history.components(separatedBy: "\"author\":\"postgres\"").count - 1 == 25)
    }

    /// Holds the row every write updates (`checklist.state`) from another session, so a
    /// write waits there, mid-transaction, with its items already inserted; returns the
    /// holder (finish it to let go) once the write is seen waiting.
    private func blockWritesMidway(_ uri: String, then start: () throws -> CLI.Running) throws
        -> (holder: CLI.Running, writer: CLI.Running)
    {
        let holder = try CLI.Running(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [
                uri, "-X", "-q", "-c", "BEGIN", "-c", "SELECT 1 FROM checklist.state FOR UPDATE",
                "-c", "SELECT pg_sleep(8)", "-c", "COMMIT",
            ], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        try waitUntil(uri, "query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()")
        let writer = try start()
        try waitUntil(uri, "wait_event_type = 'Lock'")
        return (holder, writer)
    }

    /// Waits (up to 5 s) until a session of the server matches `condition`.
    private func waitUntil(_ uri: String, _ condition: String) throws {
        for _ in 0..<100 {
            let found = try TestServer.psql(
                uri,
                "SELECT count(*) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND \(condition)")
            if found != "0\n" { return }
            usleep(50_000)
        }
    }

    @Test func aConnectionLostInTheMiddleOfACommandChangesNothing() throws {
        try run("add", "Tent", "Stove")
        let titles = (1...2_000).map { "item \($0)" }.joined(separator: "\n")
        let (holder, writer) = try blockWritesMidway(uri) {
            try CLI.Running(
                CLI.binary, ["add", "-", "-q"], stdin: Data(titles.utf8),
                environment: ["CHECKLIST_DB": uri, "PATH": "/usr/bin:/bin"], in: cli.folder)
        }
        try TestServer.psql(
            uri,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND wait_event_type = 'Lock'")
        let result = try writer.finish()
        _ = try? holder.finish()
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
        #expect(!result.stderr.contains("busy"), "the connection was cut, not the lock's wait")
        #expect(try run("count").stdout == "0 2\n")
        #expect(try run("history", "--format", "ids").stdout == "1\n")
        #expect(try run("add", "Map").stdout == "3\n", "no ID was given away")
    }

    @Test(.enabled(if: getuid() == 0, "the server of its own is started as the postgres user"))
    func aServerKilledInTheMiddleOfABulkCommandChangesNothing() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".ci/postgres.sh").path
        let env = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
        let started = try CLI.execute(
            URL(fileURLWithPath: "/bin/bash"), [script, "start"], stdin: Data(),
            environment: env, in: cli.folder)
        try #require(started.status == 0, "\(started)")
        let own = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        defer {
            _ = try? CLI.execute(
                URL(fileURLWithPath: "/bin/bash"), [script, "stop", own], stdin: Data(),
                environment: env, in: cli.folder)
        }
        try run("add", "Tent", "Stove", uri: own)
        try run("check", "1", uri: own)
        let (holder, writer) = try blockWritesMidway(own) {
            try CLI.Running(
                CLI.binary, ["uncheck", "--all", "-q"], stdin: Data(),
                environment: ["CHECKLIST_DB": own, "PATH": "/usr/bin:/bin"], in: cli.folder)
        }
        let crashed = try CLI.execute(
            URL(fileURLWithPath: "/bin/bash"), [script, "crash", own], stdin: Data(),
            environment: env, in: cli.folder)
        #expect(crashed.status == 0, "\(crashed)")
        let result = try writer.finish()
        _ = try? holder.finish()
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
        let restarted = try CLI.execute(
            URL(fileURLWithPath: "/bin/bash"), [script, "restart", own], stdin: Data(),
            environment: env, in: cli.folder)
        try #require(restarted.status == 0, "\(restarted)")
        #expect(try run("list", uri: own).stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
        #expect(try run("history", "--format", "ids", uri: own).stdout == "2\n1\n")
    }
    // The write lock itself: ServerSecurityTests.
}

/// `checklist edit` on a server, through a real terminal (tmux): the same keys, writes stored
/// on the server, others' changes shown without a key (woken by NOTIFY), and a dropped
/// connection said in the footer and made again by itself.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
struct ServerEditTests {
    @Test func theEditorWorksOnAServerAndFollowsOthersChanges() throws {
        let cli = try CLI()
        let uri = try TestServer.freshDatabase()
        let server = ["CHECKLIST_DB": uri]
        try cli.run(["add", "-q", "Tent", "Stove", "Map"], stdin: Data(), environment: server)
        let pane = try EditorPane(cli, database: uri)
        try pane.waitFor("default · multiple · 0 of 3 checked")
        pane.keys("Space", "j", "Space")
        try pane.waitFor("2 of 3 checked")
        #expect(
            try cli.run(["list"], stdin: Data(), environment: server).stdout
                == "[x] 1 Tent\n[x] 2 Stove\n[ ] 3 Map\n")
        // Another process's change shows without a key.
        try cli.run(["check", "-q", "3"], stdin: Data(), environment: server)
        try pane.waitFor("3 of 3 checked")
        // The server ends the editor's connection: the footer says so or the editor is
        // already connected again; either way it goes on showing others' changes.
        try TestServer.psql(
            uri,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND pid <> pg_backend_pid()")
        try pane.waitFor("connected again")
        try cli.run(["uncheck", "-q", "1"], stdin: Data(), environment: server)
        try pane.waitFor("2 of 3 checked")
        pane.keys("u")
        try pane.waitFor("3 of 3 checked")
        pane.keys("q")
        #expect(try pane.exitStatus() == 0)
    }
}
