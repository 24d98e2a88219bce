import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSync

/// The merge rules of offline copies as plain values (issue 31, 5): what a copy's journal
/// says it did, and which of its edits a server takes.
struct SyncMergeTests {
    private func item(_ id: ItemID, _ title: String, checked: Bool = false, position: Int64 = 1)
        -> CopyItem
    {
        CopyItem(
            id: id, listID: 1, position: position,
            values: [.checked: .bool(checked), .title: .text(title)])
    }

    private func entry(_ id: Int64) -> Change {
        Change(
            id: id, command: "c", description: "d", itemCount: 1,
            createdAt: "2026-11-28T09:00:0\(id).000Z", author: "ana")
    }

    private let camping = CopyList(id: 1, name: "camping", mode: .multiple)

    /// Every stored field of an item is merged by a declared field (the place's two columns
    /// included) or is kept by each side: a field added to `StoredTables.itemFields` without
    /// saying how offline copies merge it fails here, never silently at a sync (issue 50).
    @Test func everyStoredFieldOfAnItemSaysHowItMerges() {
        let declared = MergedField.all.flatMap(\.columns) + MergedField.notMerged
        #expect(declared.map(\.sqlite).sorted() == StoredTables.itemFields.map(\.sqlite).sorted())
        // Each column once: no field merged twice, none both merged and kept.
        #expect(Set(declared.map(\.sqlite)).count == declared.count)
    }

