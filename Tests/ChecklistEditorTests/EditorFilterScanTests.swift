import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistStore
import ChecklistTestSupport
import Foundation
import Testing

/// A filter over a long list: a key reads a bounded part of the list, the rest of the window
/// and the count follow between keys, and the screen then is exactly the one an unbounded
/// read gives.
@Suite struct EditorFilterScanTests {
    /// 200 items; "needle" in items 150 and 170, the second one checked.
    private static func needles() throws -> (ChecklistStore, [ItemID]) {
        let (store, ids) = try storeWith(
            (1...200).map { [150, 170].contains($0) ? "needle \($0)" : "Item \($0)" })
        try store.check(.ids(IDSet(ids: [ids[169]])))
        return (store, ids)
    }

    @Test func aKeyReadsNoMoreThanTheScanLimitAndTheRestFollowsBetweenKeys() throws {
        let (store, ids) = try Self.needles()
        var editor = TestEditor(store: store, scanLimit: 20)
        editor.type("/needle")
        // The key scanned 20 items after the cursor's: no match among them yet.
        #expect(editor.state.page.rows.isEmpty)
        #expect(editor.state.page.shown == nil)
        #expect(editor.screen[0].contains("filter: needle (counting…)"))
        editor.press(.enter)
        #expect(editor.footer.contains("Delete (…)"))
        #expect(editor.state.idleEffect() != nil)

        let reads = editor.finishIdleWork()
        #expect(reads > 10)  // 200 items, 20 at a time: the window's rest, then the count
        #expect(editor.state.idleEffect() == nil)
        #expect(editor.state.page.rows.map(\.id) == [ids[149], ids[169]])
        #expect(editor.cursorID == ids[149])
        #expect(editor.state.page.shown == ItemCounts(checked: 1, total: 2))
        #expect(editor.screen[0].contains("(2 shown)"))
        #expect(editor.footer.contains("Delete (1)"))
    }

    @Test func aKeyTypedWhileCountingCountsTheNewFilterFromTheStart() throws {
        let (store, ids) = try Self.needles()
        var editor = TestEditor(store: store, scanLimit: 20)
        editor.type("/needle")
        for _ in 0..<12 { editor.session.workWhileIdle() }
        editor.type(" 17")
        editor.finishIdleWork()
        #expect(editor.state.page.rows.map(\.id) == [ids[169]])
        #expect(editor.state.page.shown == ItemCounts(checked: 1, total: 1))
    }

    @Test func deleteBeforeTheCountIsDoneCountsWhatItWouldDelete() throws {
        let (store, ids) = try Self.needles()
        var editor = TestEditor(store: store, scanLimit: 20)
        editor.type("/needle")
        editor.press(.enter)
        editor.type("d")
        #expect(editor.state.prompt == .confirmDelete(IDSet(ids: [ids[169]])))
        editor.type("y")
        #expect(try !allIDs(store).contains(ids[169]))
        #expect(try allIDs(store).count == 199)
    }

    /// A letter more in the filter keeps the rows already read that still match, with no
    /// read; the rest and the count follow between keys.
    @Test func aLetterMoreKeepsTheRowsThatStillMatchWithoutARead() throws {
        let titles = (1...60).map {
            $0 % 3 == 0 ? "tent \($0)" : $0 % 3 == 1 ? "tea \($0)" : "item \($0)"
        }
        let (store, ids) = try storeWith(titles)
        var editor = TestEditor(store: store, rows: 12, scanLimit: 1_000)
        editor.type("/te")
        editor.finishIdleWork()
        let before = editor.state.page.rows
        #expect(before.count > 10)
        // The state machine asks for no read: the key's screen is made from the rows it has.
        var probe = editor.state
        #expect(probe.handle(.key(.character("n"))).isEmpty)
        editor.type("n")
        #expect(editor.state.page.rows == before.filter { $0.title.hasPrefix("tent") })
        #expect(editor.cursorID == ids[2])  // "tea 1" is left: the next row that matches
        #expect(editor.state.page.shown == nil)  // counted again, between keys
        editor.finishIdleWork()
        #expect(editor.state.page.rows.count == 20)
        #expect(editor.state.page.shown == ItemCounts(checked: 0, total: 20))
        // Not a narrowing: `e` then U+0301 makes `é`, which `e` alone does not find: a read.
        editor.type("e")
        probe = editor.state
        #expect(!probe.handle(.key(.character("\u{301}"))).isEmpty)
        // Shorter is wider: a read too.
        probe = editor.state
        #expect(!probe.handle(.key(.backspace)).isEmpty)
    }

