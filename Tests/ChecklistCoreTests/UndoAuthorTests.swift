import ChecklistCore
import GRDB
import Testing

/// Authors: every change records who made it, `undo` reverts the newest change of its own
/// author, `undo(anyone:)` the newest of all, and an undo that would overwrite another
/// author's later change is refused with nothing changed.
@Suite struct UndoAuthorTests {
    let queue: DatabaseQueue
    let ana: ChecklistStore
    let ben: ChecklistStore

    /// camping: 1 Tent, 2 Stove, 3 Map (by ana); tents (single): 4 Big, 5 Small (by ben).
    init() throws {
        queue = try DatabaseQueue()
        try SchemaMigrator.migrate(queue)
        ana = ChecklistStore(queue, author: "ana")
        ben = ana.actingAs("ben")
        try ana.add(titles("Tent", "Stove", "Map"), to: "camping")
        try ben.addList(named: "tents", mode: .single)
        try ben.add(titles("Big", "Small"), to: "tents")
    }

    @Test func everyChangeRecordsItsAuthor() throws {
        try ana.check(.ids(IDSet(ids: [1])))
        #expect(try ana.history().map(\.author) == ["ana", "ben", "ben", "ana"])
    }

    @Test func theDefaultAuthorIsTheLoginName() throws {
        let store = ChecklistStore(queue)
        #expect(!store.author.isEmpty)
        try store.check(.ids(IDSet(ids: [2])))
        #expect(try store.history(limit: 1).first?.author == store.author)
    }

    @Test func undoRevertsTheNewestChangeOfItsOwnAuthor() throws {
        try ana.check(.ids(IDSet(ids: [1])))
        try ben.check(.ids(IDSet(ids: [2])))
        let undone = try ana.undo()
        #expect(undone.description == "checked 1 item (ID 1)")
        #expect(undone.author == "ana")
        #expect(try checked() == [2])
        // ben's change is still his to undo.
        #expect(try ben.undo().description == "checked 1 item (ID 2)")
        #expect(try checked() == [])
    }

    @Test func undoAnyoneRevertsTheNewestOfAll() throws {
        try ana.check(.ids(IDSet(ids: [1])))
        try ben.check(.ids(IDSet(ids: [2])))
        #expect(try ana.undo(anyone: true).author == "ben")
        #expect(try checked() == [1])
    }

