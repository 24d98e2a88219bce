import GRDB
import Testing

@testable import ChecklistCore

/// An import of many lists (issue 29, 25): its summary names a few, and the lists it creates
/// take IDs no list the journal remembers had.
@Suite struct ManyListsImportTests {
    @Test(arguments: Engine.all) func anImportOfManyListsNamesTenAndCountsTheRest(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let summary = try store.importDocument(try document((1...25).map { "list\($0)" }))
        let ten = (1...10).map { "list\($0)" }
        #expect(
            summary.summaryLine
                == "imported 25 items into " + ten.joined(separator: ", ") + " and 15 more")
        #expect(
            summary.historyLine
                == "imported 25 items into " + ten.map { "'\($0)'" }.joined(separator: ", ")
                + " and 15 more")
    }

    @Test func anImportOfTenListsNamesThemAll() throws {
        let names = (1...10).map { "list\($0)" }
        let summary = ImportSummary(itemCount: 10, lists: try names.map { try ListName($0) })
        #expect(summary.summaryLine == "imported 10 items into " + names.joined(separator: ", "))
    }

    @Test(arguments: Engine.all) func listsOneImportCreatesTakeNoIDTheJournalRemembers(
        _ engine: Engine
    ) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "a")
        try store.add(titles("Map"), to: "b")
        try store.deleteList(named: "b", withItems: true)
        try store.importDocument(try document(["a", "x", "y", "z"]))
        #expect(try listIDs(store) == ["a": 1, "x": 3, "y": 4, "z": 5])
    }

    // MARK: - Helpers

    /// A document of one unchecked task in each of the lists `names`.
    private func document(_ names: [String]) throws -> ImportDocument {
        ImportDocument(
            lists: try names.map { name in
                .init(
                    name: name, mode: nil,
                    items: [.init(title: try Title("task"), isSelected: false)])
            })
    }

    /// Each list's ID by its name, as the engine stores it.
    private func listIDs(_ store: ChecklistStore) throws -> [String: Int64] {
        switch store.engine {
        case .file(let writer):
            return try writer.read { db in
                var ids: [String: Int64] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, id FROM lists") {
                    ids[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1)
                }
                return ids
            }
        case .server(let server):
            var ids: [String: Int64] = [:]
            for row in try server.connection.query("SELECT name, id FROM checklist.lists") {
                ids[try #require(row[0])] = Int64(try #require(row[1]))
            }
            return ids
        }
    }
}
