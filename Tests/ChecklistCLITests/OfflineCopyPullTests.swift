import Foundation
import Testing

/// A sync brings what changed on the server since the copy's last one, not the whole database
/// (the server's item revisions and deletions, `migrations/postgresql/0005`), and still ends
/// with the copy equal to the server: deletions however made, lists renamed into each other's
/// names, the journal.
extension OfflineCopyTests {
    /// What a sync left untouched keeps a mark put in the copy's file behind checklist's back
    /// (an item's createdAt); a sync that brought everything would have written it over.
    /// `isMarked` puts the item's own time back, so that the copy can equal the server again.
    private func mark(_ copy: String, item id: Int) throws {
        _ = try sqlite(
            copy,
            """
            CREATE TABLE IF NOT EXISTS marks (id INTEGER PRIMARY KEY, createdAt TEXT);
            INSERT INTO marks SELECT id, createdAt FROM items WHERE id = \(id);
            UPDATE items SET createdAt = 'marked' WHERE id = \(id)
            """)
    }

    private func isMarked(_ copy: String, item id: Int) throws -> Bool {
        let marked = try sqlite(copy, "SELECT createdAt FROM items WHERE id = \(id)") == "marked\n"
        _ = try sqlite(
            copy,
            """
            UPDATE items SET createdAt = (SELECT createdAt FROM marks WHERE id = \(id))
            WHERE id = \(id) AND createdAt = 'marked';
            DELETE FROM marks WHERE id = \(id)
            """)
        return marked
    }

    @Test func aSyncBringsWhatChangedThereAndEveryDeletion() throws {
        try twoCopies()
        #expect(try on(uri, "add", "-q", "-l", "groceries", "Milk", "Eggs").status == 0)
        _ = try sync("ana.db")
        try expectInStep("ana.db")
        try mark("ana.db", item: 2)

        // A list deleted with its items by SQL that takes the write lock (the README's way),
        // so by the foreign key's cascade; two lists' names swapped; an item checked.
        _ = try TestServer.psql(
            uri,
            """
            BEGIN; SELECT revision FROM checklist.state FOR UPDATE;
            DELETE FROM checklist.lists WHERE name = 'groceries';
            UPDATE checklist.state SET revision = revision + 1; COMMIT;
            """)
        #expect(try on(uri, "add", "-q", "-l", "beach", "Towel").status == 0)
        #expect(try on(uri, "lists", "rename", "-q", "camping", "swap").status == 0)
        #expect(try on(uri, "lists", "rename", "-q", "beach", "camping").status == 0)
        #expect(try on(uri, "lists", "rename", "-q", "swap", "beach").status == 0)
        #expect(try on(uri, "check", "-q", "1").status == 0)
        // ana, offline: a check, and a rename of a list that is no longer there.
        #expect(try on("ana.db", "check", "-q", "3").status == 0)
        #expect(try on("ana.db", "lists", "rename", "-q", "groceries", "food").status == 0)
        let anas = try sync("ana.db")
        #expect(
            anas.stdout.contains("list 'groceries': your rename to 'food' (")
                && anas.stdout.contains(") lost to a rename or delete elsewhere\n"),
            "\(anas.stdout)")
        #expect(try isMarked("ana.db", item: 2), "item 2, unchanged there, was brought again")
        try expectInStep("ana.db")
        #expect(try on("ana.db", "history").stdout == on(uri, "history").stdout)
        #expect(
            try on("ana.db", "list", "-l", "beach").stdout
                == "[x] 1 Tent\n[x] 2 Stove\n[x] 3 Map\n")
        #expect(try on("ana.db", "list", "-l", "camping").stdout.hasSuffix(" Towel\n"))

        // Every copy has seen the deletions: the server drops them once bob has too.
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.deleted_items") != "0\n")
        _ = try sync("bob.db")
        try expectInStep("bob.db")
        #expect(try TestServer.psql(uri, "SELECT count(*) FROM checklist.deleted_items") == "0\n")
    }

    /// A copy the server holds no record of (its row of `checklist.copies` gone, so deletions it
    /// needs may be gone too) brings everything; so does one with an undo to send.
    @Test func aCopyTheServerCannotAnswerForBringsEverything() throws {
        try twoCopies()
        try mark("ana.db", item: 3)
        #expect(try on(uri, "delete", "-q", "1").status == 0)
        _ = try TestServer.psql(uri, "DELETE FROM checklist.copies")
        // bob's sync makes the server's floor its own revision: ana's is below it.
        _ = try sync("bob.db")
        _ = try sync("ana.db")
        #expect(try !isMarked("ana.db", item: 3))
        try expectInStep("ana.db", "bob.db")

        #expect(try on("bob.db", "check", "-q", "3").status == 0)
        _ = try sync("bob.db")
        try mark("bob.db", item: 2)
        #expect(try on("bob.db", "undo", "-q").status == 0)
        let bobs = try sync("bob.db")
        #expect(bobs.stdout.isEmpty, "\(bobs.stdout)")
        #expect(try !isMarked("bob.db", item: 2))
        try expectInStep("ana.db", "bob.db")
    }

    /// A move within a list renumbers the others: that never brings back an item another copy
    /// moved to another list before (it did: issue 31's property test with moves found it).
    @Test func aReorderOnACopyNeverBringsBackAnItemMovedElsewhere() throws {
        #expect(try on(uri, "add", "-q", "Tent", "Stove", "Map", "Lamp").status == 0)
        #expect(try on(uri, "lists", "add", "-q", "other").status == 0)
        #expect(try on(uri, "clone", "--as", "ana", uri, path("ana.db")).status == 0)
        #expect(try on(uri, "clone", "--as", "bob", uri, path("bob.db")).status == 0)
        #expect(try on("bob.db", "move", "-q", "3", "-l", "other").status == 0)
        _ = try sync("bob.db")
        #expect(try on("ana.db", "move", "-q", "4", "--to", "1").status == 0)
        let anas = try sync("ana.db")
        #expect(anas.stdout.contains("item 3 'Map': your move ("), "\(anas.stdout)")
        #expect(try on(uri, "list", "-l", "other").stdout == "[ ] 3 Map\n")
        #expect(try on(uri, "list").stdout == "[ ] 4 Lamp\n[ ] 1 Tent\n[ ] 2 Stove\n")
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    /// A conflict of list edits reads as one sentence.
    @Test func aListDeleteThatLostToItemsAddedElsewhereIsTold() throws {
        try twoCopies()
        #expect(try on("ana.db", "lists", "delete", "-q", "--force", "camping").status == 0)
        #expect(try on(uri, "add", "-q", "-l", "camping", "Lantern").status == 0)
        let anas = try sync("ana.db")
        #expect(
            anas.stdout.contains("list 'camping': your delete (")
                && anas.stdout.contains(") lost to the 1 item added to it elsewhere\n"),
            "\(anas.stdout)")
        try expectInStep("ana.db")
    }
}
