import ChecklistCore
import ChecklistModel
import ChecklistStore
import Testing

@Suite struct MoveTests {
    @Test(arguments: Engine.all) func moveToAPositionReordersTheList(_ engine: Engine) throws {
        let store = try camping(engine)
        try store.move(4, to: .position(2))
        #expect(try order(store) == [1, 4, 2, 3])
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2, 3, 4])
    }

    @Test(arguments: Engine.all) func moveBeforeAndAfterAnotherItem(_ engine: Engine) throws {
        let store = try camping(engine)
        try store.move(1, to: .after(3))
        #expect(try order(store) == [2, 3, 1, 4])
        try store.move(4, to: .before(2))
        #expect(try order(store) == [4, 2, 3, 1])
    }

    @Test(arguments: Engine.all) func aMoveShiftsOnlyTheItemsFromItsNewPlaceOn(_ engine: Engine)
        throws
    {
        let store = try camping(engine)
        try store.move(4, to: .position(2))
        #expect(try store.storedPositions() == [1: 1, 4: 2, 2: 3, 3: 4])
    }

    @Test(arguments: Engine.all) func aMoveIntoAGapTouchesNoOtherItem(_ engine: Engine) throws {
        let store = try camping(engine)
        try store.move(4, to: .position(2))
        try store.delete(.ids(IDSet(ids: [2])))
        try store.move(1, to: .after(4))
        #expect(try store.storedPositions() == [4: 2, 1: 3, 3: 4])
        #expect(try order(store) == [4, 1, 3])
    }

    @Test(arguments: Engine.all) func movesEitherWayKeepTheOrderOfTheOthers(_ engine: Engine) throws
    {
        let store = try camping(engine)
        try store.move(1, to: .end)
        #expect(try order(store) == [2, 3, 4, 1])
        try store.move(1, to: .position(1))
        #expect(try order(store) == [1, 2, 3, 4])
        try store.move(2, to: .position(3))
        #expect(try order(store) == [1, 3, 2, 4])
        try store.move(4, to: .before(3))
        #expect(try order(store) == [1, 4, 3, 2])
    }

    @Test(arguments: Engine.all) func positionsShownAreContiguousAfterADelete(_ engine: Engine)
        throws
    {
        let store = try camping(engine)
        try store.delete(.ids(IDSet(ids: [2])))
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2, 3])
        #expect(
            try store.items(in: .list("camping"), filter: .unchecked).map(\.position) == [1, 2, 3])
    }

    @Test(arguments: Engine.all) func aFilteredReadWithoutDetailsGivesTheSameItems(_ engine: Engine)
        throws
    {
        let store = try camping(engine)
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

    @Test(arguments: Engine.all) func filteredItemsKeepTheirPlaceInTheWholeList(_ engine: Engine)
        throws
    {
        let store = try camping(engine)
        try store.check(.ids(IDSet(ids: [3])))
        #expect(try store.items(in: .list("camping"), filter: .checked).map(\.position) == [3])
    }

    @Test(arguments: Engine.all) func moveToAnotherListAppendsThere(_ engine: Engine) throws {
        let store = try camping(engine)
        try store.add(titles("Milk"), to: "groceries")
        let summary = try store.move(2, to: .end, inList: "groceries")
        #expect(
            summary
                == MoveSummary(
                    id: 2, list: "groceries", position: 2, moved: true, uncheckedOthers: 0))
        #expect(try store.items(in: .list("groceries")).map(\.id) == [5, 2])
        #expect(try order(store) == [1, 3, 4])
    }

    @Test(arguments: Engine.all) func moveBeforeAnItemOfAnotherListMovesIntoThatList(
        _ engine: Engine
    ) throws {
        let store = try camping(engine)
        try store.add(titles("Milk"), to: "groceries")
        try store.move(2, to: .before(5))
        #expect(try store.items(in: .list("groceries")).map(\.id) == [2, 5])
    }

    @Test(arguments: Engine.all) func aPositionPastTheEndIsRefused(_ engine: Engine) throws {
        let store = try camping(engine)
        #expect(throws: ChecklistError.positionOutOfRange(9, list: "camping", itemCount: 4)) {
            try store.move(1, to: .position(9))
        }
        #expect(try order(store) == [1, 2, 3, 4])
    }

    @Test(arguments: Engine.all) func anItemCannotMoveBeforeItself(_ engine: Engine) throws {
        let store = try camping(engine)
        #expect(throws: ChecklistError.self) { try store.move(1, to: .before(1)) }
    }

    @Test(arguments: Engine.all) func movingAMissingItemOrIntoAMissingListIsNotFound(
        _ engine: Engine
    ) throws {
        let store = try camping(engine)
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

    @Test(arguments: Engine.all) func movingAnItemToWhereItIsChangesNothing(_ engine: Engine) throws
    {
        let store = try camping(engine)
        let summary = try store.move(2, to: .position(2))
        #expect(!summary.moved)
        #expect(try store.history().first?.command == "add")
    }

    /// camping: 1 Tent, 2 Stove, 3 Map, 4 Lamp.
    private func camping(_ engine: Engine) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove", "Map", "Lamp"), to: "camping")
        return store
    }

    private func order(_ store: ChecklistStore) throws -> [ItemID] {
        try store.items(in: .list("camping")).map(\.id)
    }
}
