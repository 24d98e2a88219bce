import Testing

@testable import ChecklistCore
@testable import ChecklistModel

/// The store's reads behind the picker, on every engine: the state filter of `pick --checked`
/// and `--unchecked` (with and without text), and which marked IDs are still items of a list.
@Suite struct PickReadsTests {
    @Test(arguments: Engine.all) func aStateFilterShowsOnlyItemsInThatState(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let ids = try store.add(
            ["Tent", "Stove", "Tent pegs", "Map"].map { try Title($0) }, to: "camping")
        try store.check(.ids(IDSet(ids: [ids[0], ids[3]])))
        func shown(_ filter: EditorFilter) throws -> ([ItemID], ItemCounts?) {
            let page = try store.editorPage(
                list: "camping", filter: filter, around: .first, before: 10, after: 10)
            return (page.rows.map(\.id), page.shown)
        }
        #expect(
            try shown(EditorFilter("", state: .checked)) == (
                [ids[0], ids[3]], ItemCounts(checked: 2, total: 2)
            ))
        #expect(
            try shown(EditorFilter("", state: .unchecked)) == (
                [ids[1], ids[2]], ItemCounts(checked: 0, total: 2)
            ))
        #expect(
            try shown(EditorFilter("tent", state: .unchecked)) == (
                [ids[2]], ItemCounts(checked: 0, total: 1)
            ))
        #expect(
            try shown(EditorFilter("tent")) == ([ids[0], ids[2]], ItemCounts(checked: 1, total: 2)))
        #expect(
            try store.editorShownIDs(list: "camping", filter: EditorFilter("", state: .unchecked))
                == IDSet(ids: [ids[1], ids[2]]))
    }

    @Test(arguments: Engine.all) func itemIDsAmongMarksKeepsOnlyItemsStillInTheList(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        let ids = try store.add(
            ["Tent", "Stove", "Map", "Socks"].map { try Title($0) }, to: "camping")
        let other = try store.add([try Title("Milk")], to: "groceries")
        let identity = try #require(
            try store.editorPage(list: "camping", around: .first, before: 1, after: 1).listIdentity)
        let marks = IDSet(ids: ids + other + [9_999])
        #expect(try store.editorItemIDs(among: marks, in: identity) == IDSet(ids: ids))
        try store.delete(.ids(IDSet(ids: [ids[1]])))
        _ = try store.move(ids[2], to: .end, inList: "groceries")
        #expect(
            try store.editorItemIDs(among: marks, in: identity) == IDSet(ids: [ids[0], ids[3]]))
        _ = try store.deleteList(named: "camping", withItems: true)
        #expect(try store.editorItemIDs(among: marks, in: identity).isEmpty, "the list is gone")
    }

    @Test(arguments: Engine.all) func rowsOfChosenIDsComeInTheListsOrder(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        let ids = try store.add(["Tent", "Stove", "Map"].map { try Title($0) }, to: "camping")
        let other = try store.add([try Title("Milk")], to: "groceries")
        _ = try store.move(ids[2], to: .position(1))
        let identity = try #require(
            try store.editorPage(list: "camping", around: .first, before: 1, after: 1).listIdentity)
        let rows = try store.editorRows(ids: IDSet(ids: [ids[0], ids[2]] + other), in: identity)
        #expect(rows.map(\.id) == [ids[2], ids[0]])
        #expect(rows.map(\.title) == ["Map", "Tent"])
    }
}