    /// Typing the filter a letter at a time, each letter narrowing the window in place, for
    /// lists, cursors and scan limits drawn at random: after each letter's reads between keys,
    /// the cursor is on the item a read anchored on the cursor finds (its item if it still
    /// matches, else the next that does, else the one before), the count is the list's, the
    /// rows are consecutive matching items, and the screen is the one a fresh read of the
    /// window gives. Letters typed without waiting end the same once the reads are done.
    /// Seeded: CHECKLIST_TEST_SEED=N replays a failure.
    @Test func narrowingInPlaceEndsWhereAFreshReadEnds() throws {
        let seed =
            ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64(UInt32.max))
        var random = SplitMix(seed: seed)
        let words = ["tent", "tea", "team", "item", "Tent", "stem", "steam", "é", "e\u{301}"]
        for round in 0..<16 {
            let titles = (0..<(40 + random.next(120))).map { number in
                (0..<(1 + random.next(2))).map { _ in words[random.next(words.count)] }
                    .joined(separator: " ") + " \(number)"
            }
            let (store, ids) = try storeWith(titles)
            let checked = Set(ids.filter { _ in random.next(3) == 0 })
            try store.check(.ids(IDSet(ids: checked)))
            let scanLimit = [1, 3, 7, 20, 1_000][random.next(5)]
            let waits = random.next(4) != 0  // the reads between keys, after each letter
            var editor = TestEditor(store: store, rows: 10, scanLimit: scanLimit)
            for _ in 0..<random.next(40) {
                editor.press(
                    [EditorKey.character("j"), .pageDown, .character("k")][random.next(3)])
            }
            editor.finishIdleWork()
            var expected = editor.cursorID.flatMap { ids.firstIndex(of: $0) }
            editor.type("/")
            let typed = ["team", "tent", "stea", "te", "é", "eam"][random.next(6)]
            var text = ""
            for character in typed {
                text.append(character)
                editor.type(String(character))
                let filter = EditorFilter(text)
                // Where a read anchored on the cursor lands (from the unfiltered cursor before
                // the first letter, as every letter narrows).
                if let at = expected, !filter.matches(titles[at], isSelected: false) {
                    expected =
                        titles.indices.first {
                            $0 > at && filter.matches(titles[$0], isSelected: false)
                        }
                        ?? titles.indices.last {
                            $0 < at && filter.matches(titles[$0], isSelected: false)
                        }
                }
                guard waits else { continue }
                editor.finishIdleWork()
                let context = "seed \(seed), round \(round), limit \(scanLimit), \(text)"
                #expect(editor.cursorID == expected.map { ids[$0] }, "\(context)")
                // A fresh read anchored on the cursor shows the same rows and count (the
                // screen line of the cursor may differ: a bounded read clamps it to the rows
                // it found before the cursor, while narrowing keeps it where it was).
                var fresh = editor
                fresh.externalChange()
                fresh.finishIdleWork()
                #expect(editor.cursorID == fresh.cursorID, "\(context)")
                #expect(editor.state.page.shown == fresh.state.page.shown, "\(context)")
                let (kept, read) = (
                    editor.state.page.rows.map(\.id), fresh.state.page.rows.map(\.id)
                )
                let common = Set(kept).intersection(read)
                #expect(kept.filter(common.contains) == read.filter(common.contains), "\(context)")
                #expect(editor.cursorID.map(common.contains) ?? true, "\(context)")
            }
            editor.finishIdleWork()
            let filter = EditorFilter(typed)
            let matching = ids.indices.filter { filter.matches(titles[$0], isSelected: false) }.map
            { ids[$0] }
            let context =
                "seed \(seed), round \(round), limit \(scanLimit), \(typed), waits \(waits)"
            #expect(
                editor.state.page.shown
                    == ItemCounts(
                        checked: matching.count { checked.contains($0) }, total: matching.count),
                "\(context)")
            let shown = editor.state.page.rows.map(\.id)
            let start = shown.first.flatMap { matching.firstIndex(of: $0) } ?? 0
            #expect(Array(matching.dropFirst(start).prefix(shown.count)) == shown, "\(context)")
            if waits { #expect(editor.cursorID == expected.map { ids[$0] }, "\(context)") }
        }
    }

    /// Differential: at every scan limit, after the reads between keys, every screen is the
    /// screen of an editor that reads without a limit, through filters, moves and jumps.
    @Test(arguments: [1, 2, 7, 33, 150])
    func everyScreenMatchesTheUnboundedRead(scanLimit: Int) throws {
        let titles = (1...300).map { number in
            switch number % 7 {
            case 0: "Tent peg \(number)"
            case 3: "Tea \(number)"
            default: "Item \(number)"
            }
        }
        let (store, ids) = try storeWith(titles)
        try store.check(
            .ids(IDSet(ids: ids.enumerated().filter { $0.offset % 5 == 0 }.map(\.element))))
        var bounded = TestEditor(store: store, rows: 12, scanLimit: scanLimit)
        var unbounded = TestEditor(store: store, rows: 12, scanLimit: 1_000_000)
        let steps: [[EditorKey]] = [
            [.character("/"), .character("t")], [.character("e")], [.character("n")],
            [.enter], [.character("j")], [.pageDown], [.pageDown], [.end], [.home],
            [.character("/"), .backspace, .backspace, .character("a")], [.enter], [.end],
            [.pageUp], [.character("k")], [.escape], [.end],
        ]
        for keys in steps {
            for key in keys {
                bounded.press(key)
                unbounded.press(key)
            }
            bounded.finishIdleWork()
            // A filter typed a letter further is narrowed in place, and counted between keys,
            // by any editor.
            unbounded.finishIdleWork()
            #expect(bounded.screen == unbounded.screen, "after \(keys)")
            #expect(bounded.cursorID == unbounded.cursorID, "after \(keys)")
        }
    }
}
