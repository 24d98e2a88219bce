import Foundation
import Testing

@testable import ChecklistCore

/// Issue 29, 26 and 9: a schema this user's program found carrying only its own code is known
/// by its fingerprint afterwards, so a command reads the fingerprint instead of looking at
/// every trigger's function and every policy's expression; the file that remembers it counts
/// only when it is the user's own.
@Suite(
    .enabled(if: TestServer.runs, "\(TestServer.missing)"))
struct TrustedSchemasTests {
    let folder: URL
    let trusted: TrustedSchemas
    let uri: PostgreSQLURI

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trusted-\(UUID().uuidString)")
        trusted = TrustedSchemas(path: folder.path + "/checklist/trusted-schemas")
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        uri = server.connection.uri
    }

    /// Opens the schema on a new connection, as a command does; returns its round trips.
    private func open() throws -> Int {
        let connection = try PostgreSQLConnection(uri)
        _ = try PostgreSQLSchema.opening(connection, trusted: trusted)
        return connection.roundTrips
    }

    private var file: String { folder.path + "/checklist/trusted-schemas" }

    /// Whether `body` is refused as untrusted (65) within `seconds`, calling it again while it
    /// returns (an editor's look at the revision waits for a notification to arrive).
    private func refused(within seconds: Double, _ body: () throws -> Void) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            do {
                try body()
            } catch ChecklistError.untrustedServerSchema {
                return true
            } catch {
                return false
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test func aSchemaFoundCleanIsTrustedByItsFingerprintAfterwards() throws {
        // Not known: the opening, then the full look.
        #expect(try open() == 2)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(
            atPath: folder.path + "/checklist")
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        #expect(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").count == 1)
        // Known: the opening alone.
        #expect(try open() == 1)
        #expect(try open() == 1)
    }

    /// Every way the schema's owner could put code on the tables after the look moves the
    /// fingerprint: the next opening looks in full, and refuses.
    @Test(arguments: [
        // A trigger of the owner's.
        """
        CREATE FUNCTION public.evil() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
        CREATE TRIGGER evil BEFORE UPDATE ON checklist.items FOR EACH ROW EXECUTE FUNCTION public.evil()
        """,
        // The program's trigger function, rewritten in place (its OID kept).
        """
        CREATE OR REPLACE FUNCTION checklist.stamp_item() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RETURN NEW; END $$
        """,
        // The program's policy, rewritten in place.
        "ALTER POLICY changes_read ON checklist.changes USING (pg_catalog.now() IS NOT NULL)",
        // A policy of the owner's.
        "CREATE POLICY evil ON checklist.items USING (true)",
        // A rule.
        "CREATE RULE evil AS ON UPDATE TO checklist.lists DO ALSO NOTIFY evil",
        // A default, a check constraint, an index expression and a column's type that use
        // the owner's code.
        """
        CREATE FUNCTION public.evil_text() RETURNS text LANGUAGE sql AS $$SELECT ''$$;
        ALTER TABLE checklist.items ALTER COLUMN checked_stamp SET DEFAULT public.evil_text()
        """,
        """
        CREATE FUNCTION public.evil_check(text) RETURNS boolean LANGUAGE sql IMMUTABLE
        AS $$SELECT true$$;
        ALTER TABLE checklist.items ADD CONSTRAINT evil CHECK (public.evil_check(title))
        """,
        """
        CREATE FUNCTION public.evil_key(text) RETURNS text LANGUAGE sql IMMUTABLE
        AS $$SELECT $1$$;
        CREATE INDEX evil ON checklist.lists (public.evil_key(name))
        """,
        """
        CREATE DOMAIN public.evil_domain AS text CHECK (VALUE IS NOT NULL);
        ALTER TABLE checklist.changes ALTER COLUMN description TYPE public.evil_domain
        """,
        // Built-in functions that run SQL text (no dependency is recorded on them), in a check
        // constraint and in a default (found by a review of this change).
        """
        ALTER TABLE checklist.items ADD CONSTRAINT items_ok
        CHECK (pg_catalog.query_to_xml('SELECT 1', false, false, '') IS NOT NULL)
        """,
        """
        ALTER TABLE checklist.items ALTER COLUMN checked_stamp SET DEFAULT (CASE WHEN
        pg_catalog.query_to_xml('SELECT 1', false, false, '') IS NULL THEN 'x' ELSE '' END)
        """,
        // The program's trigger made again with a WHEN condition of the owner's.
        """
        DROP TRIGGER items_stamps ON checklist.items;
        CREATE TRIGGER items_stamps BEFORE INSERT OR UPDATE ON checklist.items FOR EACH ROW
        WHEN (pg_catalog.now() IS NOT NULL) EXECUTE FUNCTION checklist.stamp_item()
        """,
        // A table inheriting from the items: an update of the items reaches its rows and runs
        // its triggers and constraints.
        "CREATE TABLE checklist.items_more () INHERITS (checklist.items)",
        // A foreign key from a table outside the schema: deleting an item cascades into it
        // and runs its triggers as whoever deletes (found by a review).
        "CREATE TABLE public.evil (item_id bigint REFERENCES checklist.items ON DELETE CASCADE)",
        // The items made again as a partitioned table.
        """
        ALTER TABLE checklist.items RENAME TO items_before;
        CREATE TABLE checklist.items (LIKE checklist.items_before) PARTITION BY RANGE (id)
        """,
    ])
    func codeAddedAfterTheLookIsLookedAtAndRefused(_ change: String) throws {
        #expect(try open() == 2)
        #expect(try open() == 1)
        try PostgreSQLConnection(uri).execute(change)
        #expect {
            try open()
        } throws: {
            guard case ChecklistError.untrustedServerSchema = $0 else { return false }
            return true
        }
    }

    @Test func aFileOthersMayWriteIsNotRead() throws {
        #expect(try open() == 2)
        try FileManager.default.setAttributes([.posixPermissions: 0o622], ofItemAtPath: file)
        #expect(try open() == 2)
    }

    @Test func aFileInAFolderOthersMayWriteIsNotRead() throws {
        #expect(try open() == 2)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o777], ofItemAtPath: folder.path + "/checklist")
        #expect(try open() == 2)
    }

    @Test func aLinkOrAFIFOInTheFilesPlaceIsNotRead() throws {
        #expect(try open() == 2)
        let kept = folder.path + "/kept"
        try FileManager.default.moveItem(atPath: file, toPath: kept)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: kept)
        #expect(try open() == 2)
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        // Not read, and not waited on: the opening looks in full at once.
        #expect(try open() == 2)
    }

    @Test func aFileAnotherUserOwnsIsNotRead() throws {
        #expect(try open() == 2)
        // Only root may give a file away; elsewhere the check is the permissions' above.
        guard geteuid() == 0 else { return }
        try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: file)
        #expect(try open() == 2)
    }

    /// A row version stands for its row only while its transaction ID cannot have come round
    /// again: less than 2^30 transactions old. One ahead of the counter (made 2^32 - 100,000
    /// transactions ago) or 1.29 billion old gives no fingerprint.
    @Test func onlyAYoungRowVersionStandsForItsRow() throws {
        let connection = try PostgreSQLConnection(uri)
        let answers = try connection.query(
            """
            SELECT \(sql: PostgreSQLSchema.young("(n - 10)::pg_catalog.text::pg_catalog.xid")),
                \(sql: PostgreSQLSchema.young("(n + 100000)::pg_catalog.text::pg_catalog.xid")),
                \(sql: PostgreSQLSchema.young("((n + 3000000000) % 4294967296)::pg_catalog.text::pg_catalog.xid"))
            FROM (SELECT pg_catalog.txid_current() % 4294967296 AS n) AS now
            """
        ).onlyRow()
        #expect(answers == ["t", "f", "f"])
    }

    /// A connection that lasts (an editor's, the page's) looks again before each transaction
    /// after its first: code the owner put on the tables since the opening is refused before
    /// it runs, whether it would run in a write or a read.
    @Test(arguments: [
        """
        CREATE FUNCTION public.steal() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN INSERT INTO public.loot VALUES (NEW.title); RETURN NEW; END $$;
        CREATE TRIGGER steal BEFORE UPDATE ON checklist.items FOR EACH ROW
        EXECUTE FUNCTION public.steal()
        """,
        """
        CREATE FUNCTION public.spy(text) RETURNS boolean LANGUAGE sql
        AS $$ INSERT INTO public.loot VALUES ($1) RETURNING true $$;
        CREATE POLICY spy ON checklist.items USING (public.spy(title))
        """,
    ])
    func aLastingConnectionLooksAgainBeforeEachTransaction(_ change: String) throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        server.trusted = trusted
        // A second transaction on the same connection: looked at in full (not known), clean.
        _ = try store.check(.ids(IDSet(ids: [1])))
        let owner = try PostgreSQLConnection(server.connection.uri)
        try owner.execute("CREATE TABLE public.loot (what text)")
        try owner.execute(change)
        let attempts: [() throws -> Void] = [
            { _ = try store.uncheck(.ids(IDSet(ids: [1]))) },
            { _ = try store.counts(in: .list(ListName.defaultList)) },
        ]
        for attempt in attempts {
            #expect {
                try attempt()
            } throws: {
                guard case ChecklistError.untrustedServerSchema = $0 else { return false }
                return true
            }
        }
        #expect(try owner.query("SELECT count(*) FROM public.loot").onlyRow() == ["0"])
        #expect(
            try owner.query("SELECT is_selected FROM checklist.items WHERE id = 1").onlyRow()
                == ["t"])
    }

    /// A store on a new schema that has read its revision once (an editor's, listening), this
    /// suite's cache, and the owner's connection, with `public.spy()`: a function that records
    /// in `public.loot` that it ran, and returns a revision.
    private func listeningStoreAndSpy() throws -> (PostgreSQLStore, owner: PostgreSQLConnection) {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        server.trusted = trusted
        _ = try server.changeCount()
        let owner = try PostgreSQLConnection(server.connection.uri)
        try owner.execute(
            """
            CREATE TABLE public.loot (what text);
            CREATE FUNCTION public.spy() RETURNS bigint LANGUAGE sql
            AS $$ INSERT INTO public.loot VALUES ('read') RETURNING 7::bigint $$
            """)
        return (server, owner)
    }

    /// The revision an editor reads after a notification, outside a transaction: a view put in
    /// `state`'s place since the opening never runs.
    @Test func aLastingConnectionReadsTheRevisionOnlyFromThePlainTable() throws {
        let (server, owner) = try listeningStoreAndSpy()
        try owner.execute(
            """
            ALTER TABLE checklist.state RENAME TO state_before;
            CREATE VIEW checklist.state AS SELECT public.spy() AS revision;
            NOTIFY checklist_changes
            """)
        #expect(refused(within: 5) { _ = try server.changeCount() })
        #expect(try owner.query("SELECT count(*) FROM public.loot").onlyRow() == ["0"])
    }

    /// The same, when the owner swaps the view in within a transaction that commits while the
    /// editor's read waits for `state` (a look before the lock passed, and the read then ran
    /// the view: found by a review).
    @Test func aSwapCommittedWhileTheRevisionReadWaitsIsRefused() throws {
        let (server, owner) = try listeningStoreAndSpy()
        try owner.execute(
            """
            BEGIN;
            ALTER TABLE checklist.state RENAME TO state_before;
            CREATE VIEW checklist.state AS SELECT public.spy() AS revision
            """)
        try PostgreSQLConnection(server.connection.uri).execute("NOTIFY checklist_changes")
        // The owner's connection, handed to the thread that commits (used by it alone until
        // `committed`).
        struct Handoff: @unchecked Sendable { let connection: PostgreSQLConnection }
        let handoff = Handoff(connection: owner)
        let committed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 1)
            try? handoff.connection.execute("COMMIT")
            committed.signal()
        }
        #expect(refused(within: 5) { _ = try server.changeCount() })
        committed.wait()
        #expect(try owner.query("SELECT count(*) FROM public.loot").onlyRow() == ["0"])
    }

    @Test func noPlaceForTheFileMeansAFullLookEachTime() throws {
        let connection = try PostgreSQLConnection(uri)
        _ = try PostgreSQLSchema.opening(connection, trusted: TrustedSchemas(path: nil))
        #expect(connection.roundTrips == 2)
        let again = try PostgreSQLConnection(uri)
        _ = try PostgreSQLSchema.opening(again, trusted: TrustedSchemas(path: nil))
        #expect(again.roundTrips == 2)
    }
}
