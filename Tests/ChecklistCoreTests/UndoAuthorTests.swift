import ChecklistCore
import ChecklistModel
import ChecklistStore
import Testing

/// Authors: every change records who made it, `undo` reverts the newest change of its own
/// author, `undo(anyone:)` the newest of all, and an undo that would overwrite another
/// author's later change is refused with nothing changed.
@Suite struct UndoAuthorTests {
    /// camping: 1 Tent, 2 Stove, 3 Map (by ana); tents (single): 4 Big, 5 Small (by ben).
    private func anaAndBen(_ engine: Engine) throws -> (ChecklistStore, ChecklistStore) {
        let ana = try engine.emptyStore(author: "ana")
        let ben = ana.actingAs("ben")
        try ana.add(titles("Tent", "Stove", "Map"), to: "camping")
        try ben.addList(named: "tents", mode: .single)
        try ben.add(titles("Big", "Small"), to: "tents")
        return (ana, ben)
    }

    @Test(arguments: Engine.all) func everyChangeRecordsItsAuthor(_ engine: Engine) throws {
        let (ana, _) = try anaAndBen(engine)
        try ana.check(.ids(IDSet(ids: [1])))
        #expect(try ana.history().map(\.author) == ["ana", "ben", "ben", "ana"])
    }

    /// By default a change is the login name's on a file, the role's on a server.
    @Test(arguments: Engine.all) func theDefaultAuthorIsTheLoginNameOrTheRole(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        #expect(!store.author.isEmpty)
        try store.add(titles("Tent"), to: "camping")
        try store.check(.ids(IDSet(ids: [1])))
        #expect(try store.history().map(\.author) == [store.author, store.author])
    }

    @Test(arguments: Engine.all) func undoRevertsTheNewestChangeOfItsOwnAuthor(_ engine: Engine)
        throws
    {
        let (ana, ben) = try anaAndBen(engine)
        try ana.check(.ids(IDSet(ids: [1])))
        try ben.check(.ids(IDSet(ids: [2])))
        let undone = try ana.undo()
        #expect(undone.description == "checked 1 item (ID 1)")
        #expect(undone.author == "ana")
        #expect(try checked(ana) == [2])
        // ben's change is still his to undo.
        #expect(try ben.undo().description == "checked 1 item (ID 2)")
        #expect(try checked(ana) == [])
    }

