import Foundation
import Testing

/// Issue 50: the server keeps its merge stamps by field (`migrations/postgresql/0012`). A server
/// whose schema is older (a stamp column and a revision column a field, as `0011` left them)
/// is migrated by its owner's next command with every stamp and revision carried over, and a
/// copy cloned before the migration syncs after it by those stamps.
extension OfflineCopyTests {
    /// Puts the server's schema back as `0011` left it, the stamps moved into their columns.
    private func schemaBeforeStampsByField() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("migrations/postgresql")
        let older = try String(
            contentsOf: folder.appendingPathComponent("0011_stamps_by_their_writers.sql"),
            encoding: .utf8)
        var undo = "ALTER TABLE checklist.items DISABLE TRIGGER items_stamps;"
        for field in ["checked", "title", "place"] {
            undo += """
                ALTER TABLE checklist.items
                    ADD COLUMN \(field)_stamp text COLLATE "C" NOT NULL DEFAULT '',
                    ADD COLUMN \(field)_revision bigint NOT NULL DEFAULT 0;
                UPDATE checklist.items SET
                    \(field)_stamp = stamps -> '\(field)' ->> 'stamp',
                    \(field)_revision = (stamps -> '\(field)' ->> 'revision')::bigint;
                """
        }
        // And the migrations after 0012 (quantities and notes), which the next write makes
        // again.
        undo += """
            ALTER TABLE checklist.items DROP COLUMN quantity, DROP COLUMN note;
            ALTER TABLE checklist.changed_items DROP COLUMN quantity, DROP COLUMN note;
            DELETE FROM checklist.migrations WHERE identifier = '0013_item_quantities_and_notes';
            ALTER TABLE checklist.items DROP COLUMN stamps;
            DROP TABLE checklist.merged_fields;
            \(older)
            ALTER TABLE checklist.items ENABLE TRIGGER items_stamps;
            DELETE FROM checklist.migrations WHERE identifier = '0012_stamps_by_field';
            """
        try TestServer.psql(uri, undo)
    }

    @Test func aServerFromBeforeStampsByFieldKeepsItsStampsAndItsCopiesSync() throws {
        try twoCopies()
        // Ana unchecks the Stove offline; on the server, bob checked it again a minute later
        // (a stamp from her future: it wins over hers only if the migration keeps it).
        #expect(try on("ana.db", "uncheck", "-q", "2").status == 0)
        try schemaBeforeStampsByField()
        let later = try TestServer.psql(
            uri,
            "SELECT to_char((now() + interval '1 minute') AT TIME ZONE 'UTC',"
                + " 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        try TestServer.psql(
            uri,
            "UPDATE checklist.items SET checked_stamp = '\(later) bob',"
                + " title_stamp = '2026-11-30T08:00:00.000Z carol' WHERE id = 2")
        let columns = try TestServer.psql(
            uri,
            "SELECT checked_stamp, checked_revision, title_stamp, title_revision, place_stamp,"
                + " place_revision FROM checklist.items ORDER BY id")
        // The owner's next write migrates: each field's stamp and revision, as they were.
        #expect(try on(uri, "add", "-q", "-l", "other", "Rope").status == 0)
        #expect(
            try TestServer.psql(
                uri, "SELECT identifier FROM checklist.migrations ORDER BY 1 DESC LIMIT 1")
                == "0013_item_quantities_and_notes\n")
        let carried = try TestServer.psql(
            uri,
            """
            SELECT stamps -> 'checked' ->> 'stamp', stamps -> 'checked' ->> 'revision',
                stamps -> 'title' ->> 'stamp', stamps -> 'title' ->> 'revision',
                stamps -> 'place' ->> 'stamp', stamps -> 'place' ->> 'revision'
            FROM checklist.items WHERE list_id = (SELECT id FROM checklist.lists
                WHERE name = 'camping') ORDER BY id
            """)
        #expect(carried == columns)
        // Bob's stamp, with the revision the older trigger gave it (not 0), and carol's title.
        #expect(
            try Regex("\(later) bob\\|[1-9][0-9]*\\|2026-11-30T08:00:00.000Z carol\\|")
                .firstMatch(in: carried) != nil, "\(carried)")
        // The copy cloned before syncs: its uncheck loses to bob's later check, and is told.
        let anas = try sync("ana.db")
        #expect(anas.stdout.contains("your uncheck"), "\(anas.stdout)")
        #expect(anas.stdout.contains("bob's check"), "\(anas.stdout)")
        #expect(try on(uri, "list", "-l", "camping").stdout.contains("[x] 2 Stove\n"))
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }
}
