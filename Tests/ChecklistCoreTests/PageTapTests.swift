import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistStore

/// Issue 32, 12: a page's taps, kept while the server could not be reached and sent later with
/// the times they were made, merge by the offline copies' rules, on every engine: a tap holds
/// unless a later edit of the item's checked field was made elsewhere (told, with who and
/// when), a delete wins, a single-choice list keeps the latest check, and each tap is recorded
/// at its own time under its author.
struct PageTapTests {
    /// ISO 8601 UTC with milliseconds, as the program writes times.
    static func iso(_ date: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.string(from: date)
    }

    /// A time `seconds` from now.
    static func time(_ seconds: TimeInterval) -> String { iso(Date().addingTimeInterval(seconds)) }

    /// A tap's time: now, a little after what came before and before what comes after (the
    /// clocks count milliseconds).
    static func tapTime() -> String {
        Thread.sleep(forTimeInterval: 0.005)
        defer { Thread.sleep(forTimeInterval: 0.005) }
        return time(0)
    }

    /// ana's page and ben's command line, over one new database of `engine`, with camping's
    /// Tent (1), Stove (2) and Map (3) (added before any tap: a page taps what it showed).
    func stores(_ engine: Engine) throws -> (ana: ChecklistStore, ben: ChecklistStore) {
        let ana = try engine.emptyStore(author: "ana")
        try ana.add(titles("Tent", "Stove", "Map"), to: "camping")
        return (ana, ana.actingAs("ben"))
    }

    func checked(_ store: ChecklistStore) throws -> [String: Bool] {
        Dictionary(
            uniqueKeysWithValues: try store.items(in: .list("camping")).map {
                ($0.title, $0.isSelected)
            })
    }

    @Test(arguments: Engine.all)
    func aTapWithNothingLaterHoldsAtItsOwnTime(_ engine: Engine) throws {
        let (ana, _) = try stores(engine)
        let made = Self.tapTime()
        let outcome = try ana.mergeTaps([PageTap(id: 2, checked: true, time: made)], seen: nil)
        #expect(outcome.map(\.lostTo) == [nil])
        #expect(outcome.map(\.time) == [made])
        #expect(try checked(ana) == ["Tent": false, "Stove": true, "Map": false])
        let newest = try #require(try ana.history().first)
        #expect(newest.createdAt == made)
        #expect(newest.author == "ana")
        #expect(newest.command == "check")
        // Its author's undo reverts it as any change.
        _ = try ana.undo()
        #expect(try checked(ana)["Stove"] == false)
    }

    @Test(arguments: Engine.all)
    func aLaterEditElsewhereWinsAndIsTold(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let made = Self.tapTime()
        try ben.check(.ids(IDSet(ids: [1])))
        try ben.uncheck(.ids(IDSet(ids: [1])))
        let historyBefore = try ana.history().count
        let outcome = try ana.mergeTaps([PageTap(id: 1, checked: true, time: made)], seen: nil)
        let lost = try #require(outcome.first?.lostTo)
        #expect(lost.what == "uncheck")
        #expect(lost.author == "ben")
        #expect((lost.time ?? "") > made)
        #expect(outcome.first?.title == "Tent")
        #expect(try checked(ana)["Tent"] == false)
        #expect(try ana.history().count == historyBefore)
    }

    @Test(arguments: Engine.all)
    func anEarlierEditElsewhereLosesToTheTap(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        try ben.check(.ids(IDSet(ids: [1])))
        let outcome = try ana.mergeTaps(
            [PageTap(id: 1, checked: false, time: Self.tapTime())], seen: nil)
        #expect(outcome.map(\.lostTo) == [nil])
        #expect(try checked(ana)["Tent"] == false)
        #expect(try ana.history().first?.author == "ana")
    }

    @Test(arguments: Engine.all)
    func aDeleteMeanwhileWins(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let made = Self.tapTime()
        try ben.delete(.ids(IDSet(ids: [3])))
        let outcome = try ana.mergeTaps([PageTap(id: 3, checked: true, time: made)], seen: nil)
        let lost = try #require(outcome.first?.lostTo)
        #expect(lost.what == "delete")
        #expect(lost.author == "ben")
        #expect(try checked(ana)["Map"] == nil)
    }

