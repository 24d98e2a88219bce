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

@Suite struct MoveTests {
    @Test func moveToAPositionReordersTheList() throws {
        let store = try camping()
        try store.move(4, to: .position(2))
        #expect(try order(store) == [1, 4, 2, 3])
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2, 3, 4])
    }

    @Test func moveBeforeAndAfterAnotherItem() throws {
        let store = try camping()
        try store.move(1, to: .after(3))
        #expect(try order(store) == [2, 3, 1, 4])
        try store.move(4, to: .before(2))
        #expect(try order(store) == [4, 2, 3, 1])
    }

    @Test func aMoveShiftsOnlyTheItemsFromItsNewPlaceOn() throws {
        let (queue, store) = try campingQueue()
        try store.move(4, to: .position(2))
        #expect(try storedPositions(queue) == [1: 1, 4: 2, 2: 3, 3: 4])
    }

    @Test func aMoveIntoAGapTouchesNoOtherItem() throws {
        let (queue, store) = try campingQueue()
        try store.move(4, to: .position(2))
        try store.delete(.ids(IDSet(ids: [2])))
        try store.move(1, to: .after(4))
        #expect(try storedPositions(queue) == [4: 2, 1: 3, 3: 4])
        #expect(try order(store) == [4, 1, 3])
    }

    @Test func movesEitherWayKeepTheOrderOfTheOthers() throws {
        let store = try camping()
        try store.move(1, to: .end)
        #expect(try order(store) == [2, 3, 4, 1])
        try store.move(1, to: .position(1))
        #expect(try order(store) == [1, 2, 3, 4])
        try store.move(2, to: .position(3))
        #expect(try order(store) == [1, 3, 2, 4])
        try store.move(4, to: .before(3))
        #expect(try order(store) == [1, 4, 3, 2])
    }

    @Test func positionsShownAreContiguousAfterADelete() throws {
        let store = try camping()
        try store.delete(.ids(IDSet(ids: [2])))
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2, 3])
        #expect(
            try store.items(in: .list("camping"), filter: .unchecked).map(\.position) == [1, 2, 3])
    }

    @Test func aFilteredReadWithoutDetailsGivesTheSameItems() throws {
        let store = try camping()
        try store.check(.ids(IDSet(ids: [2, 4])))
        var checked: [ItemID] = []
        try store.forEachHeadline(in: .list("camping"), filter: .checked) {
            checked.append($0.id)
        }
        var unchecked: [ItemID] = []
        try store.forEachHeadline(in: .all, filter: .unchecked) {
            unchecked.append($0.id)
        }
        #expect(checked == [2, 4])
        #expect(unchecked == [1, 3])
    }

    @Test func filteredItemsKeepTheirPlaceInTheWholeList() throws {
        let store = try camping()
        try store.check(.ids(IDSet(ids: [3])))
        #expect(try store.items(in: .list("camping"), filter: .checked).map(\.position) == [3])
    }

    @Test func moveToAnotherListAppendsThere() throws {
        let store = try camping()
        try store.add(titles("Milk"), to: "groceries")
        let summary = try store.move(2, to: .end, inList: "groceries")
        #expect(
            summary == MoveSummary(id: 2, list: "groceries", position: 2, moved: true, uncheckedOthers: 0))
        #expect(try store.items(in: .list("groceries")).map(\.id) == [5, 2])
        #expect(try order(store) == [1, 3, 4])
    }

    @Test func moveBeforeAnItemOfAnotherListMovesIntoThatList() throws {
        let store = try camping()
        try store.add(titles("Milk"), to: "groceries")
        try store.move(2, to: .before(5))
        #expect(try store.items(in: .list("groceries")).map(\.id) == [2, 5])
    }

    @Test func aPositionPastTheEndIsRefused() throws {
        let store = try camping()
        #expect(throws: ChecklistError.positionOutOfRange(9, list: "camping", itemCount: 4)) {
            try store.move(1, to: .position(9))
        }
        #expect(try order(store) == [1, 2, 3, 4])
    }

    @Test func anItemCannotMoveBeforeItself() throws {
        let store = try camping()
        #expect(throws: ChecklistError.self) { try store.move(1, to: .before(1)) }
    }

    @Test func movingAMissingItemOrIntoAMissingListIsNotFound() throws {
        let store = try camping()
        #expect(throws: ChecklistError.itemNotFound(9)) {
            try store.move(9, to: .position(1))
        }
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.move(1, to: .end, inList: "nope")
        }
        #expect(throws: ChecklistError.itemNotInList(2, list: "other")) {
            try store.add(titles("x"), to: "other")
            try store.move(1, to: .before(2), inList: "other")
        }
    }

    @Test func movingAnItemToWhereItIsChangesNothing() throws {
        let store = try camping()
        let summary = try store.move(2, to: .position(2))
        #expect(!summary.moved)
        #expect(try store.history().first?.command == "add")
    }

    private func camping() throws -> ChecklistStore { try campingQueue().1 }

    /// camping: 1 Tent, 2 Stove, 3 Map, 4 Lamp.
    private func campingQueue() throws -> (DatabaseQueue, ChecklistStore) {
        let queue = try DatabaseQueue()
        try SchemaMigrator.migrate(queue)
        let store = ChecklistStore(queue)
        try store.add(titles("Tent", "Stove", "Map", "Lamp"), to: "camping")
        return (queue, store)
    }

    private func order(_ store: ChecklistStore) throws -> [ItemID] {
        try store.items(in: .list("camping")).map(\.id)
    }

    private func storedPositions(_ queue: DatabaseQueue) throws -> [ItemID: Int64] {
        try queue.read { db in
            var positions: [ItemID: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, position FROM items") {
                positions[row[0]] = row[1]
            }
            return positions
        }
    }
}