    @Test(arguments: Engine.all) func undoAnyoneRevertsTheNewestOfAll(_ engine: Engine) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.check(.ids(IDSet(ids: [1])))
        try ben.check(.ids(IDSet(ids: [2])))
        #expect(try ana.undo(anyone: true).author == "ben")
        #expect(try checked(ana) == [1])
    }

    @Test(arguments: Engine.all) func anUndoOverALaterChangeToTheSameItemsIsRefused(
        _ engine: Engine
    ) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.check(.ids(IDSet(ids: [1, 2])))
        try ben.uncheck(.ids(IDSet(ids: [2])))
        let before = try ana.rows()
        let history = try ana.history()

        #expect {
            try ana.undo()
        } throws: { error in
            guard case .undoConflict(let change, let later, .sameItems) = error as? ChecklistError
            else {
                return false
            }
            return change.author == "ana" && later.author == "ben"
                && "\(error)".contains("change \(later.id) by ben")
        }
        #expect(try ana.rows() == before)
        #expect(try ana.history() == history)
        // Reverting ben's change first clears the way.
        try ana.undo(anyone: true)
        try ana.undo()
        #expect(try checked(ana) == [])
    }

    @Test(arguments: Engine.all) func deletedItemsCountAsTheSameItems(_ engine: Engine) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.rename(1, to: Title("Big tent"))
        try ben.delete(.ids(IDSet(ids: [1])))
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.history().count == 5)
    }

    @Test(arguments: Engine.all) func itemsAddedByTheChangeCountAsItsItems(_ engine: Engine) throws
    {
        let (ana, ben) = try anaAndBen(engine)
        try ana.add(titles("Rope"), to: "camping")
        try ben.check(.ids(IDSet(ids: [6])))
        let before = try ana.rows()
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.rows() == before)
    }

    @Test(arguments: Engine.all) func aListCreatedByTheChangeThatAnotherAuthorFilledIsKept(
        _ engine: Engine
    ) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.addList(named: "trip", mode: .multiple)
        try ben.add(titles("Car"), to: "trip")
        let before = try ana.rows()
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.rows() == before)
    }

    @Test(arguments: Engine.all) func aDeletedListWhoseNameWasTakenSinceIsNotRestored(
        _ engine: Engine
    ) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.deleteList(named: "camping", withItems: true)
        try ben.addList(named: "camping", mode: .single)
        let before = try ana.rows()
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.rows() == before)
    }

    @Test(arguments: Engine.all) func anUndoThatWouldCheckTwoItemsOfASingleChoiceListIsRefused(
        _ engine: Engine
    ) throws {
        let (ana, ben) = try anaAndBen(engine)
        // ana unchecks Big; ben then checks Small: restoring Big's check would leave two.
        try ben.check(.ids(IDSet(ids: [4])))
        try ana.uncheck(.ids(IDSet(ids: [4])))
        try ben.check(.ids(IDSet(ids: [5])))
        let before = try ana.rows()
        #expect(throws: ChecklistError.self) { try ana.undo() }
        #expect(try ana.rows() == before)
    }

    @Test(arguments: Engine.all) func laterChangesToOtherItemsDoNotStandInTheWay(_ engine: Engine)
        throws
    {
        let (ana, ben) = try anaAndBen(engine)
        try ana.delete(.ids(IDSet(ids: [3])))
        try ben.check(.ids(IDSet(ids: [4])))
        try ben.rename(5, to: Title("Tiny"))
        try ana.undo()
        #expect(try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map"])
        #expect(try checked(ana) == [4])
    }

    @Test(arguments: Engine.all)
    func undoingAnAddAfterAnotherAuthorAddedToTheSameListRemovesOnlyYourItems(_ engine: Engine)
        throws
    {
        let (ana, ben) = try anaAndBen(engine)
        try ana.add(titles("Rope"), to: "camping")
        try ben.add(titles("Lamp"), to: "camping")
        try ben.addList(named: "other", mode: .multiple)
        try ben.check(.ids(IDSet(ids: [1])))  // an item ana's add did not add
        #expect(try ana.undo().description == "added 1 item to 'camping' (ID 6)")
        #expect(
            try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map", "Lamp"])
    }

    @Test(arguments: Engine.all) func restoredItemsTakeTheirPlacesAndLaterOnesMoveDown(
        _ engine: Engine
    ) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.delete(.ids(IDSet(ids: [3])))
        try ben.add(titles("Lamp"), to: "camping")  // takes the freed place
        try ana.undo()
        let stored = try ana.storedPositions()
        let positions = try ana.items(in: .list("camping")).map { stored[$0.id] }
        #expect(Set(positions).count == positions.count, "\(positions)")
        #expect(
            try ana.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Map", "Lamp"])
        // move relies on distinct places.
        try ana.move(1, to: .position(3))
        #expect(
            try ana.items(in: .list("camping")).map(\.title) == ["Stove", "Map", "Tent", "Lamp"])
    }

    @Test(arguments: Engine.all)
    func itemsAreNotRestoredIntoAListDeletedSinceNorIntoOneThatTookItsID(_ engine: Engine) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ana.add(titles("x", "y"), to: "late")  // list 3, items 6 and 7
        try ana.delete(.ids(IDSet(ids: [7])))
        try ben.deleteList(named: "late", withItems: true)
        try ben.addList(named: "X", mode: .multiple)
        // The new list does not take the deleted one's ID while the journal remembers it.
        #expect(try ana.listIDs() == [1, 2, 4])
        let before = try ana.rows()
        #expect {
            try ana.undo()
        } throws: { error in
            guard case .undoConflict(_, let later, .sameLists) = error as? ChecklistError else {
                return false
            }
            return later.description == "deleted list 'late' with 1 item"
        }
        #expect(try ana.rows() == before)
    }

    @Test(arguments: Engine.all) func aSingleChoiceRefusalSaysSo(_ engine: Engine) throws {
        let (ana, ben) = try anaAndBen(engine)
        try ben.check(.ids(IDSet(ids: [4])))
        try ana.uncheck(.ids(IDSet(ids: [4])))
        try ben.check(.ids(IDSet(ids: [5])))
        #expect {
            try ana.undo()
        } throws: { error in
            "\(error)".contains("has since checked another item of the same single-choice list")
        }
    }

    @Test(arguments: Engine.all) func anAuthorWithNoChangesIsToldWhoseTheyAre(_ engine: Engine)
        throws
    {
        let (ana, _) = try anaAndBen(engine)
        let carl = ana.actingAs("carl")
        #expect(throws: ChecklistError.nothingToUndoBy(author: "carl", others: 3)) {
            try carl.undo()
        }
        #expect(try carl.undo(anyone: true).author == "ben")
    }

    /// On a file only: a server's changes have recorded their authors from the start.
    @Test func changesRecordedBeforeAuthorsAreAnyonesToUndo() throws {
        let (ana, _) = try anaAndBen(.file)
        try ana.forgetAuthors()
        #expect(try ana.history().map(\.author) == [nil, nil, nil])
        // carl made none of them, but none is anyone else's either.
        let carl = ana.actingAs("carl")
        #expect(try carl.undo().description.hasPrefix("added 2 items to 'tents'"))
    }

    private func checked(_ store: ChecklistStore) throws -> [ItemID] {
        try store.items(in: .all, filter: .checked).map(\.id).sorted()
    }
}