    @Test(arguments: Engine.all)
    func aSingleChoiceListKeepsTheLatestCheck(_ engine: Engine) throws {
        let ana = try engine.emptyStore(author: "ana")
        try ana.addList(named: "tents", mode: .single)
        try ana.add(titles("Big", "Small", "Bivvy"), to: "tents")
        let ben = ana.actingAs("ben")
        let made = Self.tapTime()
        try ben.check(.ids(IDSet(ids: [2])))
        // Checked before ben's choice: his later one stays.
        let lost = try ana.mergeTaps([PageTap(id: 1, checked: true, time: made)], seen: nil)
        #expect(lost.first?.lostTo?.what == "check 'Small'")
        #expect(lost.first?.lostTo?.author == "ben")
        // Checked after it: the tap moves the choice.
        let won = try ana.mergeTaps(
            [PageTap(id: 3, checked: true, time: Self.tapTime())], seen: nil)
        #expect(won.first?.lostTo == nil)
        let items = try ana.items(in: .list("tents"))
        #expect(items.filter(\.isSelected).map(\.title) == ["Bivvy"])
    }

    /// Issue 47: a tap made on a phone whose clock runs an hour ahead is held to the server's
    /// clock when it first arrives; sent again (its answer lost on the way) after ben unchecked
    /// the item, it is held to that first arrival, not the second, so it changes nothing more:
    /// ben's later uncheck stands, and the tap is recorded once.
    @Test(arguments: Engine.all)
    func aTapFromAheadSentAgainIsHeldToItsFirstArrival(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let tap = PageTap(id: 1, checked: true, time: Self.time(3600))
        let first = try ana.mergeTaps([tap], seen: nil)
        #expect(first.map(\.lostTo) == [nil])
        #expect(try checked(ana)["Tent"] == true)
        Thread.sleep(forTimeInterval: 0.01)
        try ben.uncheck(.ids(IDSet(ids: [1])))
        Thread.sleep(forTimeInterval: 0.01)
        let again = try ana.mergeTaps([tap], seen: nil)
        #expect(try checked(ana)["Tent"] == false)
        #expect(again.first?.lostTo?.author == "ben")
        #expect(again.first?.time == first.first?.time)
        #expect(try ana.history().filter { $0.author == "ana" && $0.command == "check" }.count == 1)
    }

    @Test(arguments: Engine.all)
    func tapsSentAgainChangeNothingMore(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let taps = [
            PageTap(id: 1, checked: true, time: Self.tapTime()),
            PageTap(id: 1, checked: false, time: Self.tapTime()),
            PageTap(id: 2, checked: true, time: Self.tapTime()),
        ]
        let first = try ana.mergeTaps(taps, seen: nil)
        #expect(first.map(\.lostTo) == [nil, nil, nil])
        let history = try ana.history()
        #expect(history.prefix(3).map(\.command) == ["check", "uncheck", "check"])
        // Another person's later edit between the two sends stays.
        try ben.uncheck(.ids(IDSet(ids: [2])))
        let again = try ana.mergeTaps(taps, seen: nil)
        #expect(again.last?.lostTo?.author == "ben")
        #expect(try ana.history().count == history.count + 1)
        #expect(try checked(ana) == ["Tent": false, "Stove": false, "Map": false])
    }

    /// A phone whose clock runs an hour ahead: its tap is held to the server's clock, so an
    /// edit made after it reached the server wins over it; one behind what the page had seen
    /// is stamped just after that.
    @Test(arguments: Engine.all)
    func aPhonesClockIsHeldBetweenWhatItSawAndTheServers(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let ahead = try ana.mergeTaps(
            [PageTap(id: 1, checked: true, time: Self.time(3600))], seen: nil)
        #expect(ahead.first.map { $0.time < Self.time(1) } == true)
        #expect(try checked(ana)["Tent"] == true)
        _ = Self.tapTime()
        try ben.uncheck(.ids(IDSet(ids: [1])))
        #expect(try checked(ana)["Tent"] == false)
        let seen = Self.tapTime()
        let behind = try ana.mergeTaps(
            [PageTap(id: 2, checked: true, time: Self.time(-3600))], seen: seen)
        #expect(behind.first.map { $0.time > seen } == true)
        #expect(behind.first?.lostTo == nil)
        #expect(try checked(ana)["Stove"] == true)
    }

