import Foundation
import Testing

/// What another role on the same server can and cannot do to a user's lists: functions planted
/// where the user's `search_path` would find them, the write lock taken by a role that may only
/// connect, notifications from it, the schema's first writers racing. Each test gets a
/// database of its own and roles named for it (roles are the server's, not a database's).
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class ServerSecurityTests {
    let cli: CLI
    let uri: String
    let database: String
    /// A suffix that makes this test's role names its own.
    let tag = UUID().uuidString.prefix(8).lowercased()

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
        // postgresql:///NAME?host=…
        database = String(uri.dropFirst("postgresql:///".count).prefix(while: { $0 != "?" }))
    }

    /// The database's URI as `role`.
    private func uri(as role: String) -> String {
        uri.replacingOccurrences(of: "user=postgres", with: "user=\(role)")
    }

    @discardableResult
    private func run(_ arguments: String..., as role: String) throws -> CLI.Result {
        try cli.run(arguments, stdin: Data(), environment: ["CHECKLIST_DB": uri(as: role)])
    }

    /// A role that may log in and create the schema in this database (as the README's first
    /// writer does).
    private func makeWriter(_ name: String) throws {
        try TestServer.psql(
            uri, "CREATE ROLE \(name) LOGIN; GRANT CREATE ON DATABASE \(database) TO \(name)")
    }

    @Test func functionsAnotherRolePlantedOnTheUsersSearchPathNeverRun() throws {
        let ana = "ana_\(tag)"
        let mallory = "mallory_\(tag)"
        try makeWriter(ana)
        try TestServer.psql(uri, "CREATE ROLE \(mallory) LOGIN")
        // Mallory owns a schema named like ana (first on her search_path, "$user") and may
        // create in public; every call of a planted function is logged where anyone may write.
        try TestServer.psql(
            uri,
            """
            CREATE SCHEMA \(ana) AUTHORIZATION \(mallory);
            GRANT CREATE ON SCHEMA public TO \(mallory);
            CREATE SCHEMA trap AUTHORIZATION \(mallory);
            GRANT USAGE ON SCHEMA trap TO PUBLIC;
            """)
        var plants = ""
        for schema in [ana, "public"] {
            for signature in [
                "pg_advisory_xact_lock(text)", "pg_advisory_lock(text)", "to_regclass(unknown)",
                "lower(text)", "now()",
                "md5(unknown)", "to_char(timestamptz, unknown)", "unnest(text)",
                "set_config(unknown, unknown, boolean)",
            ] {
                let name = signature.prefix(while: { $0 != "(" })
                let parameters = signature.dropFirst(name.count + 1).dropLast()
                    .split(separator: ",").enumerated()
                    .map {
                        "p\($0.offset) \($0.element.trimmingCharacters(in: .whitespaces) == "unknown" ? "text" : String($0.element))"
                    }
                    .joined(separator: ", ")
                plants += """
                    CREATE FUNCTION \(schema).\(name)(\(parameters)) RETURNS text
                        LANGUAGE plpgsql AS $$ BEGIN
                        INSERT INTO trap.calls VALUES ('\(schema).\(name)', current_user);
                        RETURN ''; END $$;

                    """
            }
        }
        try TestServer.psql(
            uri(as: mallory),
            """
            CREATE TABLE trap.calls (name text, caller text);
            GRANT INSERT, SELECT ON trap.calls TO PUBLIC;
            \(plants)
            """)
        #expect(try run("add", "-l", "camping", "Tent", "Stove", as: ana).status == 0)
        #expect(try run("check", "-l", "camping", "1", as: ana).status == 0)
        #expect(try run("toggle", "2", "-l", "camping", as: ana).status == 0)
        #expect(try run("undo", as: ana).status == 0)
        #expect(try run("list", "-l", "camping", as: ana).stdout == "[x] 1 Tent\n[ ] 2 Stove\n")
        #expect(try run("lists", "add", "kitchen", as: ana).status == 0)
        #expect(try run("history", as: ana).status == 0)
        #expect(try TestServer.psql(uri, "SELECT name, caller FROM trap.calls") == "")
    }

    @Test func aRoleThatMayOnlyConnectCannotHoldTheWriteLock() throws {
        let ana = "ana_\(tag)"
        let eve = "eve_\(tag)"
        try makeWriter(ana)
        try TestServer.psql(uri, "CREATE ROLE \(eve) LOGIN")
        try run("add", "Tent", as: ana)
        // Eve holds the old write lock (the advisory lock every write took) for 9 s.
        let holder = try CLI.Running(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [uri(as: eve), "-X", "-q", "-c", "SELECT pg_advisory_lock(1128811340), pg_sleep(9)"],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        defer { holder.kill(); _ = try? holder.finish() }
        var waited = 0
        while try TestServer.psql(
            uri, "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'") == "0\n", waited < 100
        {
            usleep(50_000)
            waited += 1
        }
        #expect(waited < 100, "eve never took the advisory lock")
        let started = Date()
        let result = try run("check", "1", as: ana)
        #expect(result.status == 0, "\(result)")
        #expect(Date().timeIntervalSince(started) < 4, "the write waited for eve")
        // The lock writes take now needs a privilege on the schema eve does not have.
        let refused = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [uri(as: eve), "-X", "-q", "-c", "SELECT revision FROM checklist.state FOR UPDATE"],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("permission denied"), "\(refused)")
    }

    @Test func theWriteLockIsARowLockThatMakesAWriterWaitThenGiveUpWithExit74() throws {
        let ana = "ana_\(tag)"
        try makeWriter(ana)
        try run("add", "Tent", as: ana)
        let holder = try CLI.Running(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [
                uri, "-X", "-q", "-c",
                "BEGIN; SELECT revision FROM checklist.state FOR UPDATE; SELECT pg_sleep(9); COMMIT",
            ],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        defer { holder.kill(); _ = try? holder.finish() }
        var waited = 0
        while try TestServer.psql(
            uri,
            "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(9)%'"
                + " AND state = 'active' AND pid <> pg_backend_pid()") == "0\n", waited < 100
        {
            usleep(50_000)
            waited += 1
        }
        let result = try run("check", "1", as: ana)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("is busy"), "\(result)")
        #expect(try run("list", as: ana).stdout == "[ ] 1 Tent\n")
    }

    /// Ana writes first and owns the schema; bob gets the README's grants.
    private func anaAndBob() throws -> (ana: String, bob: String) {
        let ana = "ana_\(tag)"
        let bob = "bob_\(tag)"
        try makeWriter(ana)
        try TestServer.psql(uri, "CREATE ROLE \(bob) LOGIN")
        try run("add", "Tent", "Stove", as: ana)
        try TestServer.psql(
            uri(as: ana),
            """
            GRANT USAGE ON SCHEMA checklist TO \(bob);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(bob);
            """)
        return (ana, bob)
    }

    @Test func anotherRoleCanNeitherRewriteNorForgeAnAuthor() throws {
        let (ana, bob) = try anaAndBob()
        #expect(try run("check", "1", as: bob).status == 0)
        let rewrite = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [uri(as: bob), "-X", "-q", "-c", "UPDATE checklist.changes SET author = '\(bob)'"],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        #expect(rewrite.status == 0, "\(rewrite)")  // RLS: ana's rows are not bob's to update
        #expect(
            try TestServer.psql(uri, "SELECT author FROM checklist.changes ORDER BY id")
                == "\(ana)\n\(bob)\n")
        let forge = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [
                uri(as: bob), "-X", "-q", "-c",
                "INSERT INTO checklist.changes VALUES (99, 'check', 'forged', 1, 'x', '\(ana)')",
            ],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
        #expect(forge.status != 0)
        #expect(forge.stderr.contains("row-level security"), "\(forge)")
        // Undo's rule stands: bob's undo of ana's add over his own later check is refused.
        #expect(try run("undo", as: bob).status == 0)
        #expect(try run("toggle", "2", as: bob).status == 0)
        let undone = try run("undo", as: ana)
        #expect(undone.status == 75, "\(undone)")
    }

    /// Issue 32, 10: a person's link records changes under the person's name, which the
    /// journal's row-level security allows only to the tables' owner: another role's
    /// `serve --person` is refused at once, before it serves or makes a link.
    @Test func servePersonNeedsTheRoleThatOwnsTheJournal() throws {
        let (_, bob) = try anaAndBob()
        let refused = try run("serve", "--person", "carl", "--port", "0", as: bob)
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr
                == "checklist: --person needs a role that owns the schema checklist (or a"
                + " superuser): on this server a role records changes under its own name only;"
                + " nothing is served\n")
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.page_links") == "0\n")
    }

    // MARK: - Trust as PostgreSQL defines it (contract v5, issue 49)

    /// `bob`'s function `trap.take()` logs each call, and the role it ran as, in `trap.calls`,
    /// which every role may add to.
    private func makeTrap(as bob: String) throws {
        try TestServer.psql(uri, "CREATE SCHEMA trap AUTHORIZATION \(bob)")
        try TestServer.psql(
            uri(as: bob),
            """
            CREATE TABLE trap.calls (name text, caller text);
            GRANT USAGE ON SCHEMA trap TO PUBLIC;
            GRANT INSERT, SELECT ON trap.calls TO PUBLIC;
            CREATE FUNCTION trap.take() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                INSERT INTO trap.calls VALUES (TG_NAME, current_user); RETURN NEW; END $$;
            GRANT EXECUTE ON FUNCTION trap.take() TO PUBLIC;
            """)
    }

    /// A command as ana is refused (65) in one line naming `named`, and changes nothing.
    private func expectRefused(_ arguments: [String], as role: String, naming named: String)
        throws
    {
        let before = try TestServer.dump(uri)
        let result = try cli.run(
            arguments, stdin: Data(), environment: ["CHECKLIST_DB": uri(as: role)])
        #expect(result.status == 65, "\(arguments): \(result)")
        #expect(result.stderr.contains(named), "\(arguments): \(result)")
        #expect(result.stderr.contains("lets another role's code run as you"), "\(result)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
        #expect(try TestServer.dump(uri) == before)
    }

    /// Bob may create in the schema: refused, and once his function is there (the grant taken
    /// back), refused for the function, naming its owner and the schema's.
    @Test func aSchemaWhereAnotherRoleMayCreateOrOwnsAnObjectIsRefused() throws {
        let (ana, bob) = try anaAndBob()
        try TestServer.psql(uri(as: ana), "GRANT CREATE ON SCHEMA checklist TO \(bob)")
        for command in [["add", "Passport"], ["list"], ["check", "1"], ["history"]] {
            try expectRefused(
                command, as: ana,
                naming: "\(bob) may create objects in schema checklist (CREATE)")
        }
        try TestServer.psql(
            uri(as: bob),
            "CREATE FUNCTION checklist.helper() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$")
        try TestServer.psql(uri(as: ana), "REVOKE CREATE ON SCHEMA checklist FROM \(bob)")
        try expectRefused(
            ["add", "Passport"], as: ana,
            naming: "function checklist.helper is owned by \(bob), not by the schema's owner \(ana)"
        )
        try expectRefused(["list"], as: bob, naming: "function checklist.helper is owned by")
        try TestServer.psql(uri, "DROP FUNCTION checklist.helper()")
        try TestServer.psql(uri(as: ana), "GRANT CREATE ON SCHEMA checklist TO \(bob)")
        try TestServer.psql(uri(as: bob), "CREATE TYPE checklist.mood AS ENUM ('sad', 'happy')")
        try TestServer.psql(uri(as: ana), "REVOKE CREATE ON SCHEMA checklist FROM \(bob)")
        try expectRefused(
            ["list"], as: ana,
            naming: "type checklist.mood is owned by \(bob), not by the schema's owner \(ana)")
        try TestServer.psql(uri, "DROP TYPE checklist.mood")
        #expect(try run("add", "Passport", as: ana).status == 0)
        try TestServer.psql(uri(as: ana), "GRANT CREATE ON SCHEMA checklist TO PUBLIC")
        try expectRefused(
            ["list"], as: bob,
            naming: "every role (PUBLIC) may create objects in schema checklist (CREATE)")
    }

    /// TRIGGER granted to bob: refused before bob has made a trigger, and once he has, his
    /// trigger never runs as ana (or as anyone through checklist).
    @Test func aTriggerOrReferencesGrantToAnotherRoleIsRefusedAndHisTriggerNeverRuns() throws {
        let (ana, bob) = try anaAndBob()
        try makeTrap(as: bob)
        try TestServer.psql(uri(as: ana), "GRANT TRIGGER ON checklist.items TO \(bob)")
        try expectRefused(
            ["add", "Passport"], as: ana,
            naming: "\(bob) may create triggers on checklist.items (TRIGGER)")
        try TestServer.psql(
            uri(as: bob),
            "CREATE TRIGGER take BEFORE INSERT OR UPDATE ON checklist.items"
                + " FOR EACH ROW EXECUTE FUNCTION trap.take()")
        try expectRefused(["check", "1"], as: ana, naming: "(TRIGGER)")
        try expectRefused(["add", "Map"], as: bob, naming: "(TRIGGER)")
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM trap.calls") == "0\n")
        try TestServer.psql(
            uri(as: ana),
            "REVOKE TRIGGER ON checklist.items FROM \(bob);"
                + " GRANT REFERENCES (title) ON checklist.items TO \(bob)")
        // Each grant alone: the guard each command sends finds it, not only the naming.
        try expectRefused(
            ["list"], as: ana,
            naming: "\(bob) may make references to checklist.items.title (REFERENCES)")
        try TestServer.psql(
            uri(as: ana),
            "REVOKE REFERENCES (title) ON checklist.items FROM \(bob);"
                + " GRANT REFERENCES ON checklist.lists TO \(bob)")
        try expectRefused(
            ["list"], as: ana, naming: "\(bob) may make references to checklist.lists (REFERENCES)")
        try TestServer.psql(uri(as: ana), "REVOKE REFERENCES ON checklist.lists FROM \(bob)")
        #expect(try run("list", as: ana).status == 0)
    }

    /// The journal's row-level security (the authors' rules) turned off by the owner: refused.
    @Test func theJournalsRowLevelSecurityTurnedOffIsRefused() throws {
        let (ana, bob) = try anaAndBob()
        try TestServer.psql(
            uri(as: ana), "ALTER TABLE checklist.changes DISABLE ROW LEVEL SECURITY")
        try expectRefused(
            ["check", "1"], as: bob, naming: "row-level security is off on checklist.changes")
        try expectRefused(
            ["list"], as: ana, naming: "row-level security is off on checklist.changes")
    }

    /// `sql` run by `role` through psql; its result (a refusal is a result too).
    private func psql(as role: String, _ sql: String) throws -> CLI.Result {
        try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [uri(as: role), "-X", "-q", "-A", "-t", "-c", sql],
            stdin: Data(), environment: ["PATH": "/usr/bin:/bin"], in: cli.folder)
    }

    /// Issue 49, 4: what a change did is its author's to write. Carol, granted the tables as
    /// bob is, can neither rewrite, add to nor delete the rows of bob's change; bob's undo then
    /// undoes what he did (before, it unchecked item 2 in his name, saying it undid item 1).
    @Test func aRoleThatSharesTheTablesCannotRewriteAnothersChange() throws {
        let (ana, bob) = try anaAndBob()
        let carol = "carol_\(tag)"
        try TestServer.psql(uri, "CREATE ROLE \(carol) LOGIN")
        try TestServer.psql(
            uri(as: ana),
            """
            GRANT USAGE ON SCHEMA checklist TO \(carol);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(carol);
            """)
        #expect(try run("check", "1", "2", as: bob).status == 0)
        #expect(try run("uncheck", "2", as: bob).status == 0)
        let change = try TestServer.psql(
            uri, "SELECT max(id) FROM checklist.changes WHERE author = '\(bob)'"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let journal =
            "SELECT 's', change_id, item_ids::text FROM checklist.changed_selections"
            + " UNION ALL SELECT 'i', change_id, item_id::text FROM checklist.changed_items"
            + " UNION ALL SELECT 'a', change_id, first_id::text FROM checklist.added_items"
            + " UNION ALL SELECT 'l', change_id, list_id::text FROM checklist.changed_lists"
            + " ORDER BY 1, 2, 3"
        let before = try TestServer.psql(uri, journal)
        #expect(before.contains("s|\(change)|{2}"), "\(before)")
        for sql in [
            "UPDATE checklist.changed_selections SET item_ids = '{1}' WHERE change_id = \(change)",
            "DELETE FROM checklist.changed_selections WHERE change_id = \(change)",
            "UPDATE checklist.added_items SET first_id = 2",
            "DELETE FROM checklist.changed_items",
        ] {
            let result = try psql(as: carol, sql)
            #expect(result.status == 0, "\(sql): \(result)")  // no row of bob's is hers
        }
        let added = try psql(
            as: carol,
            "INSERT INTO checklist.changed_selections VALUES (\(change), true, 'x', '{1}')")
        #expect(added.status != 0 && added.stderr.contains("row-level security"), "\(added)")
        #expect(try TestServer.psql(uri, journal) == before)
        let undone = try run("undo", as: bob)
        #expect(undone.status == 0, "\(undone)")
        #expect(try run("list", as: ana).stdout == "[x] 1 Tent\n[x] 2 Stove\n")
        // Carol's own changes still record what they did.
        #expect(try run("uncheck", "1", as: carol).status == 0)
        #expect(try run("undo", as: carol).status == 0)
        #expect(try run("list", as: ana).stdout == "[x] 1 Tent\n[x] 2 Stove\n")
    }

    /// Issue 49, 4: an item's stamp is its writer's. Carol can write neither another's name nor
    /// a far-future time into a stamp (every later edit would lose to it); her own edits are
    /// stamped as before, and bob's edit after hers wins as it should.
    @Test func aRoleThatSharesTheTablesCannotForgeAStamp() throws {
        let (ana, bob) = try anaAndBob()
        let carol = "carol_\(tag)"
        try TestServer.psql(uri, "CREATE ROLE \(carol) LOGIN")
        try TestServer.psql(
            uri(as: ana),
            """
            GRANT USAGE ON SCHEMA checklist TO \(carol);
            GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA checklist TO \(carol);
            """)
        let stamps =
            "SELECT stamps -> 'checked' ->> 'stamp', stamps -> 'title' ->> 'stamp',"
            + " stamps -> 'place' ->> 'stamp' FROM checklist.items ORDER BY id"
        let before = try TestServer.psql(uri, stamps)
        let now = try TestServer.psql(
            uri, "SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        for (sql, named) in [
            (
                TestServer.settingStamp("checked", to: "'2099-01-01T00:00:00.000Z \(carol)'")
                    .replacingOccurrences(of: " SET ", with: " SET is_selected = true, ")
                    + " WHERE id = 1",
                "later than the server's clock"
            ),
            (
                TestServer.settingStamp("title", to: "'\(now) \(ana)'") + " WHERE id = 1",
                "names another author"
            ),
            (
                "INSERT INTO checklist.items (id, list_id, title, position, created_at, updated_at,"
                    + " stamps) SELECT 99, list_id, 'Rope', 9, 'x', 'x',"
                    + " '{\"checked\": {\"stamp\": \"2099-01-01T00:00:00.000Z \(carol)\"}}'"
                    + " FROM checklist.items WHERE id = 1",
                "later than the server's clock"
            ),
        ] {
            let refused = try psql(as: carol, sql)
            #expect(refused.status != 0 && refused.stderr.contains(named), "\(sql): \(refused)")
        }
        #expect(try TestServer.psql(uri, stamps) == before)
        // Her own edit is stamped with her name; bob's later one wins.
        #expect(try run("check", "1", as: carol).status == 0)
        #expect(try TestServer.psql(uri, stamps).contains(" \(carol)|"))
        #expect(try run("uncheck", "1", as: bob).status == 0)
        #expect(try run("list", as: ana).stdout.hasPrefix("[ ] 1 Tent"))
        // A copy of bob's sends his offline edits, stamped with his name and its times.
        let copy = cli.folder.appendingPathComponent("bob.db").path
        let cloned = try cli.run(
            ["clone", uri(as: bob), copy], stdin: Data(), usesDefaultDatabase: false)
        #expect(cloned.status == 0, "\(cloned)")
        for arguments in [["check", "2", "--db", copy], ["sync", "--db", copy]] {
            let result = try cli.run(arguments, stdin: Data(), usesDefaultDatabase: false)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        #expect(try run("list", as: ana).stdout == "[ ] 1 Tent\n[x] 2 Stove\n")
        // The owner may write anyone's stamp (an offline copy's, restored).
        let restored = try psql(
            as: ana, TestServer.settingStamp("title", to: "'\(now) \(bob)'") + " WHERE id = 2")
        #expect(restored.status == 0, "\(restored)")
    }

    /// A schema made before the journal's rows had their authors' rules: its owner's first
    /// command applies the migration (the rows' row-level security is required only once a
    /// migration turned it on); turned off by the owner afterwards, it is refused.
    @Test func theJournalRowsRulesAreAppliedByTheOwnerThenRequired() throws {
        let (ana, bob) = try anaAndBob()
        var undo = ""
        for table in ["changed_items", "changed_selections", "added_items", "changed_lists"] {
            for policy in ["read", "insert_own", "update_own", "delete_own"] {
                undo += "DROP POLICY \(table)_\(policy) ON checklist.\(table);"
            }
            undo += "ALTER TABLE checklist.\(table) DISABLE ROW LEVEL SECURITY;"
        }
        try TestServer.psql(
            uri,
            undo
                + "DELETE FROM checklist.migrations WHERE identifier = '0010_journal_rows_by_author'"
        )
        #expect(try run("list", as: bob).status == 0, "an older schema is read as before")
        #expect(try run("check", "1", as: ana).status == 0)
        #expect(
            try TestServer.psql(
                uri, "SELECT count(*) FROM pg_policy WHERE polname LIKE 'changed_items_%'") == "4\n"
        )
        try TestServer.psql(uri, "ALTER TABLE checklist.added_items DISABLE ROW LEVEL SECURITY")
        try expectRefused(
            ["list"], as: bob, naming: "row-level security is off on checklist.added_items")
    }

    /// The owner is trusted, as PostgreSQL trusts a table's owner: a trigger the owner puts on
    /// the items runs as whoever writes (PostgreSQL's model, said in the README), and is no
    /// refusal. (Before issue 49 the program refused it; an arms race against the one role
    /// PostgreSQL says to trust.)
    @Test func theSchemasOwnersOwnTriggerIsTrusted() throws {
        let (ana, bob) = try anaAndBob()
        try makeTrap(as: bob)
        try TestServer.psql(
            uri(as: ana),
            "CREATE FUNCTION checklist.mark() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                + " NEW.title := NEW.title; RETURN NEW; END $$;"
                + " CREATE TRIGGER mark BEFORE INSERT ON checklist.items"
                + " FOR EACH ROW EXECUTE FUNCTION checklist.mark()")
        #expect(try run("add", "Passport", as: bob).status == 0)
        #expect(try run("list", as: ana).stdout.contains("Passport"))
    }

    /// The cache of schemas found clean (before issue 49) is neither read nor written.
    @Test func theOldTrustCacheIsNeitherReadNorWritten() throws {
        let (ana, bob) = try anaAndBob()
        let cache = cli.folder.appendingPathComponent("home/.cache/checklist")
        let file = cache.appendingPathComponent("trusted-schemas")
        #expect(try run("list", as: ana).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path), "written")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data("anything\n".utf8).write(to: file)
        try TestServer.psql(uri(as: ana), "GRANT TRIGGER ON checklist.items TO \(bob)")
        try expectRefused(["list"], as: ana, naming: "(TRIGGER)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "anything\n")
    }

    @Test func aRoleThatMayNotCreateTheSchemaIsToldWhatIsMissing() throws {
        let carl = "carl_\(tag)"
        try TestServer.psql(
            uri, "CREATE ROLE \(carl) LOGIN; REVOKE CREATE ON DATABASE \(database) FROM PUBLIC")
        let result = try run("add", "Tent", as: carl)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("permission denied for database"), "\(result)")
        #expect(result.stderr.contains("GRANT CREATE ON DATABASE"), "\(result)")
        #expect(!result.stderr.contains("GRANT this role the schema"), "\(result)")
    }

    /// `ps` shows every local user a process's arguments: a password given in `--db` is gone
    /// from them once read (the local logins are trusted here, so any password connects).
    @Test(arguments: [["add", "-"], ["serve", "--port", "0"]])
    func aPasswordInTheDatabaseURIIsHiddenFromTheProcessArguments(_ command: [String]) throws {
        let withPassword = uri.replacingOccurrences(
            of: "postgresql:///", with: "postgresql://postgres:Hunter2pw@/")
        let words = (command + ["--db", withPassword]).map { "'\($0)'" }.joined(separator: " ")
        let running = try cli.startScript(
            """
            sleep 20 | "$CHECKLIST" \(words) >out 2>&1 &
            echo "$!"
            wait
            """)
        defer { running.kill(); _ = try? running.finish() }
        var pid = ""
        var cmdline = ""
        for _ in 0..<100 {
            pid = running.stdoutSoFar().trimmingCharacters(in: .whitespacesAndNewlines)
            usleep(100_000)
            guard !pid.isEmpty,
                let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            else { continue }
            cmdline = String(decoding: bytes.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            // Once the arguments were read (serve: once checklist-serve runs).
            if cmdline.contains("xxxxxxxxx") || cmdline.contains("checklist-serve") { break }
        }
        #expect(!cmdline.isEmpty, "no process \(pid)")
        #expect(!cmdline.contains("Hunter2pw"), "\(cmdline)")
        kill(Int32(pid) ?? 0, SIGTERM)
    }

    @Test func eightFirstWritersOfAnEmptyDatabaseAllSucceedTwentyRoundsInARow() throws {
        for round in 1...20 {
            let fresh = try TestServer.freshDatabase()
            let script = """
                pids=""
                for n in 1 2 3 4 5 6 7 8; do
                    CHECKLIST_DB='\(fresh)' "$CHECKLIST" add "item $n" >/dev/null 2>"err.$n" &
                    pids="$pids $!"
                done
                failed=0
                for pid in $pids; do wait "$pid" || failed=$((failed + 1)); done
                cat err.* >&2
                exit "$failed"
                """
            let result = try cli.pipeline(script)
            #expect(result.status == 0, "round \(round): \(result)")
            #expect(
                try TestServer.psql(fresh, "SELECT count(*) FROM checklist.items") == "8\n",
                "round \(round)")
            if result.status != 0 { break }
        }
    }
}
