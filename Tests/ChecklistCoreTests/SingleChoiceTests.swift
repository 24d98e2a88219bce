import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistTransfer
import Testing

@Suite struct SingleChoiceTests {
    @Test(arguments: Engine.all) func checkingAnItemUnchecksTheOthers(_ engine: Engine) throws {
        let store = try tents(engine)
        try store.check(.ids(IDSet(ids: [1])))
        let summary = try store.check(.ids(IDSet(ids: [2])))
        #expect(summary.counts == ChangeSummary(changed: 1, matched: 1, uncheckedOthers: 1))
        #expect(try checked(store) == [2])
    }

    @Test(arguments: Engine.all) func checkingTwoItemsOfASingleListChangesNothing(_ engine: Engine)
        throws
    {
        let store = try tents(engine)
        try store.check(.ids(IDSet(ids: [3])))
        #expect(
            throws: ChecklistError.singleChoiceConflict(list: "tents", ids: IDSet(ids: [1, 2]))
        ) { try store.check(.ids(IDSet(ids: [1, 2]))) }
        #expect(try checked(store) == [3])
    }

    @Test(arguments: Engine.all) func checkAllOfASingleListWithSeveralItemsIsRefused(
        _ engine: Engine
    ) throws {
        let store = try tents(engine)
        #expect(throws: ChecklistError.self) { try store.check(.all(in: "tents")) }
        #expect(try checked(store) == [])
    }

    @Test(arguments: Engine.all) func togglingOnAnItemUnchecksTheOthers(_ engine: Engine) throws {
        let store = try tents(engine)
        try store.check(.ids(IDSet(ids: [1])))
        try store.toggle(.ids(IDSet(ids: [3])))
        #expect(try checked(store) == [3])
        try store.toggle(.ids(IDSet(ids: [3])))
        #expect(try checked(store) == [])
    }

    @Test(arguments: Engine.all) func addingOneCheckedItemUnchecksTheOthers(_ engine: Engine) throws
    {
        let store = try tents(engine)
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Hammock"), to: "tents", checked: true)
        #expect(try checked(store) == [4])
    }

    @Test(arguments: Engine.all) func addingSeveralCheckedItemsIsRefused(_ engine: Engine) throws {
        let store = try tents(engine)
        #expect(throws: ChecklistError.singleChoiceConflict(list: "tents", ids: IDSet())) {
            try store.add(titles("a", "b"), to: "tents", checked: true)
        }
        #expect(try store.counts(in: .list("tents")).total == 3)
    }

    @Test(arguments: Engine.all) func checkingItemsOfOtherListsAlongsideIsFine(_ engine: Engine)
        throws
    {
        let store = try tents(engine)
        try store.add(titles("Milk", "Eggs"), to: "groceries")
        try store.check(.ids(try IDSet(parsing: "2,4-5")))
        #expect(try checked(store) == [2])
        #expect(try store.counts(in: .list("groceries")).checked == 2)
    }

    @Test(arguments: Engine.all) func switchingToSingleWithSeveralCheckedIsRefused(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(throws: ChecklistError.severalChecked(list: "x", ids: IDSet(ids: [1, 2, 3]))) {
            try store.setMode(.single, ofList: "x")
        }
        #expect(try store.lists().first?.mode == .multiple)
    }

    @Test(arguments: Engine.all) func keepChoosesTheOneThatStaysChecked(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(try store.setMode(.single, ofList: "x", keeping: 2).itemCount == 2)
        #expect(try store.lists().first?.mode == .single)
        #expect(try store.items(in: .list("x"), filter: .checked).map(\.id) == [2])
    }

    @Test(arguments: Engine.all) func keepGoesOnlyWithSingle(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b"), to: "x", checked: true)
        #expect(throws: ChecklistError.self) {
            try store.setMode(.multiple, ofList: "x", keeping: 1)
        }
        #expect(try store.counts(in: .list("x")).checked == 2)
    }

    @Test(arguments: Engine.all) func keepMustNameAnItemOfTheList(_ engine: Engine) throws {
        let store = try tents(engine)
        try store.add(titles("Milk"), to: "groceries")
        #expect(throws: ChecklistError.itemNotInList(4, list: "tents")) {
            try store.setMode(.single, ofList: "tents", keeping: 4)
        }
    }

    @Test(arguments: Engine.all) func aCheckedItemMovedIntoASingleListUnchecksItsChoice(
        _ engine: Engine
    ) throws {
        let store = try tents(engine)
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Hammock"), to: "spare", checked: true)
        let summary = try store.move(4, to: .end, inList: "tents")
        #expect(summary.uncheckedOthers == 1)
        #expect(try checked(store) == [4])
    }

    @Test(arguments: Engine.all) func importingTwoCheckedItemsIntoASingleListIsRefused(
        _ engine: Engine
    ) throws {
        let store = try tents(engine)
        let document = ImportDocument(lists: [
            .init(
                name: "tents", mode: nil,
                items: [
                    .init(title: try Title("a"), isSelected: true),
                    .init(title: try Title("b"), isSelected: true),
                ])
        ])
        #expect(throws: ChecklistError.severalChecked(list: "tents", ids: IDSet())) {
            try store.importDocument(document)
        }
        #expect(try store.counts(in: .list("tents")).total == 3)
    }

    /// tents (single): 1 Big, 2 Small, 3 Bivvy, none checked.
    private func tents(_ engine: Engine) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        try store.addList(named: "tents", mode: .single)
        try store.add(titles("Big", "Small", "Bivvy"), to: "tents")
        return store
    }

    private func checked(_ store: ChecklistStore) throws -> [ItemID] {
        try store.items(in: .list("tents"), filter: .checked).map(\.id)
    }
}
