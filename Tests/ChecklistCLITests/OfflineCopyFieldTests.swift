import Foundation
import Testing

/// Contract v5, "Quantities and notes": offline copies merge the quantity and the note each as
/// its own field, as titles merge: the later edit wins and the loser is told; a quantity
/// changed on one copy and a note on another both hold.
extension OfflineCopyTests {
    @Test func aQuantityOnOneCopyAndANoteOnAnotherBothHold() throws {
        try twoCopies()
        #expect(try on("ana.db", "set", "-q", "2", "--quantity", "3").status == 0)
        #expect(try on("bob.db", "set", "-q", "2", "--note", "the small one").status == 0)
        #expect(try sync("ana.db").stdout == "")
        #expect(try sync("bob.db").stdout == "")
        _ = try sync("ana.db")
        #expect(
            try on(uri, "list", "-l", "camping").stdout
                == "[ ] 1 Tent\n[x] 2 Stove ×3 — the small one\n[ ] 3 Map\n")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func theLaterQuantityWinsAndTheLoserIsToldWhicheverSyncsFirst() throws {
        try twoCopies()
        #expect(try on("bob.db", "set", "-q", "1", "--quantity", "2").status == 0)
        usleep(20_000)
        #expect(try on("ana.db", "set", "-q", "1", "--quantity", "4", "--note", "big").status == 0)
        // Ana's later edit goes first: bob is told when his older one reaches the server.
        #expect(try sync("ana.db").stdout == "")
        let bobs = try sync("bob.db")
        #expect(
            bobs.stdout.range(
                of:
                    #"^item 1 'Tent': your change of the quantity to 2 \(\d\d:\d\d:\d\d, bob\) lost to ana's change of the quantity to 4 \(\d\d:\d\d:\d\d\)\n$"#,
                options: .regularExpression) != nil, "\(bobs.stdout)")
        // Ana, whose edit won, is told when she brings bob's in.
        let anas = try sync("ana.db")
        #expect(anas.stdout.contains("bob's change of the quantity to 2"), "\(anas.stdout)")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[ ] 1 Tent ×4 — big\n"))
        try expectInStep("ana.db", "bob.db")
    }

    @Test func aNoteConflictIsWordedWithTheNotes() throws {
        try twoCopies()
        #expect(try on("ana.db", "set", "-q", "3", "--note", "the old one").status == 0)
        usleep(20_000)
        #expect(try on("bob.db", "set", "-q", "3", "--note", "the new one").status == 0)
        #expect(try sync("bob.db").stdout == "")
        let anas = try sync("ana.db")
        #expect(
            anas.stdout.contains(
                "item 3 'Map': your change of the note to 'the old one' ("), "\(anas.stdout)")
        #expect(anas.stdout.contains("lost to bob's change of the note to 'the new one' ("))
        #expect(try on("ana.db", "list", "-l", "camping").stdout.contains("3 Map — the new one"))
        _ = try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func itemsAddedOfflineWithAQuantityAndANoteReachTheServerAndUndoGoesBack() throws {
        try twoCopies()
        #expect(
            try on(
                "ana.db", "add", "-q", "-l", "camping", "Pegs", "--quantity", "12", "--note", "x"
            )
            .status == 0)
        _ = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasSuffix("[ ] 4 Pegs ×12 — x\n"))
        #expect(try on("ana.db", "set", "-q", "4", "--quantity", "6").status == 0)
        #expect(try on("ana.db", "undo").status == 0)
        _ = try sync("ana.db")
        _ = try sync("bob.db")
        #expect(try on("bob.db", "list", "-l", "camping").stdout.hasSuffix("[ ] 4 Pegs ×12 — x\n"))
        try expectInStep("ana.db", "bob.db")
    }
}
