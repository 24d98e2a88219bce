import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistStore
@testable import ChecklistTransfer

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
        switch store.kind {
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

/// A file's import takes the whole document in a few statements (issue 29, 25); the rule is
/// the one `importGroupsOneByOne` takes a group at a time over the steps. The two give the
/// same rows, journal included, from documents drawn at random over a database that has
/// lists of both modes, checked items and a deleted list the journal remembers.
@Suite struct BulkImportTests {
    @Test(arguments: 0..<40) func theBulkImportGivesTheRowsOfTheOneByOneRule(_ seed: Int) throws {
        try compare(seed, on: .file)
    }

    /// The same on a server (fewer documents: each makes two databases).
    @Test(.enabled(if: TestServer.runs, "\(TestServer.missing)"), arguments: 0..<8)
    func theBulkImportGivesTheRowsOfTheOneByOneRuleOnAServer(_ seed: Int) throws {
        try compare(seed, on: .server)
    }

    private func compare(_ seed: Int, on engine: Engine) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let document = try randomDocument(&random)
        let bulk = try preparedStore(engine)
        let oneByOne = try preparedStore(engine)
        let groups = try document.groups()
        let bulkResult = Result { try bulk.importDocument(document).summaryLine }
        let oneByOneResult = Result {
            try oneByOne.recordingSteps("import") { try $0.importGroupsOneByOne(groups) }
                .summaryLine
        }
        #expect(
            String(describing: bulkResult) == String(describing: oneByOneResult), "seed \(seed)")
        #expect(try rows(bulk) == rows(oneByOne), "seed \(seed)")
    }

    @Test func aDocumentOfThousandsOfListsGetsConsecutiveIDsInItsOrder() throws {
        let store = try preparedStore()
        let lists = (1...2_000).map { index in
            ImportDocument.List(
                name: "n\(index)", mode: nil,
                items: [.init(title: try! Title("task \(index)"), isSelected: false)])
        }
        try store.importDocument(ImportDocument(lists: lists))
        guard case .file(let writer) = store.kind else { throw CancellationError() }
        let (listCount, itemIDs) = try writer.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM lists WHERE name LIKE 'n%'"),
                try Int64.fetchAll(
                    db, sql: "SELECT id FROM items WHERE title LIKE 'task %' ORDER BY id")
            )
        }
        #expect(listCount == 2_000)
        #expect(itemIDs == Array(itemIDs.first!...itemIDs.first! + 1_999))
    }

    // MARK: - Helpers

    /// A file with lists `a` (two items, one checked), `s` (single choice, its second item
    /// checked) and a deleted list `gone`, whose ID the journal remembers.
    private func preparedStore(_ engine: Engine = .file) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "a")
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Red", "Blue"), to: "gone")
        try store.deleteList(named: "gone", withItems: true)
        try store.add(titles("Left", "Right"), to: "s")
        try store.setMode(.single, ofList: "s", keeping: nil)
        try store.check(.ids(IDSet(ids: [6])))
        return store
    }

    private func randomDocument(_ random: inout SeededGenerator) throws -> ImportDocument {
        let names = ["a", "s", "gone", "new", "caf\u{E9}", "cafe\u{301}", "x y", "\"q\"", "z"]
        var chosen = names.shuffled(using: &random).prefix(Int.random(in: 1...6, using: &random))
        // A name twice.
        if Bool.random(using: &random), let first = chosen.first { chosen.append(first) }
        return ImportDocument(
            lists: try chosen.map { name in
                ImportDocument.List(
                    name: name,
                    mode: [nil, .single, .multiple][Int.random(in: 0..<3, using: &random)],
                    items: try (0..<Int.random(in: 0...3, using: &random)).map { index in
                        .init(
                            title: try Title("\(name) \(index) \u{1F600}\\"),
                            isSelected: Int.random(in: 0..<4, using: &random) == 0)
                    })
            })
    }

    /// Every table's rows, the columns of time left out (each store has its own clock).
    private func rows(_ store: ChecklistStore) throws -> [String] {
        if case .server(let server) = store.kind {
            var all: [String] = []
            for table in PostgreSQLSchema.tables where table != "migrations" {
                let columns = try server.connection.query(
                    """
                    SELECT column_name::text FROM information_schema.columns
                    WHERE table_schema = 'checklist' AND table_name = $1
                    AND column_name::text NOT LIKE '%\\_at'
                    AND column_name::text <> 'stamps' ORDER BY ordinal_position
                    """, [table]
                ).compactMap { $0[0] }
                let list = columns.joined(separator: ", ")
                all += try server.connection.query(
                    "SELECT \(sql: list) FROM checklist.\(sql: table) ORDER BY \(sql: list)"
                ).map { "\(table): \($0)" }
            }
            return all
        }
        guard case .file(let writer) = store.kind else { return [] }
        return try writer.read { db in
            var all: [String] = []
            let tables = try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations' ORDER BY name"
            )
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))")
                    .map { $0["name"] as String }.filter { !$0.hasSuffix("At") }
                let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
                all += try Row.fetchAll(
                    db, sql: "SELECT \(list) FROM \"\(table)\" ORDER BY \(list)"
                ).map { "\(table): \($0)" }
            }
            return all
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing seed can be run again.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