    @Test func anUndoOverALaterChangeToTheSameItemsIsRefused() throws {
        try ana.check(.ids(IDSet(ids: [1, 2])))
        try ben.uncheck(.ids(IDSet(ids: [2])))
        let before = try dump(queue)
        let history = try ana.history()

        #expect {
            try ana.undo()
        } throws: { error in
            guard case .undoConflict(let change, let later, .sameItems) = error as? ChecklistError else {
                return false
            }
            return change.author == "ana" && later.author == "ben"
                && "\(error)".contains("change \(later.id) by ben")
        }
        #expect(try dump(queue) == before)
        #expect(try ana.history() == history)
        // Reverting ben's change first clears the way.
        try ana.undo(anyone: true)
        try ana.undo()
        #expect(try checked() == [])
    }

    @Test func deletedItemsCountAsTheSameItems() throws {
        try ana.rename(1, to: Title("Big tent"))
        try ben.delete(.ids(IDSet(ids: [1])))
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.history().count == 5)
    }

    @Test func itemsAddedByTheChangeCountAsItsItems() throws {
        try ana.add(titles("Rope"), to: "camping")
        try ben.check(.ids(IDSet(ids: [6])))
        let before = try dump(queue)
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try dump(queue) == before)
    }

    @Test func aListCreatedByTheChangeThatAnotherAuthorFilledIsKept() throws {
        try ana.addList(named: "trip", mode: .multiple)
        try ben.add(titles("Car"), to: "trip")
        let before = try dump(queue)
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try dump(queue) == before)
    }

    @Test func aDeletedListWhoseNameWasTakenSinceIsNotRestored() throws {
        try ana.deleteList(named: "camping", withItems: true)
        try ben.addList(named: "camping", mode: .single)
        let before = try dump(queue)
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try dump(queue) == before)
    }

    @Test func anUndoThatWouldCheckTwoItemsOfASingleChoiceListIsRefused() throws {
        // ana unchecks Big; ben then checks Small: restoring Big's check would leave two.
        try ben.check(.ids(IDSet(ids: [4])))
        try ana.uncheck(.ids(IDSet(ids: [4])))
        try ben.check(.ids(IDSet(ids: [5])))
        let before = try dump(queue)
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try dump(queue) == before)
    }

    @Test func laterChangesToOtherItemsDoNotStandInTheWay() throws {
        try ana.delete(.ids(IDSet(ids: [3])))
        try ben.check(.ids(IDSet(ids: [4])))
        try ben.rename(5, to: Title("Tiny"))
        try ana.undo()
        #expect(try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map"])
        #expect(try checked() == [4])
    }

    @Test func undoingAnAddAfterAnotherAuthorAddedToTheSameListRemovesOnlyYourItems() throws {
        try ana.add(titles("Rope"), to: "camping")
        try ben.add(titles("Lamp"), to: "camping")
        try ben.addList(named: "other", mode: .multiple)
        try ben.check(.ids(IDSet(ids: [1])))  // an item ana's add did not add
        #expect(try ana.undo().description == "added 1 item to 'camping' (ID 6)")
        #expect(try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map", "Lamp"])
    }

    @Test func restoredItemsTakeTheirPlacesAndLaterOnesMoveDown() throws {
        try ana.delete(.ids(IDSet(ids: [3])))
        try ben.add(titles("Lamp"), to: "camping")  // takes the freed place
        try ana.undo()
        let positions = try queue.read { db in
            try Int64.fetchAll(
                db, sql: "SELECT position FROM items WHERE listId = 1 ORDER BY position")
        }
        #expect(Set(positions).count == positions.count, "\(positions)")
        #expect(try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map", "Lamp"])
        // move relies on distinct places.
        try ana.move(1, to: .position(3))
        #expect(try ana.items(in: .list("camping")).map(\.title) == ["Stove", "Map", "Tent", "Lamp"])
    }

    @Test func itemsAreNotRestoredIntoAListDeletedSinceNorIntoOneThatTookItsID() throws {
        try ana.add(titles("x", "y"), to: "late")  // list 3, items 6 and 7
        try ana.delete(.ids(IDSet(ids: [7])))
        try ben.deleteList(named: "late", withItems: true)
        try ben.addList(named: "X", mode: .multiple)
        // The new list does not take the deleted one's ID while the journal remembers it.
        let ids = try queue.read { try Int64.fetchAll($0, sql: "SELECT id FROM lists ORDER BY id") }
        #expect(ids == [1, 2, 4])
        let before = try dump(queue)
        #expect {
            try ana.undo()
        } throws: { error in
            guard case .undoConflict(_, let later, .sameLists) = error as? ChecklistError else {
                return false
            }
            return later.description == "deleted list 'late' with 1 item"
        }
        #expect(try dump(queue) == before)
    }

    @Test func aSingleChoiceRefusalSaysSo() throws {
        try ben.check(.ids(IDSet(ids: [4])))
        try ana.uncheck(.ids(IDSet(ids: [4])))
        try ben.check(.ids(IDSet(ids: [5])))
        #expect {
            try ana.undo()
        } throws: { error in
            "\(error)".contains("has since checked another item of the same single-choice list")
        }
    }

    @Test func anAuthorWithNoChangesIsToldWhoseTheyAre() throws {
        let carl = ana.actingAs("carl")
        #expect(throws: ChecklistError.nothingToUndoBy(author: "carl", others: 3)) {
            try carl.undo()
        }
        #expect(try carl.undo(anyone: true).author == "ben")
    }

    @Test func changesRecordedBeforeAuthorsAreAnyonesToUndo() throws {
        try queue.write { try $0.execute(sql: "UPDATE changes SET author = NULL") }
        #expect(try ana.history().map(\.author) == [nil, nil, nil])
        // carl made none of them, but none is anyone else's either.
        let carl = ana.actingAs("carl")
        #expect(try carl.undo().description.hasPrefix("added 2 items to 'tents'"))
    }

    private func checked() throws -> [Int64] {
        try queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM items WHERE isSelected ORDER BY id")
        }
    }
}
