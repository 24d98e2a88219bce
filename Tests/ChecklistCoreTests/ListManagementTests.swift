import ChecklistCore
import ChecklistModel
import ChecklistTransfer
import GRDB
import Testing

@Suite struct ListManagementTests {
    @Test(arguments: Engine.all) func addListCreatesAnEmptyListWithItsMode(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        try store.addList(named: "Tents", mode: .single)
        #expect(
            try store.lists() == [
                Checklist(name: "Tents", mode: .single, checkedCount: 0, totalCount: 0)
            ])
    }

    @Test(arguments: Engine.all) func listNamesAreCaseSensitive(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.addList(named: "camping")
        try store.addList(named: "Camping")
        #expect(try store.lists().map(\.name) == ["Camping", "camping"])
        #expect(throws: ChecklistError.listExists("camping")) {
            try store.addList(named: "camping")
        }
    }

    @Test(arguments: Engine.all) func renameKeepsTheItems(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        try store.renameList("camping", to: "trip")
        #expect(try store.items(in: .list("trip")).map(\.id) == [1])
        #expect(throws: ChecklistError.listNotFound("camping")) {
            try store.items(in: .list("camping"))
        }
    }

    @Test(arguments: Engine.all) func renameOntoAnExistingNameIsRefused(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.addList(named: "a")
        try store.addList(named: "b")
        #expect(throws: ChecklistError.listExists("b")) { try store.renameList("a", to: "b") }
    }

    @Test(arguments: Engine.all) func deletingANonEmptyListNeedsForce(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping")
        #expect(throws: ChecklistError.listNotEmpty("camping", itemCount: 2)) {
            try store.deleteList(named: "camping")
        }
        #expect(try store.deleteList(named: "camping", withItems: true).itemCount == 2)
        #expect(try store.lists().isEmpty)
        #expect(try store.counts(in: .all).total == 0)
    }

    @Test(arguments: Engine.all) func deletingAnEmptyListNeedsNoForce(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.addList(named: "empty")
        #expect(try store.deleteList(named: "empty").itemCount == 0)
        #expect(try store.lists().isEmpty)
    }

    @Test(arguments: Engine.all) func importIntoOneListMergesManyListsAsMultiple(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
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

    @Test(arguments: Engine.all) func importIntoOneListTakesTheModeOfAFileOfOneList(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        let document = ImportDocument(lists: [
            .init(
                name: "a", mode: .single, items: [.init(title: try Title("one"), isSelected: true)])
        ])
        try store.importDocument(document, into: "inbox")
        #expect(try store.lists().first?.mode == .single)
    }

    @Test(arguments: Engine.all) func listsWhoseNamesDifferOnlyInBytesStayApartOnImport(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
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