    /// A tap keeps the `seen` its page had when it was made: a state read later (after a
    /// reload, or a push between two tries) does not lift it over an edit made meanwhile; and
    /// a `seen` from the future is held to the server's clock.
    @Test(arguments: Engine.all)
    func aTapIsStampedByWhatItsPageHadSeenWhenItWasMade(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let seenThen = Self.tapTime()
        let made = Self.tapTime()
        try ben.uncheck(.ids(IDSet(ids: [1])))
        try ben.check(.ids(IDSet(ids: [1])))
        try ben.uncheck(.ids(IDSet(ids: [1])))
        let seenNow = Self.tapTime()
        let lost = try ana.mergeTaps(
            [PageTap(id: 1, checked: true, time: made, seen: seenThen)], seen: seenNow)
        #expect(lost.first?.lostTo?.author == "ben")
        #expect(try checked(ana)["Tent"] == false)
        let future = try ana.mergeTaps(
            [PageTap(id: 2, checked: true, time: made, seen: "2099-01-01T00:00:00.000Z")],
            seen: nil)
        #expect(future.first.map { $0.time < Self.time(1) } == true)
        _ = Self.tapTime()
        try ben.uncheck(.ids(IDSet(ids: [2])))
        #expect(try checked(ana)["Stove"] == false)
    }

    /// The same taps sent again after their answer was lost, with another person's change in
    /// between: the change stays, and an earlier tap overtaken by a later one of the same item
    /// in the same send is not told as lost.
    @Test(arguments: Engine.all)
    func tapsSentAgainNeverUndoALaterChangeNorLoseToThemselves(_ engine: Engine) throws {
        let (ana, ben) = try stores(engine)
        let seen = Self.tapTime()
        let taps = [
            PageTap(id: 1, checked: true, time: Self.tapTime(), seen: seen),
            PageTap(id: 1, checked: false, time: Self.tapTime(), seen: seen),
            PageTap(id: 2, checked: true, time: Self.tapTime(), seen: seen),
        ]
        _ = try ana.mergeTaps(taps, seen: nil)
        let again = try ana.mergeTaps(taps, seen: nil)
        #expect(again.map(\.lostTo) == [nil, nil, nil])
        try ben.uncheck(.ids(IDSet(ids: [2])))
        let third = try ana.mergeTaps(taps, seen: nil)
        #expect(third.map { $0.lostTo?.author } == [nil, nil, "ben"])
        #expect(try checked(ana) == ["Tent": false, "Stove": false, "Map": false])
    }

    /// On a file the journal says who last checked an item; when the item changed after the
    /// tap and the journal no longer reaches back that far, the tap loses rather than undo
    /// what it cannot see; a rename after the tap does not make it lose.
    @Test func onAFileTheJournalTellsTheCheckFromOtherEdits() throws {
        let (ana, ben) = try stores(.file)
        let made = Self.tapTime()
        try ben.rename(1, to: Title("Big tent"))
        let renamed = try ana.mergeTaps([PageTap(id: 1, checked: true, time: made)], seen: nil)
        #expect(renamed.first?.lostTo == nil)
        #expect(try checked(ana)["Big tent"] == true)
        // 60 changes elsewhere: the journal keeps 50, none of them Stove's uncheck.
        try ben.check(.ids(IDSet(ids: [2])))
        try ben.uncheck(.ids(IDSet(ids: [2])))
        for _ in 1...30 {
            try ben.check(.ids(IDSet(ids: [3])))
            try ben.uncheck(.ids(IDSet(ids: [3])))
        }
        let lost = try ana.mergeTaps([PageTap(id: 2, checked: true, time: made)], seen: nil)
        #expect(lost.first?.lostTo?.what == "uncheck")
        #expect(lost.first?.lostTo?.author == nil)
        #expect(try checked(ana)["Stove"] == false)
    }
}
