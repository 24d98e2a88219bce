import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Testing

/// The state machine alone: a key in, the effects out, no store.
@Suite struct EditorStateTests {
    @Test func spaceTogglesTheItemUnderTheCursorAndTheCursorStays() {
        var editor = state(showing: page(["Tent", "Stove", "Map"], anchor: 1))
        let effects = editor.handle(.key(.character(" ")))
        #expect(effects == [.write(.toggle(2))])
        #expect(editor.cursorRow?.id == 2)
    }

    @Test func spaceInASingleChoiceListChoosesTheItem() {
        var editor = state(showing: page(["Train", "Car"], mode: .single, anchor: 1))
        #expect(editor.handle(.key(.character(" "))) == [.write(.choose(2))])
    }

    @Test func aNAndIActOnTheItemsShownThroughTheFilter() {
        var editor = state(showing: page(["Tent", "Stove"]))
        _ = editor.handle(.key(.character("/")))
        _ = editor.handle(.key(.character("t")))
        _ = editor.handle(.key(.enter))
        let filter = EditorFilter("t")
        #expect(
            editor.handle(.key(.character("a"))) == [
                .write(.checkShown(list: "default", filter: filter))
            ])
        #expect(
            editor.handle(.key(.character("n"))) == [
                .write(.uncheckShown(list: "default", filter: filter))
            ])
        #expect(
            editor.handle(.key(.character("i"))) == [
                .write(.invertShown(list: "default", filter: filter))
            ])
    }

    @Test func dWithNothingCheckedShownAsksNothing() {
        var editor = state(showing: page(["Tent"]))
        #expect(editor.handle(.key(.character("d"))).isEmpty)
        #expect(editor.prompt == nil)
        #expect(editor.message == "Delete (0): no checked item is shown")
    }

    @Test func dCountsThenYDeletesExactlyTheCountedItems() {
        var editor = state(showing: page(["Tent", "Stove", "Map"], checked: [1, 3]))
        #expect(
            editor.handle(.key(.character("d"))) == [
                .countDeletion(list: "default", filter: nil)
            ])
        let counted = IDSet(ids: [1, 3])
        _ = editor.handle(.deletionCounted(counted))
        #expect(editor.prompt == .confirmDelete(counted))
        #expect(
            editor.handle(.key(.character("y"))) == [
                .write(.deleteChecked(counted, list: "default"))
            ])
        #expect(editor.prompt == nil)
    }

    @Test func anyOtherKeyThanYCancelsTheDeleteQuestion() {
        for key: EditorKey in [.character("n"), .enter, .escape, .character("q"), .down] {
            var editor = state(showing: page(["Tent"], checked: [1]))
            _ = editor.handle(.deletionCounted(IDSet(ids: [1])))
            #expect(editor.handle(.key(key)).isEmpty, "\(key)")
            #expect(editor.prompt == nil)
            #expect(editor.message == "nothing deleted")
        }
    }

    @Test func uUndoesTheNewestChangeToTheListOnScreenAndSaysItIsWorking() {
        var shown = page(["Tent"])
        let identity = ListIdentity(id: 7, createdAt: "2026-11-28T08:00:00.000Z")
        shown.listIdentity = identity
        var editor = state(showing: shown)
        #expect(editor.handle(.key(.character("u"))) == [.write(.undo(identity))])
        #expect(editor.isWorking)
        #expect(editor.message == "undoing your newest change to this list…")
        #expect(
            EditorScreen.lines(for: editor, rows: 24, columns: 80).last?.text.hasPrefix(
                "undoing your newest change to this list…") == true)
        _ = editor.handle(.changed(focus: nil, note: "undid: checked 1 item"))
        #expect(!editor.isWorking)
    }

    @Test func uOnAListThatDoesNotExistUndoesNothing() {
        var editor = state(showing: page([]))
        #expect(editor.handle(.key(.character("u"))).isEmpty)
        #expect(editor.message == "nothing of yours to undo on this list")
    }

    @Test func aFilterAppliesAsItIsTypedEnterKeepsItAndEscClearsIt() {
        var editor = state(showing: page(["Tent", "Stove"]))
        _ = editor.handle(.key(.character("/")))
        let typed = editor.handle(.key(.character("s")))
        #expect(typed.count == 1)
        guard case .load(let query) = typed.first else {
            Issue.record("no load: \(typed)")
            return
        }
        #expect(query.filter == EditorFilter("s"))
        #expect(query.anchor == .item(1, sortKey: 1))
        _ = editor.handle(.key(.enter))
        #expect(editor.prompt == nil)
        #expect(editor.filter == EditorFilter("s"))
        let cleared = editor.handle(.key(.escape))
        #expect(editor.filter == nil)
        #expect(cleared.count == 1)
        #expect(editor.handle(.key(.escape)) == [.quit(0)])
    }

    /// A window of a list read from a store (it has an identity), the cursor on `cursor`.
    private func windowOfAStore(_ titles: [String], cursor: Int, hasRowsAfter: Bool) -> EditorState
    {
        var window = page(titles, anchor: cursor)
        window.listIdentity = ListIdentity(id: 1, createdAt: "2026-11-26T00:00:00.000Z")
        window.hasRowsAfter = hasRowsAfter
        var editor = state(showing: window)
        _ = editor.handle(.key(.character("/")))
        return editor
    }

    @Test func aLetterMoreNarrowsTheWindowInPlaceWithoutARead() {
        var editor = windowOfAStore(
            ["tea 1", "tent 2", "tea 3", "tent 4"], cursor: 0, hasRowsAfter: false)
        #expect(editor.handle(.key(.character("t"))).isEmpty)  // from no filter: every row stays
        #expect(editor.page.rows.count == 4)
        #expect(editor.handle(.key(.character("e"))).isEmpty)
        #expect(editor.handle(.key(.character("n"))).isEmpty)
        #expect(editor.page.rows.map(\.title) == ["tent 2", "tent 4"])
        #expect(editor.cursorRow?.title == "tent 2")  // "tea 1" is left: the next that matches
        #expect(editor.page.shown == ItemCounts(checked: 0, total: 2))  // the whole list is here
        // Shorter is wider: a read.
        #expect(editor.handle(.key(.backspace)).count == 1)
    }

    @Test func whenNoRowAfterTheCursorMatchesTheCursorGoesBackOnlyAtTheListsEnd() {
        // Nothing past the window: the row before the cursor, as a read would find.
        var editor = windowOfAStore(["tent 1", "tea 2", "tea 3"], cursor: 2, hasRowsAfter: false)
        for letter in "ten" { #expect(editor.handle(.key(.character(letter))).isEmpty) }
        #expect(editor.cursorRow?.title == "tent 1")
        // Items past the window: the next match may be there, which only a read can find.
        editor = windowOfAStore(["tent 1", "tea 2", "tea 3"], cursor: 2, hasRowsAfter: true)
        #expect(editor.handle(.key(.character("t"))).isEmpty)
        #expect(editor.handle(.key(.character("e"))).isEmpty)
        guard case .load(let query) = editor.handle(.key(.character("n"))).first else {
            Issue.record("no read")
            return
        }
        #expect(query.anchor == .item(3, sortKey: 3))
    }

    @Test func escWhileTypingAFilterClearsIt() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("/")))
        _ = editor.handle(.key(.character("x")))
        _ = editor.handle(.key(.escape))
        #expect(editor.filter == nil)
        #expect(editor.prompt == nil)
    }

    @Test func qQuitsWithStatusZero() {
        var editor = state(showing: page(["Tent"]))
        #expect(editor.handle(.key(.character("q"))) == [.quit(0)])
    }

    @Test func oAddsTheTypedTitleAtTheEnd() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("o")))
        #expect(editor.prompt == .add(""))
        for character in "Map!" { _ = editor.handle(.key(.character(character))) }
        _ = editor.handle(.key(.backspace))
        #expect(editor.handle(.key(.enter)) == [.write(.add(["Map"], list: "default"))])
    }

    @Test func oWithNothingTypedAddsNothing() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("o")))
        #expect(editor.handle(.key(.enter)).isEmpty)
    }

    @Test func rRenamesFromAPromptPrefilledWithTheTitle() {
        var editor = state(showing: page(["Tent", "Stove"], anchor: 1))
        _ = editor.handle(.key(.character("r")))
        #expect(editor.prompt == .rename(2, "Stove"))
        _ = editor.handle(.key(.character("s")))
        #expect(editor.handle(.key(.enter)) == [.write(.rename(2, "Stoves"))])
    }

    @Test func capitalJMovesPastTheNextShownItemAndCapitalKPastThePrevious() {
        var editor = state(showing: page(["Tent", "Stove", "Map"], anchor: 1))
        #expect(editor.handle(.key(.character("J"))) == [.write(.move(2, to: .after(3)))])
        #expect(editor.handle(.key(.character("K"))) == [.write(.move(2, to: .before(1)))])
    }

    @Test func capitalJOnTheLastItemDoesNothing() {
        var editor = state(showing: page(["Tent", "Stove"], anchor: 1))
        #expect(editor.handle(.key(.character("J"))).isEmpty)
    }

    @Test func tabGoesToTheNextListClearsTheFilterAndStartsAtTheFirstItem() {
        var editor = state(showing: page(["Tent"], lists: ["default", "home", "trip"]))
        _ = editor.handle(.key(.character("/")))
        _ = editor.handle(.key(.character("t")))
        _ = editor.handle(.key(.enter))
        let effects = editor.handle(.key(.tab))
        #expect(editor.list == "home")
        #expect(editor.filter == nil)
        #expect(
            effects == [
                .load(EditorQuery(list: "home", filter: nil, anchor: .first, margin: 44))
            ])
        _ = editor.handle(.key(.backTab))
        #expect(editor.list == "default")
        _ = editor.handle(.key(.backTab))
        #expect(editor.list == "trip")
    }

    @Test func questionMarkShowsTheKeysUntilTheNextKey() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("?")))
        #expect(editor.showsHelp)
        #expect(editor.handle(.key(.character("q"))).isEmpty)
        #expect(!editor.showsHelp)
    }

    @Test func movementKeysMoveTheCursorWithinTheWindow() {
        var editor = state(showing: page((1...10).map { "Item \($0)" }))
        _ = editor.handle(.key(.character("j")))
        _ = editor.handle(.key(.down))
        #expect(editor.cursorRow?.id == 3)
        _ = editor.handle(.key(.character("k")))
        #expect(editor.cursorRow?.id == 2)
        _ = editor.handle(.key(.pageDown))
        #expect(editor.cursorRow?.id == 10)
        _ = editor.handle(.key(.pageUp))
        #expect(editor.cursorRow?.id == 1)
        #expect(editor.handle(.key(.character("G"))).count == 1)
        #expect(editor.handle(.key(.home)).count == 1)
    }

    @Test func nearingTheWindowsEdgeReadsANewWindowAroundTheCursor() {
        var rows = page((1...50).map { "Item \($0)" })
        rows.hasRowsAfter = true
        var editor = state(showing: rows)
        // 22 rows on screen: within a screen of the window's end, the next window is read.
        #expect(editor.handle(.key(.pageDown)) == [])
        let effects = editor.handle(.key(.pageDown))
        #expect(
            effects == [
                .load(
                    EditorQuery(
                        list: "default", filter: nil, anchor: .item(45, sortKey: 45), margin: 44))
            ])
    }

    @Test func aReloadPutsTheCursorOnItsItemWhereverItIsInTheNewWindow() {
        var editor = state(showing: page(["Tent", "Stove", "Map"], anchor: 2))
        #expect(editor.cursorRow?.id == 3)
        _ = editor.handle(.loaded(page(["New", "Tent", "Stove", "Map"], anchor: 3)))
        #expect(editor.cursor == 3)
        #expect(editor.cursorRow?.title == "Map")
    }
}
