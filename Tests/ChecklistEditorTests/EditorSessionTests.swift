import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistSQLite
import ChecklistStore
import Testing

/// The state machine with the engine over an in-memory store: keys in, the database and the
/// screen checked after each step.
@Suite struct EditorSessionTests {
    @Test func deleteCountFollowsEveryToggleBothWays() throws {
        let (store, _) = try storeWith(["Tent", "Stove", "Map"])
        var editor = TestEditor(store: store)
        #expect(editor.footer.hasPrefix("Delete (0) n/a"))
        editor.type(" j ")
        #expect(editor.footer.hasPrefix("d Delete (2)"))
        editor.type(" ")
        #expect(editor.footer.hasPrefix("d Delete (1)"))
        #expect(try checkedIDs(store).count == 1)
        editor.type("k ")
        #expect(editor.footer.hasPrefix("Delete (0) n/a"))
        #expect(try checkedIDs(store).isEmpty)
    }

    @Test func eachToggleIsOneHistoryEntryThatUndoReverts() throws {
        let (store, ids) = try storeWith(["Tent", "Stove"])
        var editor = TestEditor(store: store)
        editor.type(" ")
        #expect(try store.history().first?.command == "toggle")
        #expect(try checkedIDs(store) == [ids[0]])
        editor.type("u")
        #expect(try checkedIDs(store).isEmpty)
        #expect(editor.footer.hasPrefix("undid: "))
    }

    @Test func aNAndIChangeOnlyTheItemsTheFilterShows() throws {
        let (store, ids) = try storeWith(["Tent", "Tent pegs", "Stove", "Map"])
        var editor = TestEditor(store: store)
        editor.type("/tent")
        editor.press(.enter)
        editor.type("a")
        #expect(try checkedIDs(store) == [ids[0], ids[1]])
        editor.type("n")
        #expect(try checkedIDs(store).isEmpty)
        editor.type("j i")
        #expect(try checkedIDs(store) == [ids[0]])
        #expect(editor.screen[0].contains("1 of 4 checked · filter: tent (2 shown)"))
    }

    @Test func dThenYDeletesExactlyTheCheckedItemsShown() throws {
        let (store, ids) = try storeWith(["Tent", "Tent pegs", "Stove", "Map"])
        try store.check(.ids(IDSet(ids: [ids[1], ids[2]])))
        var editor = TestEditor(store: store)
        editor.type("/tent")
        editor.press(.enter)
        editor.type("d")
        #expect(editor.footer.hasPrefix("Delete 1 item? [y/N]"))
        editor.type("y")
        #expect(try allIDs(store) == [ids[0], ids[2], ids[3]])
        #expect(try store.history().first?.command == "delete")
    }

    @Test func yNeverDeletesAnItemCheckedAfterTheQuestion() throws {
        let (store, ids) = try storeWith(["Tent", "Stove", "Map"])
        try store.check(.ids(IDSet(ids: [ids[0], ids[1]])))
        var editor = TestEditor(store: store)
        editor.type("d")
        #expect(editor.footer.hasPrefix("Delete 2 items? [y/N]"))
        // Another process checks a third item and unchecks a counted one meanwhile.
        try store.check(.ids(IDSet(ids: [ids[2]])))
        try store.uncheck(.ids(IDSet(ids: [ids[1]])))
        editor.type("y")
        #expect(try allIDs(store) == [ids[1], ids[2]])
    }

    @Test func anotherKeyAtTheQuestionDeletesNothing() throws {
        let (store, ids) = try storeWith(["Tent", "Stove"])
        try store.check(.ids(IDSet(ids: [ids[0]])))
        var editor = TestEditor(store: store)
        editor.type("dn")
        #expect(try allIDs(store) == ids)
        #expect(editor.footer == "nothing deleted  ? q")
    }

