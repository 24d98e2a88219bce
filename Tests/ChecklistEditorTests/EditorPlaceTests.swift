import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Testing

/// Issue 29, 21: a long list shows where the cursor is (`row 120 of 1000`), known without a
/// count at either end and from the last window after a move, counted between keys otherwise.
@Suite struct EditorPlaceTests {
    private func longList(_ count: Int = 1_000) throws -> (TestEditor, [ItemID]) {
        let (store, ids) = try storeWith((1...count).map { "Item \($0)" })
        return (TestEditor(store: store), ids)
    }

    private func shownPlace(_ editor: TestEditor) -> String? {
        guard let range = editor.screen[0].range(of: "row ") else { return nil }
        return String(editor.screen[0][range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }

    @Test func theHeaderSaysWhereTheCursorIsAndFollowsEveryMove() throws {
        var (editor, _) = try longList()
        #expect(shownPlace(editor) == "row 1 of 1000")
        editor.type("jjj")
        #expect(shownPlace(editor) == "row 4 of 1000")
        editor.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
        #expect(editor.state.page.hasRowsBefore, "a window read away from the start")
        #expect(shownPlace(editor) == "row 114 of 1000", "worked out from the windows before")
        #expect(editor.finishIdleWork() == 0, "no count was needed")
        editor.type("G")
        #expect(shownPlace(editor) == "row 1000 of 1000")
        editor.type("k")
        #expect(shownPlace(editor) == "row 999 of 1000")
        editor.type("g")
        #expect(shownPlace(editor) == "row 1 of 1000")
    }

    @Test func aChangeElsewhereIsCountedAgainBetweenKeys() throws {
        var (editor, ids) = try longList()
        editor.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown)
        #expect(shownPlace(editor) == "row 111 of 1000")
        // Ten items moved before the window by another process: the place is counted again.
        for id in ids.suffix(10) { _ = try editor.store.move(id, to: .position(1)) }
        editor.externalChange()
        #expect(shownPlace(editor) == nil, "unknown until counted")
        #expect(editor.finishIdleWork() == 1)
        #expect(shownPlace(editor) == "row 121 of 1000")
    }

    @Test func aShortListOrAFilterShowsNoPlace() throws {
        let (editor, _) = try longList(5)
        #expect(shownPlace(editor) == nil)
        var long = try longList().0
        long.type("/item 5")
        long.press(.enter)
        #expect(shownPlace(long) == nil)
    }
}
