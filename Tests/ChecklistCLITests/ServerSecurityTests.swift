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

    /// The schema's owner puts a trigger of their own on the items: it copies each title it
    /// sees, and who saw it, into `loot.titles`.
    private func plantTrigger(as owner: String) throws {
        try plantLoot(
            as: owner,
            """
            CREATE FUNCTION loot.take() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
                INSERT INTO loot.titles VALUES (NEW.title, current_user); RETURN NEW; END $$;
            CREATE TRIGGER take AFTER INSERT OR UPDATE ON checklist.items
                FOR EACH ROW EXECUTE FUNCTION loot.take();
            """)
    }

    /// As the schema's owner: `loot.titles`, a table every role may add to, where the owner's
    /// code copies what it sees (and who saw it); then `sql`, the code.
    private func plantLoot(as owner: String, _ sql: String) throws {
        try TestServer.psql(
            uri(as: owner),
            """
            CREATE SCHEMA loot;
            CREATE TABLE loot.titles (title text, taken_as text);
            GRANT USAGE ON SCHEMA loot TO PUBLIC;
            GRANT INSERT ON loot.titles TO PUBLIC;
            \(sql)
            """)
    }

    /// Code the owner puts on the tables by other means than a trigger: a column's default
    /// that calls a function of theirs (it would run as whoever adds an item).
    @Test func aSchemaWhoseDefaultCallsItsOwnersFunctionIsRefusedAndItNeverRuns() throws {
        let (ana, bob) = try anaAndBob()
        try plantLoot(
            as: ana,
            """
            CREATE FUNCTION loot.stamp() RETURNS text LANGUAGE plpgsql AS $$ BEGIN
                INSERT INTO loot.titles SELECT title, current_user FROM checklist.items;
                RETURN ''; END $$;
            ALTER TABLE checklist.items ALTER COLUMN checked_stamp SET DEFAULT loot.stamp();
            """)
        let before = try TestServer.dump(uri)
        let added = try run("add", "Passport", as: bob)
        #expect(added.status == 65, "\(added)")
        #expect(added.stderr.contains("default of items.checked_stamp"), "\(added)")
        #expect(try run("list", as: bob).status == 65)
        #expect(try TestServer.dump(uri) == before)
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM loot.titles") == "0\n")
    }

    @Test func aSchemaCarryingItsOwnersTriggerIsRefusedAndTheTriggerNeverRuns() throws {
        let (ana, bob) = try anaAndBob()
        try plantTrigger(as: ana)
        let before = try TestServer.dump(uri)
        let added = try run("add", "Passport", as: bob)
        #expect(added.status == 65, "\(added)")
        #expect(added.stderr.contains("trigger take on items"), "\(added)")
        #expect(added.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try run("list", as: bob).status == 65)
        #expect(try TestServer.dump(uri) == before)
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM loot.titles") == "0\n")
    }

    /// A copy's sync looks for someone else's code only when it has something to do (a sync
    /// with nothing to send and nothing new there reads only `checklist.state`, where no trigger
    /// or rule runs): then the trigger is named, nothing is sent, and it never runs.
    @Test func aCopysSyncMeetingItsOwnersTriggerIsRefusedAndSendsNothing() throws {
        let (ana, bob) = try anaAndBob()
        let copy = cli.folder.appendingPathComponent("bob.db").path
        let cloned = try cli.run(
            ["clone", uri(as: bob), copy], stdin: Data(), usesDefaultDatabase: false)
        #expect(cloned.status == 0, "\(cloned)")
        func sync() throws -> CLI.Result {
            try cli.run(["sync", "--db", copy], stdin: Data(), usesDefaultDatabase: false)
        }
        try plantTrigger(as: ana)
        let idle = try sync()
        #expect(idle.status == 0, "\(idle)")
        #expect(idle.stderr == "sent 0 changes, received 0 changes, 0 conflicts\n")
        let before = try TestServer.dump(uri)
        let checked = try cli.run(
            ["check", "1", "--db", copy], stdin: Data(), usesDefaultDatabase: false)
        #expect(checked.status == 0, "\(checked)")
        let refused = try sync()
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("trigger take on items"), "\(refused)")
        #expect(refused.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try TestServer.dump(uri) == before)
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM loot.titles") == "0\n")
        let list = try cli.run(["list", "--db", copy], stdin: Data(), usesDefaultDatabase: false)
        #expect(list.stdout == "[x] 1 Tent\n[ ] 2 Stove\n", "the copy keeps its check")
    }

    /// Rules and policies run as whoever writes or reads, as triggers do: each is named, and
    /// neither a write nor a read goes on.
    @Test(arguments: [
        (
            "CREATE RULE copy AS ON UPDATE TO checklist.items DO ALSO"
                + " INSERT INTO loot.titles VALUES (NEW.title, current_user)",
            "rule copy on items"
        ),
        (
            "CREATE POLICY peek ON checklist.lists USING"
                + " (loot.peek(name)); ALTER TABLE checklist.lists ENABLE ROW LEVEL SECURITY",
            "policy peek on lists"
        ),
        // On what every command's opening reads: refused before the policy ever runs (it ran
        // once, as bob, in the opening's own statement, before that statement's look named it).
        // A policy with the program's own name, on another table or rewritten: the name is
        // not enough.
        (
            "CREATE POLICY changes_read ON checklist.items USING (loot.peek(title));"
                + " ALTER TABLE checklist.items ENABLE ROW LEVEL SECURITY",
            "policy changes_read on items"
        ),
        (
            "DROP POLICY changes_read ON checklist.changes; CREATE POLICY changes_read ON"
                + " checklist.changes FOR SELECT USING (loot.peek(author))",
            "policy changes_read on changes"
        ),
        // The program's own trigger, its function rewritten (CREATE OR REPLACE keeps its OID).
        (
            "CREATE OR REPLACE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql"
                + " AS $f$ BEGIN PERFORM loot.peek(NEW.title); RETURN NEW; END $f$",
            "trigger items_stamps on items"
        ),
        // A view in place of a table every command's opening reads.
        (
            "ALTER TABLE checklist.migrations RENAME TO migrations_kept; CREATE VIEW"
                + " checklist.migrations AS SELECT * FROM checklist.migrations_kept"
                + " WHERE loot.peek(identifier); GRANT SELECT ON checklist.migrations TO PUBLIC",
            "rule _RETURN on migrations"
        ),
        // Row-level security turned on without a policy: nothing to name but the setting.
        (
            "ALTER TABLE checklist.state ENABLE ROW LEVEL SECURITY",
            "row-level security or a rule on checklist.migrations or checklist.state"
        ),
        (
            "CREATE POLICY peek ON checklist.state USING"
                + " (loot.peek(revision::text)); ALTER TABLE checklist.state ENABLE ROW LEVEL SECURITY",
            "policy peek on state"
        ),
    ])
    func aSchemaCarryingItsOwnersRuleOrPolicyIsRefused(_ sql: String, _ named: String) throws {
        let (ana, bob) = try anaAndBob()
        try plantLoot(
            as: ana,
            """
            CREATE FUNCTION loot.peek(name text) RETURNS boolean LANGUAGE sql AS $$
                INSERT INTO loot.titles VALUES (name, current_user) RETURNING true $$;
            \(sql);
            """)
        let before = try TestServer.dump(uri)
        let checked = try run("check", "1", as: bob)
        #expect(checked.status == 65, "\(checked)")
        #expect(checked.stderr.contains(named), "\(checked)")
        #expect(checked.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try run("list", as: bob).status == 65)
        #expect(try TestServer.dump(uri) == before)
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM loot.titles") == "0\n")
    }

    /// The program's own policies are known by their expressions as the server prints them,
    /// compared without case, spaces or parentheses: the same expression spelled otherwise
    /// (as another server version might print it) is still the program's.
    @Test func theProgramsPolicySpelledOtherwiseIsStillItsOwn() throws {
        let (ana, bob) = try anaAndBob()
        try TestServer.psql(
            uri(as: ana),
            """
            DROP POLICY changes_update_own ON checklist.changes;
            CREATE POLICY changes_update_own ON checklist.changes FOR UPDATE
                USING (author = (current_user)::text) WITH CHECK (author = current_user::text);
            """)
        #expect(
            try TestServer.psql(
                uri,
                "SELECT pg_get_expr(polqual, polrelid) FROM pg_policy"
                    + " WHERE polname = 'changes_update_own'")
                == "(author = (CURRENT_USER)::text)\n")
        let checked = try run("check", "1", as: bob)
        #expect(checked.status == 0, "\(checked)")
        #expect(try run("list", as: bob).stdout.hasPrefix("[x] 1 "))
    }

    /// A rule made and dropped leaves pg_class's `relhasrules` set (PostgreSQL never clears
    /// it): opening asks pg_rewrite then, finds nothing, and goes on.
    @Test func aRuleDroppedAgainIsNoRefusal() throws {
        let (ana, bob) = try anaAndBob()
        try TestServer.psql(
            uri(as: ana),
            """
            CREATE RULE gone AS ON UPDATE TO checklist.items DO ALSO NOTHING;
            DROP RULE gone ON checklist.items;
            """)
        #expect(
            try TestServer.psql(
                uri, "SELECT relhasrules FROM pg_class WHERE oid = 'checklist.items'::regclass")
                == "t\n")
        let checked = try run("check", "1", as: bob)
        #expect(checked.status == 0, "\(checked)")
        #expect(try run("list", as: bob).stdout.hasPrefix("[x] 1 "))
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
