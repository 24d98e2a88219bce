import ChecklistTestSupport
import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistSQLite
@testable import ChecklistStore
@testable import ChecklistTransfer

/// One store API, two engines: the same calls on a SQLite database and on a PostgreSQL
/// server's give the same results and errors, and leave the same lists, items and history
/// (timestamps aside). The calls are seeded random ones from every kind of change the store
/// makes, by two authors, with `undo` and `undo(anyone:)` among them: the undo journal and its
/// conflict rules are compared too. Replay a failure with CHECKLIST_TEST_SEED.
@Suite(
    .enabled(if: TestServer.runs, "\(TestServer.missing)"))
struct StoreEngineTests {
    /// Two stores over each engine: ana's and ben's.
    let file: (ana: ChecklistStore, ben: ChecklistStore)
    let server: (ana: ChecklistStore, ben: ChecklistStore)

    init() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        file = (ChecklistStore(queue, author: "ana"), ChecklistStore(queue, author: "ben"))
        let base = try #require(TestServer.uri)
        let name = "s_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        _ = try PostgreSQLConnection(base).query("CREATE DATABASE \(sql: name)")
        let uri = try #require(
            PostgreSQLURI(
                base.description.replacingOccurrences(of: "/postgres?", with: "/\(name)?")))
        let opened = try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(explicitPath: uri.description, environment: [:]))
        server = (opened.actingAs("ana"), opened.actingAs("ben"))
    }

    @Test func closeFileLeavesAServersConnectionToTheStore() throws {
        #expect(try server.ana.closeFile() == false)
        try server.ana.add(titles("Tent"), to: "camping")
        #expect(try server.ben.items(in: .list("camping")).map(\.title) == ["Tent"])
    }

    /// A store call, described for a failure's message, returning what the caller would show.
    struct Call: CustomStringConvertible {
        var description: String
        var byBen: Bool
        var run: (ChecklistStore) throws -> String
    }

    @Test(arguments: 1...4)
    func randomCallsAgree(_ round: Int) throws {
        let seed = seed() &+ UInt64(round)
        var random = SplitMix(seed: seed)
        var succeeded = 0
        for step in 1...100 {
            let call = Self.randomCall(&random)
            let onFile = Self.outcome { try call.run(call.byBen ? file.ben : file.ana) }
            let onServer = Self.outcome { try call.run(call.byBen ? server.ben : server.ana) }
            let context = "seed \(seed), step \(step): \(call)"
            if !onFile.hasPrefix("error:") { succeeded += 1 }
            if ProcessInfo.processInfo.environment["CHECKLIST_TEST_TRACE"] != nil {
                print("\(context) -> \(onFile)")
            }
            #expect(onServer == onFile, "\(context)")
            let fileState = try Self.state(file.ana)
            let serverState = try Self.state(server.ana)
            #expect(serverState == fileState, "\(context)")
            if onServer != onFile || serverState != fileState { return }
        }
        #expect(succeeded >= 15, "seed \(seed): only \(succeeded) of 100 calls succeeded")
    }

    private static func outcome(_ body: () throws -> String) -> String {
        do { return try body() } catch { return "error: \(error)" }
    }

    /// Everything a user can see: every item, every list, the history with its authors.
    private static func state(_ store: ChecklistStore) throws -> [String] {
        try store.items(in: .all).map {
            "\($0.id) \($0.list) \($0.isSelected) \($0.position) \($0.title)"
                + " \($0.createdAt == $0.updatedAt)"
        } + store.lists().map { "\($0.name) \($0.mode) \($0.checkedCount)/\($0.totalCount)" }
            + store.history(limit: 50).map {
                "\($0.id) \($0.author ?? "-") \($0.command) \($0.description) \($0.itemCount)"
            }
    }

    private func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"],
            let seed = UInt64(text)
        {
            return seed
        }
        return UInt64.random(in: 0...UInt64(UInt32.max))
    }

    static func randomCall(_ random: inout SplitMix) -> Call {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let lists: [ListName] = ["default", "camping", "size"]
        let list = pick(lists)
        let id = Int64(random.next() % 14 + 1)
        var ids: IDSet {
            var set = IDSet()
            for _ in 0...(random.next() % 2) {
                let first = Int64(random.next() % 14 + 1)
                set = set.union(IDSet([first...first + Int64(random.next() % 3)]))
            }
            return set
        }
        let byBen = random.next() % 2 == 0
        let missingToo = random.next() % 3 == 0
        switch random.next() % 21 {
        case 0, 1, 2, 19, 20:
            let titles = (0...(random.next() % 2)).map { "item \($0) \(random.next() % 50)" }
            let checked = random.next() % 4 == 0
            return Call(description: "add \(titles) to \(list) checked \(checked)", byBen: byBen) {
                try $0.addItems(titles.map { try Title($0) }, to: list, checked: checked)
                    .summaryLine
            }
        case 3:
            let set = ids
            return Call(description: "check \(set)", byBen: byBen) {
                try $0.check(.ids(set), ignoringMissing: missingToo).summaryLine
            }
        case 4:
            let set = ids
            return Call(description: "uncheck \(set)", byBen: byBen) {
                try $0.uncheck(.ids(set), ignoringMissing: missingToo).summaryLine
            }
        case 5:
            let set = ids
            return Call(description: "toggle \(set)", byBen: byBen) {
                try $0.toggle(.ids(set), ignoringMissing: missingToo).summaryLine
            }
        case 6:
            let set = ids
            return Call(description: "delete \(set)", byBen: byBen) {
                try $0.delete(.ids(set), ignoringMissing: missingToo).summaryLine
            }
        case 7:
            return Call(description: "uncheck all of \(list)", byBen: byBen) {
                try $0.uncheck(.all(in: list)).summaryLine
            }
        case 8:
            return Call(description: "delete checked of \(list)", byBen: byBen) {
                try $0.delete(.checked(in: list)).summaryLine
            }
        case 9:
            return Call(description: "rename \(id)", byBen: byBen) {
                try $0.rename(id, to: Title("renamed \(id)")).historyLine
            }
        case 10:
            let target: MoveTarget = pick([
                .position(Int64(random.next() % 5 + 1)), .end,
                .before(Int64(random.next() % 14 + 1)),
                .after(Int64(random.next() % 14 + 1)),
            ])
            let into: ListName? = random.next() % 3 == 0 ? list : nil
            return Call(
                description: "move \(id) to \(target) in \(String(describing: into))", byBen: byBen
            ) {
                try $0.move(id, to: target, inList: into).summaryLine
            }
        case 11:
            let mode: ListMode = pick([.single, .multiple])
            let keeping: ItemID? = random.next() % 3 == 0 ? id : nil
            return Call(
                description: "lists mode \(list) \(mode) keeping \(String(describing: keeping))",
                byBen: byBen
            ) {
                try $0.setMode(mode, ofList: list, keeping: keeping).historyLine
            }
        case 12:
            let mode: ListMode = pick([.single, .multiple])
            return Call(description: "lists add \(list) \(mode)", byBen: byBen) {
                try $0.addList(named: list, mode: mode).historyLine
            }
        case 13:
            let other = pick(lists)
            return Call(description: "lists rename \(list) \(other)", byBen: byBen) {
                try $0.renameList(list, to: other).historyLine
            }
        case 14:
            return Call(description: "lists delete \(list)", byBen: byBen) {
                try $0.deleteList(named: list, withItems: true).historyLine
            }
        case 15:
            let other = pick(lists)
            let unchecked = random.next() % 2 == 0
            return Call(description: "lists copy \(list) \(other) \(unchecked)", byBen: byBen) {
                try $0.copyList(list, to: other, unchecked: unchecked).historyLine
            }
        case 16:
            return Call(description: "import into \(list)", byBen: byBen) {
                try $0.importDocument(
                    ImportDocument(lists: [
                        .init(
                            name: list.text, mode: nil,
                            items: [.init(title: try Title("imported"), isSelected: true)])
                    ])
                ).historyLine
            }
        case 17:
            return Call(description: "undo --anyone", byBen: byBen) {
                let change = try $0.undo(anyone: true)
                return "undid \(change.id) \(change.description)"
            }
        default:
            return Call(description: "undo", byBen: byBen) {
                let change = try $0.undo()
                return "undid \(change.id) \(change.description)"
            }
        }
    }
}