    @Test func editsAreReadFromTheJournalChangeByChange() {
        // Change 1 added item 5; change 2 checked it; change 3 renamed it; now: checked, 'Big'.
        var added = JournalRecords(entry: entry(1))
        added.added = [5...5]
        var checked = JournalRecords(entry: entry(2))
        checked.selections = [(5, false)]
        var renamed = JournalRecords(entry: entry(3))
        renamed.items = [item(5, "Tent", checked: true)]
        let changes = CopyEdits.derive(
            [added, checked, renamed], currentItems: [item(5, "Big", checked: true)],
            currentLists: [camping])
        #expect(
            changes.map(\.edits) == [
                [
                    .create(
                        5, list: "camping", position: 1,
                        values: [.checked: .bool(false), .title: .text("Tent")])
                ],
                [.check(5, true)],
                [.retitle(5, "Big")],
            ])
    }

    @Test func aDeleteAndAListChangeAreEdits() {
        var deleted = JournalRecords(entry: entry(1))
        deleted.items = [item(2, "Map")]
        var made = JournalRecords(entry: entry(2))
        made.lists = [(7, nil)]
        let beach = CopyList(id: 7, name: "beach", mode: .single)
        let changes = CopyEdits.derive(
            [deleted, made], currentItems: [], currentLists: [camping, beach])
        #expect(changes[0].edits == [.delete(2)])
        #expect(changes[1].edits == [.createList(name: "beach", mode: .single)])
    }

    private func server(
        _ id: ItemID, checked: Bool, at stamp: String, title: String = "Tent"
    ) -> [ItemID: ServerItem] {
        let old = Stamp("2026-11-28T08:00:00.000Z postgres")
        return [
            id: ServerItem(
                id: id, list: "camping", title: title, isSelected: checked, position: 1,
                checkedStamp: Stamp(stamp), titleStamp: old, placeStamp: old)
        ]
    }

    private let seen = Stamp("2026-11-28T08:30:00.000Z \u{FFFF}")

    /// A reorder of a list on the copy (its own move, or the renumbering another item's move
    /// made) never brings back an item moved out of that list elsewhere, even earlier; a move
    /// into another list is decided by the later stamp as any field.
    @Test func aReorderNeverBringsBackAnItemMovedToAnotherList() {
        let earlier = Stamp("2026-11-28T08:45:00.000Z bob")
        let moved: [ItemID: ServerItem] = [
            3: ServerItem(
                id: 3, list: "other", title: "Map", isSelected: false, position: 1,
                checkedStamp: earlier, titleStamp: earlier, placeStamp: earlier)
        ]
        let mine = Stamp(time: "2026-11-28T09:00:00.000Z", author: "ana")
        let reorder = SyncMerge.decide(
            [.place(3, list: "camping", position: 2, from: "camping")], stamp: mine,
            server: moved, seen: seen)
        #expect(reorder.places.isEmpty)
        #expect(reorder.conflicts.map(\.winner.author) == ["bob"])
        let move = SyncMerge.decide(
            [.place(3, list: "beach", position: 1, from: "camping")], stamp: mine,
            server: moved, seen: seen)
        #expect(move.places.map(\.list) == ["beach"])
    }

    @Test func aLaterEditWinsAndTheEarlierOneIsTold() {
        let mine = Stamp(time: "2026-11-28T09:00:00.000Z", author: "ana")
        // Bob checked at 10:05, which ana had not seen: her 09:00 uncheck loses.
        let lost = SyncMerge.decide(
            [.check(1, false)], stamp: mine,
            server: server(1, checked: true, at: "2026-11-28T10:05:00.000Z bob"), seen: seen)
        #expect(lost.checks.isEmpty)
        #expect(lost.conflicts.count == 1)
        #expect(lost.conflicts.first?.loser.isYours == true)
        #expect(lost.conflicts.first?.winner.author == "bob")
        // Bob's check at 08:45, not seen either: ana's later uncheck wins, and bob's is told.
        let won = SyncMerge.decide(
            [.check(1, false)], stamp: mine,
            server: server(1, checked: true, at: "2026-11-28T08:45:00.000Z bob"), seen: seen)
        #expect(won.checks.map(\.id) == [1])
        #expect(won.conflicts.first?.loser.author == "bob")
        // An edit ana had seen (08:15) is no conflict.
        let seenBefore = SyncMerge.decide(
            [.check(1, false)], stamp: mine,
            server: server(1, checked: true, at: "2026-11-28T08:15:00.000Z bob"), seen: seen)
        #expect(seenBefore.checks.map(\.id) == [1])
        #expect(seenBefore.conflicts.isEmpty)
    }

    @Test func theSameEditSentAgainChangesNothing() {
        let mine = Stamp(time: "2026-11-28T09:00:00.000Z", author: "ana")
        let again = SyncMerge.decide(
            [
                .check(1, true),
                .create(
                    1, list: "camping", position: 1,
                    values: [.checked: .bool(true), .title: .text("Tent")]),
            ],
            stamp: mine, server: server(1, checked: true, at: mine.text), seen: seen)
        #expect(again == MergeDecision())
    }

    @Test func aDeleteWinsOverLaterEditsAndEditsOfDeletedItemsAreTold() {
        let mine = Stamp(time: "2026-11-28T09:00:00.000Z", author: "ana")
        let deleting = SyncMerge.decide(
            [.delete(1)], stamp: mine,
            server: server(1, checked: true, at: "2026-11-28T10:00:00.000Z bob"), seen: seen)
        #expect(deleting.deletes == [1])
        #expect(deleting.conflicts.map(\.winner.what) == ["delete"])
        let editing = SyncMerge.decide(
            [.retitle(1, "Big tent")], stamp: mine, server: [:], seen: seen,
            deletedBy: [1: ("bob", "2026-11-28T08:50:00.000Z")])
        #expect(editing.sets.isEmpty)
        #expect(editing.conflicts.first?.winner.what == "delete")
        #expect(editing.conflicts.first?.winner.author == "bob")
    }

    /// A single-choice list keeps the latest check: a copy's check made before another
    /// author's later choice there loses, and is told; made after it, it wins (the server then
    /// unchecks the old choice). A page's tap is told the same way, whoever's the later edit.
    @Test func aCheckLosesToALaterChoiceInASingleChoiceListAndIsTold() {
        let mine = Stamp(time: "2026-11-28T09:00:00.000Z", author: "ana")
        var items = server(1, checked: false, at: "2026-11-28T08:00:00.000Z ana", title: "Big")
        items.merge(server(2, checked: true, at: "2026-11-28T10:00:00.000Z bob", title: "Small")) {
            $1
        }
        let lost = SyncMerge.decide(
            [.check(1, true)], stamp: mine, server: items, seen: seen, choices: [1: [2]])
        #expect(lost.checks.isEmpty)
        #expect(lost.conflicts.map(\.winner.what) == ["choice of 'Small'"])
        #expect(lost.conflicts.map(\.loser.what) == ["choice of 'Big'"])
        #expect(lost.conflicts.map(\.winner.author) == ["bob"])
        let view = MergeView(items: items, choices: [1: [2]])
        #expect(
            SyncMerge.tap(1, true, stamp: mine, view: view, seen: seen)
                == .lost(
                    .init(
                        what: "check 'Small'", author: "bob", time: "2026-11-28T10:00:00.000Z",
                        isYours: false)))
        let later = Stamp(time: "2026-11-28T10:30:00.000Z", author: "ana")
        let won = SyncMerge.decide(
            [.check(1, true)], stamp: later, server: items, seen: seen, choices: [1: [2]])
        #expect(won.checks.map(\.id) == [1])
        // Bob's choice, made without seeing hers, lost to it: told, one line.
        #expect(won.conflicts.map(\.loser.what) == ["choice of 'Small'"])
        #expect(won.conflicts.map(\.winner.what) == ["choice of 'Big'"])
        #expect(won.conflicts.map(\.title) == ["list 'camping'"])
        #expect(SyncMerge.tap(1, true, stamp: later, view: view, seen: seen) == .apply)
        // An uncheck is not a choice: only the item's own checked field decides it.
        #expect(SyncMerge.tap(1, false, stamp: mine, view: view, seen: seen) == .holds)
    }

    @Test func aSingleChoiceListKeepsTheLatestCheck() {
        let keeper = SyncMerge.singleChoiceKeeper([
            (1, Stamp("2026-11-28T09:00:00.000Z ana")), (2, Stamp("2026-11-28T10:00:00.000Z bob")),
            (3, Stamp("2026-11-28T09:30:00.000Z cy")),
        ])
        #expect(keeper == 2)
    }

    /// Issue 47: what a copy had seen is held to the server's clock too (a `seen` of
    /// 9999-12-31 stamped every later edit in the year 10000, which sorts before 2026 and lost),
    /// and a text that is no real time counts as none.
    @Test func aSeenFromTheFutureOrATimeThatIsNoneCannotStampPastTheArrival() {
        let arrival = "2026-11-28T10:30:00.000Z"
        let future = Stamp.clock(
            ["2026-11-28T10:10:00.000Z", "2026-11-28T10:20:00.000Z"],
            seen: "9999-12-31T23:59:59.999Z", arrival: arrival)
        #expect(future == ["2026-11-28T10:30:00.001Z", "2026-11-28T10:30:00.002Z"])
        let nonsense = Stamp.clock(
            ["2026-13-01T10:10:00.000Z", "2026-11-28T05:59:99.999Z", "0000-00-00T00:00:00.000Z"],
            seen: "2026-11-28T10:00:00.000Z", arrival: arrival)
        #expect(
            nonsense == [
                "2026-11-28T10:00:00.001Z", "2026-11-28T10:00:00.002Z", "2026-11-28T10:00:00.003Z",
            ])
        #expect(Stamp.clock(["x"], seen: "y", arrival: arrival) == [arrival])
    }

    @Test func onlyRealTimesAreTimes() {
        for time in [
            "2026-11-28T10:05:00.123Z", "2028-02-29T23:59:59.999Z", "0001-01-01T00:00:00.000Z",
        ] {
            #expect(ISOTime.isValid(time), "\(time)")
        }
        for time in [
            "2026-11-28T05:59:99.999Z", "2026-13-01T00:00:00.000Z", "0000-00-00T00:00:00.000Z",
            "2027-02-29T00:00:00.000Z", "2026-11-31T00:00:00.000Z", "2026-11-28T24:00:00.000Z",
            "2026-11-28T10:60:00.000Z", "2026-11-28 10:05:00.123Z", "2026-11-28T10:05:00Z", "",
        ] {
            #expect(!ISOTime.isValid(time), "\(time)")
        }
    }

    /// The hybrid clock: a copy an hour behind still stamps after what it has seen; one an
    /// hour ahead is held to the server's clock at arrival.
    @Test func theClockIsNeverBehindWhatWasSeenNorAheadOfTheServer() {
        let seen = "2026-11-28T10:00:00.000Z"
        let behind = Stamp.clock(
            ["2026-11-28T09:10:00.000Z", "2026-11-28T09:20:00.000Z"], seen: seen,
            arrival: "2026-11-28T10:30:00.000Z")
        #expect(behind == ["2026-11-28T10:00:00.001Z", "2026-11-28T10:00:00.002Z"])
        let ahead = Stamp.clock(
            ["2026-11-28T11:10:00.000Z", "2026-11-28T11:20:00.000Z"], seen: seen,
            arrival: "2026-11-28T10:30:00.000Z")
        #expect(ahead == ["2026-11-28T10:30:00.000Z", "2026-11-28T10:30:00.001Z"])
        let right = Stamp.clock(
            ["2026-11-28T10:10:00.000Z"], seen: seen, arrival: "2026-11-28T10:30:00.000Z")
        #expect(right == ["2026-11-28T10:10:00.000Z"])
        #expect(
            ISOTime.adding(milliseconds: 1, to: "2026-11-28T10:59:59.999Z")
                == "2026-11-28T11:00:00.000Z")
        // A tick past midnight is the next day's first millisecond (two edits held to the
        // last one of a day must not share a stamp), across months, years and leap days.
        for (time, next) in [
            ("2026-12-31T23:59:59.999Z", "2027-01-01T00:00:00.000Z"),
            ("2028-02-28T23:59:59.999Z", "2028-02-29T00:00:00.000Z"),
            ("2027-02-28T23:59:59.999Z", "2027-03-01T00:00:00.000Z"),
            ("2026-11-30T23:59:59.999Z", "2026-12-01T00:00:00.000Z"),
        ] {
            #expect(ISOTime.adding(milliseconds: 1, to: time) == next)
        }
        #expect(
            ISOTime.adding(milliseconds: -1, to: "2027-01-01T00:00:00.000Z")
                == "2026-12-31T23:59:59.999Z")
        #expect(ISOTime.adding(milliseconds: 1, to: "not a time") == "not a time")
    }
}