@Suite struct ListManagementTests {
    @Test func addListCreatesAnEmptyListWithItsMode() throws {
        let store = try ChecklistStore.empty()
        try store.addList(named: "Tents", mode: .single)
        #expect(
            try store.lists() == [
                Checklist(name: "Tents", mode: .single, checkedCount: 0, totalCount: 0)
            ])
    }

    @Test func listNamesAreCaseSensitive() throws {
        let store = try ChecklistStore.empty()
        try store.addList(named: "camping")
        try store.addList(named: "Camping")
        #expect(try store.lists().map(\.name) == ["Camping", "camping"])
        #expect(throws: ChecklistError.listExists("camping")) {
            try store.addList(named: "camping")
        }
    }

    @Test func renameKeepsTheItems() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent"), to: "camping")
        try store.renameList("camping", to: "trip")
        #expect(try store.items(in: .list("trip")).map(\.id) == [1])
        #expect(throws: ChecklistError.listNotFound("camping")) {
            try store.items(in: .list("camping"))
        }
    }

    @Test func renameOntoAnExistingNameIsRefused() throws {
        let store = try ChecklistStore.empty()
        try store.addList(named: "a")
        try store.addList(named: "b")
        #expect(throws: ChecklistError.listExists("b")) { try store.renameList("a", to: "b") }
    }

    @Test func deletingANonEmptyListNeedsForce() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent", "Stove"), to: "camping")
        #expect(throws: ChecklistError.listNotEmpty("camping", itemCount: 2)) {
            try store.deleteList(named: "camping")
        }
        #expect(try store.deleteList(named: "camping", withItems: true).itemCount == 2)
        #expect(try store.lists().isEmpty)
        #expect(try store.counts(in: .all).total == 0)
    }

    @Test func deletingAnEmptyListNeedsNoForce() throws {
        let store = try ChecklistStore.empty()
        try store.addList(named: "empty")
        #expect(try store.deleteList(named: "empty").itemCount == 0)
        #expect(try store.lists().isEmpty)
    }

    @Test func importIntoOneListMergesManyListsAsMultiple() throws {
        let store = try ChecklistStore.empty()
        let document = ImportDocument(lists: [
            .init(
                name: "a", mode: .single, items: [.init(title: try Title("one"), isSelected: true)]),
            .init(name: "b", mode: nil, items: [.init(title: try Title("two"), isSelected: true)]),
        ])
        try store.importDocument(document, into: "inbox")
        #expect(
            try store.lists() == [
                Checklist(name: "inbox", mode: .multiple, checkedCount: 2, totalCount: 2)
            ])
    }

    @Test func importIntoOneListTakesTheModeOfAFileOfOneList() throws {
        let store = try ChecklistStore.empty()
        let document = ImportDocument(lists: [
            .init(
                name: "a", mode: .single, items: [.init(title: try Title("one"), isSelected: true)])
        ])
        try store.importDocument(document, into: "inbox")
        #expect(try store.lists().first?.mode == .single)
    }

    @Test func listsWhoseNamesDifferOnlyInBytesStayApartOnImport() throws {
        let store = try ChecklistStore.empty()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let document = ImportDocument(lists: [
            .init(
                name: composed, mode: nil,
                items: [.init(title: try Title("one"), isSelected: false)]),
            .init(
                name: decomposed, mode: nil,
                items: [.init(title: try Title("two"), isSelected: false)]),
        ])
        #expect(try store.importDocument(document).lists.count == 2)
        #expect(try store.lists().count == 2)
    }

    @Test func listNamesMustBeNonEmptyAndOnOneLine() {
        #expect(throws: ChecklistError.self) { try ListName.validate("") }
        #expect(throws: ChecklistError.self) { try ListName.validate("  ") }
        #expect(throws: ChecklistError.self) { try ListName.validate("a\nb") }
        #expect(throws: Never.self) { try ListName.validate(" Zelt ⛺️ ") }
    }
}

@Suite struct ExpectationTests {
    @Test func deleteWithTheRightExpectationDeletes() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(try store.delete(.checked(in: "x"), expecting: 3).counts.changed == 3)
    }

    @Test func deleteWithTheWrongExpectationChangesNothing() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(throws: ChecklistError.unexpectedCount(expected: 2, actual: 3)) {
            try store.delete(.checked(in: "x"), expecting: 2)
        }
        #expect(throws: ChecklistError.unexpectedCount(expected: 5, actual: 2)) {
            try store.delete(.ids(try IDSet(parsing: "1-2,9")), ignoringMissing: true, expecting: 5)
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test func deletionCountIsWhatDeleteWouldRemove() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("a", "b", "c"), to: "x")
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(try store.deletionCount(.checked(in: "x")) == 2)
        #expect(
            try store.deletionCount(.ids(try IDSet(parsing: "2-9")), ignoringMissing: true) == 2)
    }
}
