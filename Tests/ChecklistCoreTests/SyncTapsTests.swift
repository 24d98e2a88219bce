import Foundation
import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistStore
@testable import ChecklistSync

/// Issue 47, part 3: a day of taps (one-item checks and unchecks, one command each) is sent in
/// a few round trips, not five a change, and leaves the server exactly as sending them one by
/// one (`apply`) does: the same items to their stamps and revisions, the same journal entries
/// under the same authors and times, the same records, the same conflicts told. Each test
/// makes one server and one copy, then a twin of both (`CREATE DATABASE … TEMPLATE`, the
/// copy's file copied and pointed at the twin), syncs one in bulk and the other one by one,
/// and compares every row.
@Suite(.enabled(if: TestServer.runs, "\(TestServer.missing)"))
final class SyncTapsTests {
    let folder: String
    let names: (bulk: String, oneByOne: String)

    init() throws {
        folder = NSTemporaryDirectory() + "sync-taps-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true)
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        names = ("taps_" + suffix, "twin_" + suffix)
        _ = try PostgreSQLConnection(try #require(TestServer.uri)).query(
            "CREATE DATABASE \(sql: names.bulk)")
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func uri(_ name: String) throws -> PostgreSQLURI {
        let base = try #require(TestServer.uri)
        return try #require(
            PostgreSQLURI(
                base.description.replacingOccurrences(of: "/postgres?", with: "/\(name)?"))
        )
    }

