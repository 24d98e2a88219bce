import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistStore

/// The editor's `u` (`undo(onlyIn:)`), on every engine: it undoes the author's newest change
/// when that change touched the list on screen, and otherwise changes nothing and names the
/// change and where it was made. The rule is written once (`UndoSteps`); each engine answers
/// which lists a change touched in its own SQL.
@Suite struct UndoOnListTests {
    private func identity(_ store: ChecklistStore, _ list: ListName) throws -> ListIdentity {
        try #require(
            try store.editorPage(list: list, around: .first, before: 0, after: 1).listIdentity)
    }

    @Test(arguments: Engine.all) func aNewerChangeElsewhereIsNamedAndLeftAlone(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let camping = try store.add(titles("Tent", "Stove"), to: "camping")
        let groceries = try store.add(titles("Milk", "Eggs"), to: "groceries")
        try store.check(.ids(IDSet(ids: [camping[0]])))
        try store.delete(.ids(IDSet(ids: groceries)))
        let before = try store.rows()
        #expect {
            try store.undo(onlyIn: try identity(store, "camping"))
        } throws: { error in
            guard case ChecklistError.newestChangeElsewhere(let change, let lists) = error
            else { return false }
            return change.command == "delete" && lists == ["groceries"]
        }
        #expect(try store.rows() == before)
        // Kinds of change that touch the list: an add, a selection change, a delete, a move.
        #expect(try store.undo(onlyIn: try identity(store, "groceries")).command == "delete")
        #expect(try store.undo(onlyIn: try identity(store, "camping")).command == "check")
        #expect(try store.undo(onlyIn: try identity(store, "groceries")).command == "add")
        #expect(try store.undo(onlyIn: try identity(store, "camping")).command == "add")
    }
}
