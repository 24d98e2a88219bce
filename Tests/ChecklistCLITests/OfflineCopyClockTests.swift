import Foundation
import Testing

/// Issue 31's hybrid clock, through the command line: a copy whose clock is an hour behind, or
/// an hour ahead (its journal's times moved by SQL, as such a clock would have written them).
extension OfflineCopyTests {
    /// Moves the copy's newest journal entry by `offset` (an SQLite modifier: '-1 hour').
    private func skewNewestChange(_ copy: String, _ offset: String) throws {
        _ = try sqlite(
            copy,
            """
            UPDATE changes SET createdAt = strftime('%Y-%m-%dT%H:%M:%fZ', createdAt, '\(offset)')
            WHERE id = (SELECT max(id) FROM changes)
            """)
    }

    /// An hour behind: ana saw bob's uncheck, then checked the item on a clock an hour slow.
    /// Her check still comes after what she had seen, so it stands, and nothing is told.
    @Test func aCopyWhoseClockIsBehindStillEditsAfterWhatItHasSeen() throws {
        try twoCopies()
        #expect(try on("bob.db", "uncheck", "-q", "2").status == 0)
        _ = try sync("bob.db")
        _ = try sync("ana.db")
        #expect(try on("ana.db", "check", "-q", "2").status == 0)
        try skewNewestChange("ana.db", "-1 hour")
        let anas = try sync("ana.db")
        #expect(anas.stdout.isEmpty, "\(anas.stdout)")
        #expect(try on(uri, "list", "-l", "camping").stdout.contains("[x] 2 Stove\n"))
        try expectInStep("ana.db")
    }

    /// An hour ahead: ana's check is held to the server's clock when it arrives, so bob's
    /// uncheck made after that (once his copy has it) wins, rather than losing to her clock for
    /// an hour.
    @Test func aCopyWhoseClockIsAheadCannotWinForever() throws {
        try twoCopies()
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        try skewNewestChange("ana.db", "+1 hour")
        _ = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[x] 1 Tent\n"))
        _ = try sync("bob.db")
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try on("bob.db", "uncheck", "-q", "1").status == 0)
        _ = try sync("bob.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[ ] 1 Tent\n"))
        _ = try sync("ana.db")
        try expectInStep("ana.db", "bob.db")
    }

    /// Issue 47: a copy whose `seen` is from the future (a file edited, a clock that was years
    /// ahead at a sync) stamped its edits in the year 10000, which sorts before 2026: its check
    /// was dropped, and later edits lost to nothing. Held to the server's clock, the check
    /// holds, and a later edit elsewhere wins over it.
    @Test func aSeenFromTheFutureIsHeldToTheServersClock() throws {
        try twoCopies()
        _ = try sqlite("ana.db", "UPDATE syncState SET seen = '9999-12-31T23:59:59.999Z \u{FFFF}'")
        #expect(try on("ana.db", "check", "-q", "1").status == 0)
        _ = try sync("ana.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[x] 1 Tent\n"))
        #expect(
            !(try TestServer.psql(
                uri, "SELECT stamps -> 'checked' ->> 'stamp' FROM checklist.items WHERE id = 1"
            )
            .hasPrefix("1")))
        _ = try sync("bob.db")
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try on("bob.db", "uncheck", "-q", "1").status == 0)
        _ = try sync("bob.db")
        #expect(try on(uri, "list", "-l", "camping").stdout.hasPrefix("[ ] 1 Tent\n"))
        _ = try sync("ana.db")
        try expectInStep("ana.db", "bob.db")
    }
}
