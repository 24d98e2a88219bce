import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Testing

/// The picker (`checklist pick`, `--pick`) as a state machine over an in-memory store: keys
/// in, the choice, the screen and the (unchanged) database checked.
@Suite struct EditorPickTests {
    private func picker(
        _ titles: [String], purpose: EditorPicking.Purpose = .print, shown: ItemFilter = .any,
        match: String = "", mode: ListMode = .multiple, checked: [Int] = []
    ) throws -> (TestEditor, [ItemID]) {
        let (store, ids) = try storeWith(titles, mode: mode)
        if !checked.isEmpty { try store.check(.ids(IDSet(ids: checked.map { ids[$0] }))) }
        let editor = TestEditor(
            store: store, picking: EditorPicking(purpose: purpose, shownState: shown),
            match: match)
        return (editor, ids)
    }

    @Test func spaceAndTabMarkRowsAndEnterChoosesExactlyThemInOrder() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Map", "Socks"])
        var editor = start
        let before = try editor.store.items(in: .all)
        editor.type(" jj")
        editor.press(.tab)
        #expect(editor.screen[1] == "* [ ] 1 Tent")
        #expect(editor.screen[2] == "  [ ] 2 Stove")
        #expect(editor.footer.hasPrefix("Enter print (2)"))
        #expect(editor.screen[0].contains("2 marked"))
        editor.press(.enter)
        #expect(editor.session.exitStatus == 0)
        #expect(editor.session.picked == IDSet(ids: [ids[0], ids[2]]))
        #expect(try editor.store.items(in: .all) == before, "picking changes nothing")
        #expect(try editor.store.history().count == 1, "the add alone")
    }

    @Test func spaceOnAMarkedRowUnmarksItAndEnterWithoutMarksChoosesTheCursorsItem() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Map"])
        var editor = start
        editor.type("j  ")  // marked, then unmarked
        #expect(editor.footer.hasPrefix("Enter print (1)"))
        editor.press(.enter)
        #expect(editor.session.picked == IDSet(ids: [ids[1]]))
    }

    @Test(arguments: [EditorKey.escape, .character("q")])
    func escAndQLeaveWithOneAndChooseNothing(key: EditorKey) throws {
        let (start, _) = try picker(["Tent", "Stove"])
        var editor = start
        editor.type(" ")
        editor.press(key)
        #expect(editor.session.exitStatus == 1)
        #expect(editor.session.picked == nil)
    }

    @Test func theFilterNarrowsTheRowsAndAMarksOnlyWhatItShows() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Tent pegs", "Map"])
        var editor = start
        editor.type("/tent")
        editor.press(.enter)
        editor.type("a")
        #expect(editor.footer.hasPrefix("Enter print (2)"))
        editor.type("/")
        editor.press(.escape)  // clears the filter: the marks stay
        #expect(editor.state.filter == nil)
        #expect(editor.session.exitStatus == nil, "Esc in the prompt clears it, not the picker")
        editor.type("n")
        #expect(editor.footer.hasPrefix("Enter print (1)"), "n clears the marks")
        editor.type("/map")
        editor.press(.enter, .enter)
        #expect(editor.session.picked == IDSet(ids: [ids[3]]))
    }

    @Test func checkedUncheckedAndMatchShowOnlyThoseItems() throws {
        let titles = ["Tent", "Stove", "Tent pegs", "Map"]
        let (unchecked, ids) = try picker(titles, shown: .unchecked, checked: [0])
        #expect(unchecked.state.page.rows.map(\.id) == [ids[1], ids[2], ids[3]])
        #expect(unchecked.screen[0].contains("unchecked only (3 shown)"))
        let (checked, _) = try picker(titles, shown: .checked, checked: [0, 3])
        #expect(checked.state.page.rows.map(\.id) == [ids[0], ids[3]])
        var matched = try picker(titles, shown: .unchecked, match: "tent", checked: [0]).0
        #expect(matched.state.page.rows.map(\.id) == [ids[2]])
        matched.type("a")
        matched.press(.enter)
        #expect(matched.session.picked == IDSet(ids: [ids[2]]), "a marks only what shows")
    }

    @Test func aStateFilterStaysWhenTheTypedFilterIsCleared() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Map"], shown: .unchecked, checked: [1])
        var editor = start
        editor.type("/map")
        #expect(editor.state.page.rows.map(\.id) == [ids[2]])
        editor.press(.escape)
        #expect(editor.state.page.rows.map(\.id) == [ids[0], ids[2]])
    }

    @Test func aMarkedItemDeletedElsewhereIsNoLongerChosenAndTheFooterSaysSo() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Map"])
        var editor = start
        editor.type(" j ")
        try editor.store.delete(.ids(IDSet(ids: [ids[0]])))
        editor.externalChange()
        #expect(editor.footer.contains("marked item 1 was deleted or moved elsewhere"))
        #expect(editor.screen[0].contains("1 marked"))
        editor.press(.enter)
        #expect(editor.session.picked == IDSet(ids: [ids[1]]))
    }

    @Test func aChoiceDeletedElsewhereBeforeEnterChoosesNothingAndStays() throws {
        let (start, ids) = try picker(["Tent", "Stove"])
        var editor = start
        editor.type(" ")
        try editor.store.delete(.ids(IDSet(ids: [ids[0]])))  // no reload yet
        editor.press(.enter)
        #expect(editor.session.exitStatus == nil)
        #expect(editor.footer.contains("nothing chosen"))
    }

    @Test func deletePickShowsDeleteNAndAsksOnce() throws {
        let (start, ids) = try picker(["Tent", "Stove", "Map"], purpose: .delete)
        var editor = start
        editor.type(" j ")
        #expect(editor.footer.hasPrefix("Enter Delete (2)"))
        editor.press(.enter)
        #expect(editor.footer.hasPrefix("Delete 2 items? [y/N]"))
        editor.type("x")
        #expect(editor.footer.hasPrefix("nothing deleted"))
        #expect(editor.session.exitStatus == nil)
        editor.press(.enter)
        editor.type("y")
        #expect(editor.session.picked == IDSet(ids: [ids[0], ids[1]]))
        #expect(try allIDs(editor.store) == ids, "the picker deletes nothing itself")
    }

    @Test func checkOnASingleChoiceListAndMoveMarkOneItemAsARadioButton() throws {
        for (purpose, mode) in [(EditorPicking.Purpose.check, ListMode.single), (.move, .multiple)]
        {
            let (start, ids) = try picker(
                ["Tent", "Tarp", "Hammock"], purpose: purpose, mode: mode)
            var editor = start
            editor.type(" j ")
            #expect(editor.screen[0].contains("1 marked"), "\(purpose)")
            editor.type("a")
            #expect(editor.footer.contains("takes one item here"))
            editor.press(.enter)
            #expect(editor.session.picked == IDSet(ids: [ids[1]]), "\(purpose)")
        }
        // Any other purpose on a single-choice list marks freely (the command's rule decides).
        let (start, ids) = try picker(["Tent", "Tarp"], purpose: .delete, mode: .single)
        var editor = start
        editor.type(" j ")
        editor.press(.enter)
        editor.type("y")
        #expect(editor.session.picked == IDSet(ids: ids))
    }

    @Test func theHelpAndTheFooterNameThePickersKeysOnly() throws {
        let (start, _) = try picker(["Tent"], purpose: .check)
        var editor = start
        editor.type("?")
        let help = editor.screen.joined(separator: "\n")
        #expect(help.contains("mark or unmark the item"))
        #expect(help.contains("check the marked items"))
        #expect(!help.contains("undo"))
        editor.type("x")
        // The fields' keys (`#` quantity, `N` note) come next, as room allows.
        #expect(
            editor.footer
                == "Enter check (1)  space mark  a/n all  / filter  # quantity  ? keys  q quit")
        // Edit-mode keys do nothing here: nothing is written.
        editor.type("oudJKri")
        #expect(try editor.store.history().count == 1)
        #expect(editor.session.exitStatus == nil)
    }

    @Test func anEmptyListChoosesNothingAndSaysHowToLeave() throws {
        let (store, _) = try storeWith(["Tent"])
        try store.addList(named: "empty")
        var editor = TestEditor(
            store: store, list: "empty", picking: EditorPicking(purpose: .print))
        #expect(editor.screen[1].hasPrefix("No items in this list. q leaves."))
        editor.press(.enter)
        #expect(editor.session.exitStatus == nil)
        #expect(editor.footer.hasPrefix("nothing to choose"))
    }
}
