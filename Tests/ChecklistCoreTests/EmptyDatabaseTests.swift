import ChecklistCore
import ChecklistModel
import Testing

/// A database with nothing in it reads the same on every engine: a new SQLite file, and a
/// server's database before its first write made the schema (`EmptyReads`), through every
/// read of the store. The rules (a named list must exist, the default list may be missing,
/// missing IDs are an error unless ignored) are the store's, once, over each engine's reads.
@Suite struct EmptyDatabaseTests {
    @Test(arguments: Engine.all) func everyReadOfAnEmptyDatabaseIsEmpty(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        #expect(try store.lists().isEmpty)
        #expect(try store.items(in: .all).isEmpty)
        #expect(try store.items(in: .list(.defaultList)).isEmpty)
        #expect(try store.counts(in: .all) == ItemCounts(checked: 0, total: 0))
        #expect(try store.largestItemID(in: .all, filter: .checked) == 0)
        #expect(try store.history().isEmpty)
        #expect(try store.pageLinks().isEmpty)
        var headlines = 0
        try store.forEachHeadlineBytes(in: .all) { _ in headlines += 1 }
        try store.forEachItemBytes(in: .list(.defaultList)) { _ in headlines += 1 }
        #expect(headlines == 0)
        var listsSeen: [[Checklist]] = []
        try store.forEachList(
            in: .list(.defaultList), lists: { listsSeen.append($0) }, items: { _ in })
        #expect(listsSeen == [[]])
    }

    @Test(arguments: Engine.all) func aNamedListOrAnIDIsMissingInAnEmptyDatabase(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        #expect(throws: ChecklistError.listNotFound("camping")) {
            try store.counts(in: .list("camping"))
        }
        #expect(throws: ChecklistError.listNotFound("camping")) {
            try store.itemCount(ofList: "camping")
        }
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [3]))) {
            try store.deletionCount(.ids(IDSet(ids: [3])))
        }
        #expect(try store.deletionCount(.ids(IDSet(ids: [3])), ignoringMissing: true) == 0)
        #expect(try store.deletionCount(.checked(in: .defaultList)) == 0)
    }
}