    func open(_ location: String) throws -> ChecklistStore {
        try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(explicitPath: location, environment: [:]))
    }

    /// A tap's time comes from the clock: a little apart, so that each is its own.
    func tap(_ body: () throws -> Void) throws {
        Thread.sleep(forTimeInterval: 0.003)
        try body()
    }

    /// The server's camping list (`count` items) and a copy of it, ana's, at `copy.db`; then
    /// `offline` on the copy as ana and `meanwhile` on the server as ben, in the order of
    /// their times (each gets the two stores).
    func day(
        items count: Int, _ steps: (_ copy: ChecklistStore, _ server: ChecklistStore) throws -> Void
    ) throws {
        do {
            let server = try open(try uri(names.bulk).description)
            try server.add(
                (1...count).map { try Title("item \($0)") }, to: "camping")
            try server.add(titles("Red", "Blue"), to: "colour")
            try server.setMode(.single, ofList: "colour")
            _ = try ChecklistStore.clone(
                from: try uri(names.bulk), to: folder + "/copy.db", author: "ana")
            try steps(try open(folder + "/copy.db"), server.actingAs("ben"))
        }
        // The twin: the server as it is now, byte for byte, and the copy pointed at it.
        _ = try PostgreSQLConnection(try #require(TestServer.uri)).query(
            "CREATE DATABASE \(sql: names.oneByOne) TEMPLATE \(sql: names.bulk)")
        try FileManager.default.copyItem(atPath: folder + "/copy.db", toPath: folder + "/twin.db")
        let twin = try DatabaseQueue(path: folder + "/twin.db")
        try twin.write { db in
            try db.execute(
                sql: "UPDATE syncState SET uri = ?",
                arguments: [try uri(names.oneByOne).description])
        }
    }

    /// Syncs both copies, one in bulk and one by one; expects the same outcome on every row.
    @discardableResult
    func syncBothAndCompare() throws -> (bulk: SyncReport, oneByOne: SyncReport) {
        let bulk = try open(folder + "/copy.db").sync(restoringServer: false, tapsInBulk: true)
        let oneByOne = try open(folder + "/twin.db").sync(
            restoringServer: false, tapsInBulk: false)
        #expect(bulk.sent == oneByOne.sent)
        #expect(bulk.received == oneByOne.received)
        #expect(bulk.conflicts == oneByOne.conflicts)
        let servers = try [names.bulk, names.oneByOne].map { try rows(on: $0) }
        expectSame(servers[0], servers[1], "the servers")
        #expect(servers[0].count > 0)
        expectSame(
            try open(folder + "/copy.db").rows(), try open(folder + "/twin.db").rows(), "the copies"
        )
        return (bulk, oneByOne)
    }

    /// Expects two dumps equal, naming the first row where they part.
    func expectSame(_ bulk: [String], _ oneByOne: [String], _ what: String) {
        let parting = zip(bulk, oneByOne).first { $0 != $1 }
        #expect(
            bulk.count == oneByOne.count && parting == nil,
            "\(what) part: \(parting.map { "bulk \($0.0) | one by one \($0.1)" } ?? "in length")")
    }

    /// Every row the merge and the journal write, every column of them.
    func rows(on name: String) throws -> [String] {
        let connection = try PostgreSQLConnection(try uri(name))
        return try [
            "SELECT * FROM checklist.items ORDER BY id",
            "SELECT * FROM checklist.lists ORDER BY id",
            "SELECT * FROM checklist.changes ORDER BY id",
            "SELECT * FROM checklist.changed_selections ORDER BY change_id, item_ids",
            "SELECT * FROM checklist.changed_items ORDER BY change_id, item_id",
            "SELECT revision, last_change_id, last_item_id, last_list_id FROM checklist.state",
        ].flatMap { sql in
            try connection.query(PostgreSQLQuery(stringLiteral: sql)).map {
                $0.map { $0 ?? "NULL" }.joined(separator: " | ")
            }
        }
    }

    @Test func aDayOfTapsLeavesTheServerAsSendingThemOneByOne() throws {
        try day(items: 40) { copy, server in
            // ana's taps on the copy, with ben's edits on the server between them.
            for id: ItemID in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 30] {
                try tap { _ = try copy.check(.ids(IDSet(ids: [id]))) }
            }
            try tap { _ = try server.check(.ids(IDSet(ids: [30, 31]))) }
            try tap { _ = try copy.uncheck(.ids(IDSet(ids: [2]))) }
            try tap { _ = try copy.check(.ids(IDSet(ids: [2]))) }
            // Several items in one command, and an uncheck that changes nothing.
            try tap { _ = try copy.check(.ids(IDSet(ids: [21, 22, 23]))) }
            try tap { _ = try copy.uncheck(.ids(IDSet(ids: [24]))) }
            // ben's uncheck of 5 after ana's check: hers loses, told.
            try tap { _ = try server.check(.ids(IDSet(ids: [5]))) }
            try tap { _ = try server.uncheck(.ids(IDSet(ids: [5]))) }
            // ana's uncheck of 30 after ben's check, which she had not seen: his loses, told.
            try tap { _ = try copy.uncheck(.ids(IDSet(ids: [30]))) }
            for id: ItemID in 25...29 { try tap { _ = try copy.check(.ids(IDSet(ids: [id]))) } }
        }
        let (bulk, oneByOne) = try syncBothAndCompare()
        #expect(bulk.sent == 27)
        // The conflicts told, both ways, in the order the changes were made.
        #expect(bulk.conflicts.map(\.itemID) == [5, 30])
        #expect(bulk.conflicts.map(\.loser.isYours) == [true, false])
        #expect(bulk.conflicts.map(\.winner.author) == ["ben", "ana"])
        // 27 changes: a handful of round trips in bulk, five or more a change one by one.
        #expect(bulk.roundTrips < 40, "\(bulk.roundTrips)")
        #expect(oneByOne.roundTrips > 4 * 27, "\(oneByOne.roundTrips)")
    }

    @Test func tapsOnAnItemGoneOrOnAChoiceAreSentAsAnyChange() throws {
        try day(items: 5) { copy, server in
            try tap { _ = try copy.check(.ids(IDSet(ids: [1]))) }
            // Blue (7), in the single-choice list.
            try tap { _ = try copy.check(.ids(IDSet(ids: [7]))) }
            try tap { _ = try copy.check(.ids(IDSet(ids: [3]))) }
            try tap { _ = try server.delete(.ids(IDSet(ids: [3]))) }
            // Red (6), later: ana's Blue loses to it.
            try tap { _ = try server.check(.ids(IDSet(ids: [6]))) }
        }
        let (bulk, _) = try syncBothAndCompare()
        #expect(bulk.sent == 3)
        #expect(bulk.conflicts.count == 2, "\(bulk.conflicts)")
    }

    /// Within 1.5x of psql's one-row transaction: one question, as the connection opens.
    @Test func aSyncWithNothingToDoAsksTheServerOneQuestion() throws {
        let server = try open(try uri(names.bulk).description)
        try server.add(titles("Tent"), to: "camping")
        _ = try ChecklistStore.clone(
            from: try uri(names.bulk), to: folder + "/copy.db", author: "ana")
        let report = try open(folder + "/copy.db").sync()
        #expect(report.sent == 0 && report.received == 0 && report.conflicts.isEmpty)
        #expect(report.roundTrips == 1)
    }
}
