import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistTransfer
import Testing

/// Undo restores the exact rows of `lists` and `items` that a change touched, whatever it was.
@Suite struct UndoTests {
    /// Every mutating store call, each run on the same starting database.
    static let changes: [(String, @Sendable (ChecklistStore) throws -> Void)] = [
        ("add", { try $0.add(titles("Lamp", "Rope"), to: "camping") }),
        ("add to a new list", { try $0.add(titles("Milk"), to: "groceries") }),
        (
            "add checked to a single list",
            { try $0.add(titles("Hammock"), to: "tents", checked: true) }
        ),
        ("check", { try $0.check(.ids(try IDSet(parsing: "1,3"))) }),
        ("check in a single list", { try $0.check(.ids(IDSet(ids: [6]))) }),
        ("check all", { try $0.check(.all(in: "camping")) }),
        ("uncheck all", { try $0.uncheck(.all(in: "tents")) }),
        ("toggle", { try $0.toggle(.ids(try IDSet(parsing: "1-4"))) }),
        ("delete", { try $0.delete(.ids(try IDSet(parsing: "2,4"))) }),
        ("delete checked", { try $0.delete(.checked(in: "tents")) }),
        ("rename", { try $0.rename(1, to: Title("Big tent")) }),
        ("move", { try $0.move(3, to: .position(1)) }),
        ("move to another list", { try $0.move(2, to: .end, inList: "tents") }),
        ("lists add", { try $0.addList(named: "empty", mode: .single) }),
        ("lists rename", { try $0.renameList("camping", to: "trip") }),
        ("lists delete", { try $0.deleteList(named: "camping", withItems: true) }),
        // --keep names a checked item (issue 29): the list has none, so a plain switch.
        ("lists mode", { try $0.setMode(.single, ofList: "camping") }),
        (
            "import",
            {
                try $0.importDocument(
                    ImportDocument(lists: [
                        .init(
                            name: "camping", mode: nil,
                            items: [.init(title: try Title("Map"), isSelected: true)]),
                        .init(name: "new", mode: .single, items: []),
                    ]))
            }
        ),
    ]

    @Test(arguments: Engine.all, changes.map(\.0))
    func undoRestoresTheExactPriorRows(_ engine: Engine, _ name: String) throws {
        let store = try campingAndTents(engine)
        let before = try store.rows()
        let change = try #require(Self.changes.first { $0.0 == name }?.1)

        try change(store)
        #expect(try store.rows() != before, "the change changed nothing")
        try store.undo()

        #expect(try store.rows() == before)
    }

    @Test(arguments: Engine.all) func undoWalksBackOneChangeAtATime(_ engine: Engine) throws {
        let store = try campingAndTents(engine)
        let start = try store.rows()
        try store.check(.ids(IDSet(ids: [1])))
        let afterCheck = try store.rows()
        try store.delete(.ids(IDSet(ids: [1, 2])))

        try store.undo()
        #expect(try store.rows() == afterCheck)
        try store.undo()
        #expect(try store.rows() == start)
    }

    @Test(arguments: Engine.all) func undoGoesBackAtLeastTwentySteps(_ engine: Engine) throws {
        let store = try campingAndTents(engine)
        let start = try store.rows()
        for _ in 0..<25 { try store.toggle(.ids(IDSet(ids: [1]))) }
        for _ in 0..<25 { try store.undo() }
        #expect(try store.rows() == start)
    }

    @Test(arguments: Engine.all) func theHistoryKeepsTheNewestFiftyChanges(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        for index in 1...60 { try store.add(titles("Item \(index)"), to: "long") }
        let history = try store.history(limit: 100)
        #expect(history.count == 50)
        #expect(history.first?.description == "added 1 item to 'long' (ID 60)")
    }

    @Test(arguments: Engine.all) func theHistoryKeepsFiftyChangesAfterUndosToo(_ engine: Engine)
        throws
    {
        // Undone changes leave gaps in the IDs; trimming must count entries, not IDs.
        let store = try engine.emptyStore()
        for index in 1...100 { try store.add(titles("Item \(index)"), to: "long") }
        for _ in 1...40 { try store.undo() }
        for index in 1...15 { try store.add(titles("New \(index)"), to: "long") }
        #expect(try store.history(limit: 100).count == 25)
        for _ in 1...25 { try store.undo() }
        #expect(try store.counts(in: .list("long")).total == 50)
    }

    @Test(arguments: Engine.all) func undoingEverythingLeavesNothingToUndo(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        try store.undo()
        #expect(throws: ChecklistError.nothingToUndo) { try store.undo() }
    }

    @Test(arguments: Engine.all) func aChangeThatChangedNothingIsNotRecorded(_ engine: Engine)
        throws
    {
        let store = try campingAndTents(engine)
        let history = try store.history()
        try store.check(.ids(IDSet(ids: [5])))  // already checked
        try store.uncheck(.all(in: "camping"))  // nothing checked there
        #expect(try store.history() == history)
    }

    @Test(arguments: Engine.all) func aFailedChangeLeavesNoRecord(_ engine: Engine) throws {
        let store = try campingAndTents(engine)
        let history = try store.history()
        #expect(throws: ChecklistError.self) { try store.delete(.ids(IDSet(ids: [1, 99]))) }
        #expect(try store.history() == history)
    }

    @Test(arguments: Engine.all) func historyDescribesEachChangeNewestFirst(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping")
        try store.check(.ids(IDSet(ids: [2])))
        try store.delete(.checked(in: "camping"))
        #expect(
            try store.history().map { "\($0.command): \($0.description) [\($0.itemCount)]" } == [
                "delete: deleted 1 item (the checked items of 'camping') (ID 2) [1]",
                "check: checked 1 item (ID 2) [1]",
                "add: added 2 items to 'camping' (IDs 1, 2) [2]",
            ])
    }

    @Test(arguments: Engine.all) func undoneAddsNeverGiveTheirIDsOutAgain(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping")
        try store.undo()
        #expect(try store.add(titles("Map"), to: "camping") == [3])
    }

    @Test(arguments: Engine.all) func aNewChangeAfterAnUndoDropsTheUndoneOne(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        try store.check(.ids(IDSet(ids: [1])))
        try store.undo()
        try store.rename(1, to: Title("Big tent"))
        #expect(try store.history().map(\.command) == ["rename", "add"])
    }

    // MARK: - Helpers

    /// camping: 1 Tent, 2 Stove, 3 Map (nothing checked); tents (single): 4 Big, 5 Small
    /// (checked), 6 Bivvy.
    private func campingAndTents(_ engine: Engine) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        try store.addList(named: "tents", mode: .single)
        try store.add(titles("Big", "Small", "Bivvy"), to: "tents")
        try store.check(.ids(IDSet(ids: [5])))
        return store
    }
}
