import ChecklistCore
import ChecklistEditor
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
        try store.check(.ids(IDSet(ids: ids.enumerated().filter { $0.offset % 5 == 0 }.map(\.element))))
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
            #expect(unbounded.state.idleEffect() == nil)
            #expect(bounded.screen == unbounded.screen, "after \(keys)")
            #expect(bounded.cursorID == unbounded.cursorID, "after \(keys)")
        }
    }
}
