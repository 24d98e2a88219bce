import ChecklistCore
import GRDB
import Testing

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
            summary
                == MoveSummary(
                    id: 2, list: "groceries", position: 2, moved: true, uncheckedOthers: 0))
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
