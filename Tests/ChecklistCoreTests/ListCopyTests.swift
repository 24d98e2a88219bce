import ChecklistCore
import ChecklistModel
import GRDB
import Testing

@Suite struct ListCopyTests {
    @Test(arguments: Engine.all) func aCopyHasTheSourcesModeTitlesOrderAndSelectionWithNewIDs(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        let ids = try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        try store.move(ids[2], to: .position(1))
        try store.check(.ids(IDSet(ids: [ids[1]])))
        let change = try store.copyList("camping", to: "trip")
        #expect(change.summaryLine == "copied list camping to trip (3 items)")
        let original = try store.items(in: .list("camping"))
        let copy = try store.items(in: .list("trip"))
        #expect(copy.map(\.title) == original.map(\.title))
        #expect(copy.map(\.title) == ["Map", "Tent", "Stove"])
        #expect(copy.map(\.isSelected) == original.map(\.isSelected))
        #expect(copy.map(\.position) == [1, 2, 3])
        #expect(Set(copy.map(\.id)).isDisjoint(with: ids))
    }

    @Test(arguments: Engine.all) func uncheckedCopiesEveryItemUnchecked(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping", checked: true)
        try store.copyList("camping", to: "trip", unchecked: true)
        #expect(try store.counts(in: .list("trip")) == ItemCounts(checked: 0, total: 2))
        #expect(try store.counts(in: .list("camping")) == ItemCounts(checked: 2, total: 2))
    }

    @Test(arguments: Engine.all) func aSingleChoiceListCopiesAsSingleChoiceWithItsChoice(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        try store.addList(named: "tents", mode: .single)
        let ids = try store.add(titles("Big", "Small"), to: "tents")
        try store.check(.ids(IDSet(ids: [ids[1]])))
        try store.copyList("tents", to: "tents 2")
        let copy = try #require(try store.lists().first { $0.name == "tents 2" })
        #expect(copy.mode == .single)
        #expect(try store.items(in: .list("tents 2"), filter: .checked).map(\.title) == ["Small"])
    }

    @Test(arguments: Engine.all) func anExistingDestinationOrAMissingSourceChangesNothing(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        try store.add(titles("Milk"), to: "groceries")
        #expect(throws: ChecklistError.listExists("groceries")) {
            try store.copyList("camping", to: "groceries")
        }
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.copyList("nope", to: "x")
        }
        #expect(try store.lists().count == 2)
        #expect(try store.history().count == 2)
    }

    @Test(arguments: Engine.all) func undoRemovesTheCopyAndOneHistoryEntryRecordsIt(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping")
        try store.copyList("camping", to: "trip")
        let entry = try #require(try store.history().first)
        #expect(entry.command == "lists copy")
        #expect(entry.description == "copied list 'camping' to 'trip' (2 items)")
        try store.undo()
        #expect(try store.lists().map(\.name) == ["camping"])
        #expect(try store.items(in: .all).count == 2)
    }

    @Test(arguments: Engine.all) func anEmptyListCopies(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.addList(named: "empty")
        #expect(try store.copyList("empty", to: "also empty").itemCount == 0)
        #expect(try store.lists().count == 2)
    }
}
