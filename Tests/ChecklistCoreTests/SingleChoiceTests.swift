import ChecklistCore
import GRDB
import Testing

@Suite struct SingleChoiceTests {
    @Test func checkingAnItemUnchecksTheOthers() throws {
        let store = try tents()
        try store.check(.ids(IDSet(ids: [1])))
        let summary = try store.check(.ids(IDSet(ids: [2])))
        #expect(summary.counts == ChangeSummary(changed: 1, matched: 1, uncheckedOthers: 1))
        #expect(try checked(store) == [2])
    }

    @Test func checkingTwoItemsOfASingleListChangesNothing() throws {
        let store = try tents()
        try store.check(.ids(IDSet(ids: [3])))
        #expect(
            throws: ChecklistError.singleChoiceConflict(list: "tents", ids: IDSet(ids: [1, 2]))
        ) { try store.check(.ids(IDSet(ids: [1, 2]))) }
        #expect(try checked(store) == [3])
    }

    @Test func checkAllOfASingleListWithSeveralItemsIsRefused() throws {
        let store = try tents()
        #expect(throws: ChecklistError.self) { try store.check(.all(in: "tents")) }
        #expect(try checked(store) == [])
    }

    @Test func togglingOnAnItemUnchecksTheOthers() throws {
        let store = try tents()
        try store.check(.ids(IDSet(ids: [1])))
        try store.toggle(.ids(IDSet(ids: [3])))
        #expect(try checked(store) == [3])
        try store.toggle(.ids(IDSet(ids: [3])))
        #expect(try checked(store) == [])
    }

    @Test func addingOneCheckedItemUnchecksTheOthers() throws {
        let store = try tents()
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Hammock"), to: "tents", checked: true)
        #expect(try checked(store) == [4])
    }

    @Test func addingSeveralCheckedItemsIsRefused() throws {
        let store = try tents()
        #expect(throws: ChecklistError.singleChoiceConflict(list: "tents", ids: IDSet())) {
            try store.add(titles("a", "b"), to: "tents", checked: true)
        }
        #expect(try store.counts(in: .list("tents")).total == 3)
    }

    @Test func checkingItemsOfOtherListsAlongsideIsFine() throws {
        let store = try tents()
        try store.add(titles("Milk", "Eggs"), to: "groceries")
        try store.check(.ids(try IDSet(parsing: "2,4-5")))
        #expect(try checked(store) == [2])
        #expect(try store.counts(in: .list("groceries")).checked == 2)
    }

    @Test func switchingToSingleWithSeveralCheckedIsRefused() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(throws: ChecklistError.severalChecked(list: "x", ids: IDSet(ids: [1, 2, 3]))) {
            try store.setMode(.single, ofList: "x")
        }
        #expect(try store.lists().first?.mode == .multiple)
    }

    @Test func keepChoosesTheOneThatStaysChecked() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(try store.setMode(.single, ofList: "x", keeping: 2).itemCount == 2)
        #expect(try store.lists().first?.mode == .single)
        #expect(try store.items(in: .list("x"), filter: .checked).map(\.id) == [2])
    }

    @Test func keepGoesOnlyWithSingle() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b"), to: "x", checked: true)
        #expect(throws: ChecklistError.self) {
            try store.setMode(.multiple, ofList: "x", keeping: 1)
        }
        #expect(try store.counts(in: .list("x")).checked == 2)
    }

    @Test func keepMustNameAnItemOfTheList() throws {
        let store = try tents()
        try store.add(titles("Milk"), to: "groceries")
        #expect(throws: ChecklistError.itemNotInList(4, list: "tents")) {
            try store.setMode(.single, ofList: "tents", keeping: 4)
        }
    }

    @Test func aCheckedItemMovedIntoASingleListUnchecksItsChoice() throws {
        let store = try tents()
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Hammock"), to: "spare", checked: true)
        let summary = try store.move(4, to: .end, inList: "tents")
        #expect(summary.uncheckedOthers == 1)
        #expect(try checked(store) == [4])
    }

    @Test func importingTwoCheckedItemsIntoASingleListIsRefused() throws {
        let store = try tents()
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
    private func tents() throws -> ChecklistStore {
        let store = try ChecklistStore.empty()
        try store.addList(named: "tents", mode: .single)
        try store.add(titles("Big", "Small", "Bivvy"), to: "tents")
        return store
    }

    private func checked(_ store: ChecklistStore) throws -> [ItemID] {
        try store.items(in: .list("tents"), filter: .checked).map(\.id)
    }
}