    @Test func uUndoesOnlyTheListOnScreenAndNamesANewerChangeElsewhere() throws {
        let (store, ids) = try storeWith(["Tent", "Stove"], list: "camping")
        let milk = try store.add([try Title("Milk"), try Title("Eggs")], to: "groceries")
        try store.check(.ids(IDSet(ids: [ids[0]])))
        try store.delete(.ids(IDSet(ids: milk)))
        var editor = TestEditor(store: store, list: "camping")
        editor.type("u")
        // The delete in groceries is the newest change: it stays, and the footer names it.
        #expect(try allIDs(store, list: "groceries").isEmpty)
        #expect(try checkedIDs(store, list: "camping") == [ids[0]])
        #expect(
            editor.footer.hasPrefix("your newest change is in 'groceries': deleted 2 items"),
            "\(editor.footer)")
        #expect(try store.history().count == 4)
        // Undone where it was made, the next `u` here undoes the check on this list.
        try store.undo()
        editor.type("u")
        #expect(try checkedIDs(store, list: "camping").isEmpty)
        #expect(editor.footer.hasPrefix("undid: "), "\(editor.footer)")
    }

    @Test func aSlowUndoIsDrawnAsWorkingBeforeTheStoreIsCalled() throws {
        let (store, _) = try storeWith(["Tent"])
        var editor = TestEditor(store: store)
        editor.type(" ")
        var drawn: [EditorState] = []
        editor.session.send(.key(.character("u"))) { drawn.append($0) }
        #expect(drawn.count == 1)
        #expect(drawn.first?.message == "undoing your newest change to this list…")
        #expect(try checkedIDs(store).isEmpty)
        #expect(editor.footer.hasPrefix("undid: "))
    }

    @Test func undoRestoresDeletedItemsWithTheirIDs() throws {
        let (store, ids) = try storeWith(["Tent", "Stove", "Map"])
        try store.check(.ids(IDSet(ids: [ids[0], ids[2]])))
        var editor = TestEditor(store: store)
        editor.type("dy")
        #expect(try allIDs(store) == [ids[1]])
        editor.type("u")
        #expect(try allIDs(store) == ids)
        #expect(try checkedIDs(store) == [ids[0], ids[2]])
    }

    @Test func oAddsAnItemAtTheEndAndTheCursorGoesToIt() throws {
        let (store, ids) = try storeWith(["Tent"])
        var editor = TestEditor(store: store)
        editor.type("oSleeping bag")
        editor.press(.enter)
        let all = try allIDs(store)
        #expect(all.count == 2 && all[0] == ids[0])
        #expect(editor.cursorID == all[1])
        #expect(try store.history().first?.command == "add")
    }

    @Test func oInAnEmptyDatabaseCreatesTheList() throws {
        let store = try ChecklistStore.empty()
        var editor = TestEditor(store: store)
        #expect(editor.screen[1] == "No items yet. Press o to add one.")
        editor.type("oTent")
        editor.press(.enter)
        #expect(try store.items(in: .list("default")).map(\.title) == ["Tent"])
    }

    @Test func rRenamesTheItemUnderTheCursor() throws {
        let (store, ids) = try storeWith(["Tent", "Stove"])
        var editor = TestEditor(store: store)
        editor.type("jr")
        editor.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        editor.type("Cooker")
        editor.press(.enter)
        #expect(try store.items(in: .list("default")).map(\.title) == ["Tent", "Cooker"])
        #expect(editor.cursorID == ids[1])
    }

    @Test func capitalJAndKMoveTheItemOnePlaceAmongTheItemsShown() throws {
        let (store, ids) = try storeWith(["Tent", "Stove", "Tent pegs", "Map"])
        var editor = TestEditor(store: store)
        editor.type("/tent")
        editor.press(.enter)
        editor.type("J")
        // Past the next shown item ("Tent pegs"), over the hidden "Stove".
        #expect(try allIDs(store) == [ids[1], ids[2], ids[0], ids[3]])
        #expect(editor.cursorID == ids[0])
        editor.type("K")
        #expect(try allIDs(store) == [ids[1], ids[0], ids[2], ids[3]])
        #expect(editor.cursorID == ids[0])
    }

    @Test func aFailedWriteShowsOneLineAndTheEditorGoesOn() throws {
        let store = try ChecklistStore.empty()
        try store.addList(named: "trip", mode: .single)
        try store.add([try Title("Train"), try Title("Car")], to: "trip")
        var editor = TestEditor(store: store, list: "trip")
        editor.type("a")
        #expect(editor.footer.contains("single"))
        #expect(try checkedIDs(store, list: "trip").isEmpty)
        editor.type("j")
        #expect(editor.cursorID != nil)
    }

    @Test func singleChoiceListsBehaveAsRadioButtons() throws {
        let (store, ids) = try storeWith(["Train", "Car", "Bike"], list: "trip", mode: .single)
        var editor = TestEditor(store: store, list: "trip")
        #expect(editor.screen[0] == "trip · single · 0 of 3 checked".padding(80))
        editor.type(" ")
        editor.type("j ")
        #expect(try checkedIDs(store, list: "trip") == [ids[1]])
        editor.type(" ")
        #expect(try checkedIDs(store, list: "trip") == [ids[1]])
        #expect(editor.screen[1].hasPrefix("( ) 1 Train"))
        #expect(editor.screen[2].hasPrefix("(•) 2 Car"))
    }

    @Test func theCursorFollowsItsItemAcrossInsertsDeletesAndMovesBeforeIt() throws {
        let (store, ids) = try storeWith(["A", "B", "C", "D"])
        var editor = TestEditor(store: store)
        editor.type("jjj")
        #expect(editor.cursorID == ids[3])
        try store.move(ids[2], to: .position(1))
        try store.delete(.ids(IDSet(ids: [ids[0]])))
        editor.externalChange()
        #expect(editor.cursorID == ids[3])
        try store.add([try Title("E")], to: "default")
        try store.move(ids[3], to: .end)
        try store.move(try allIDs(store).last ?? 0, to: .position(1))
        editor.externalChange()
        #expect(editor.cursorID == ids[3])
        #expect(editor.screen[0].hasPrefix("default · multiple · 0 of 4 checked"))
    }

    @Test func togglesKeepTheCountedTotalAndOtherWritesCountAgain() throws {
        let (store, _) = try storeWith(["A", "B"])
        var editor = TestEditor(store: store)
        editor.type(" ")
        #expect(editor.screen[0].hasPrefix("default · multiple · 1 of 2 checked"))
        editor.type("oC")
        editor.press(.enter)
        #expect(editor.screen[0].hasPrefix("default · multiple · 1 of 3 checked"))
        editor.type("dy")
        #expect(editor.screen[0].hasPrefix("default · multiple · 0 of 2 checked"))
    }

    @Test func whenItsItemIsDeletedTheCursorGoesToTheNearestOneLeft() throws {
        let (store, ids) = try storeWith(["A", "B", "C", "D"])
        var editor = TestEditor(store: store)
        editor.type("j")
        try store.delete(.ids(IDSet(ids: [ids[1]])))
        editor.externalChange()
        #expect(editor.cursorID == ids[2])
        editor.type("jj")
        #expect(editor.cursorID == ids[3])
        try store.delete(.ids(IDSet(ids: [ids[3]])))
        editor.externalChange()
        #expect(editor.cursorID == ids[2])
    }

    @Test func tabSwitchesListsInTheOrderOfChecklistLists() throws {
        let store = try ChecklistStore.empty()
        try store.add([try Title("Milk")], to: "shop")
        try store.add([try Title("Tent"), try Title("Map")], to: "camp")
        var editor = TestEditor(store: store, list: "camp")
        editor.type("j")
        editor.press(.tab)
        #expect(editor.state.list == "shop")
        #expect(editor.screen[1].hasPrefix("[ ] 1 Milk"))
        editor.press(.tab)
        #expect(editor.state.list == "camp")
        #expect(editor.state.cursor == 0)
        editor.press(.backTab)
        #expect(editor.state.list == "shop")
    }

    @Test func theFilterFoldsCaseAndCanonicalEquivalents() throws {
        let (store, ids) = try storeWith(["Straße", "Cafe\u{301}", "Tent"])
        var editor = TestEditor(store: store)
        editor.type("/STRASSE")
        #expect(editor.cursorID == ids[0])
        #expect(editor.state.page.shown?.total == 1)
        editor.press(.escape)
        editor.type("/café")
        #expect(editor.cursorID == ids[1])
        #expect(editor.state.page.shown?.total == 1)
    }

    @Test func aLongListIsReadAsAWindowAroundTheCursor() throws {
        let (store, ids) = try storeWith((1...5000).map { "Item \($0)" })
        var editor = TestEditor(store: store)
        #expect(editor.state.page.rows.count <= 45)
        editor.press(.end)
        #expect(editor.cursorID == ids.last)
        #expect(editor.state.page.rows.count <= 45)
        #expect(editor.screen[22].hasPrefix("[ ] \(ids[4999]) Item 5000"))
        for _ in 0..<10 { editor.press(.pageUp) }
        #expect(editor.cursorID == ids[4999 - 220])
        editor.press(.home)
        #expect(editor.cursorID == ids[0])
        for _ in 0..<100 { editor.press(.down) }
        #expect(editor.cursorID == ids[100])
        #expect(editor.state.page.rows.count <= 89)
    }
}

extension String {
    func padding(_ columns: Int) -> String {
        self + String(repeating: " ", count: max(0, columns - count))
    }
}
