import ChecklistCore
import ChecklistModel
import ChecklistSQLite
import ChecklistStore
import ChecklistTransfer
import GRDB
import Testing

/// `forEachHeadlineBytes` and `forEachItemBytes` (what `list` prints in a pipe and as JSON)
/// give what `forEachHeadline` and `forEachItem` give, byte for byte, in the same order, for
/// every scope and filter.
@Suite struct HeadlineBytesTests {
    struct Copied: Equatable, CustomStringConvertible {
        let id: ItemID
        let isSelected: Bool
        let list: [UInt8]
        let title: [UInt8]
        var description: String { "\(id) \(isSelected) \(list) \(title)" }
    }

    /// Lists whose names differ only in normalisation or case, titles in several scripts,
    /// with controls and emoji, some checked, some deleted (gaps in IDs and positions), one
    /// moved (position order is not ID order).
    private func store() throws -> ChecklistStore {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        let store = ChecklistStore(queue)
        let lists: [ListName] = ["caf\u{E9}", "cafe\u{301}", "Camping", "camping", "zz"]
        let words = [
            "Tent", "\u{1B}[31mred\u{1B}[0m", "\u{130} na\u{EF}ve", "\u{30C6}\u{30F3}\u{30C8}",
            "\u{1F469}\u{200D}\u{1F467} socks", "a\tb", " padded ", "say \"hi\" \\ \u{7F}\u{1}",
        ]
        for (index, list) in lists.enumerated() {
            let items = try (0..<(7 + index)).map { try Title("\(words[$0 % words.count]) \($0)") }
            try store.add(items, to: list)
        }
        try store.check(.ids(IDSet(ids: [1, 3, 9, 10, 20, 33])))
        try store.delete(.ids(IDSet(ids: [2, 15])))
        try store.move(4, to: .position(1))
        return store
    }

    private func viaStrings(_ store: ChecklistStore, _ scope: ListScope, _ filter: ItemFilter)
        throws -> [Copied]
    {
        var rows: [Copied] = []
        try store.forEachHeadline(in: scope, filter: filter) {
            rows.append(
                Copied(
                    id: $0.id, isSelected: $0.isSelected, list: Array($0.list.text.utf8),
                    title: Array($0.title.utf8)))
        }
        return rows
    }

    private func viaBytes(_ store: ChecklistStore, _ scope: ListScope, _ filter: ItemFilter) throws
        -> [Copied]
    {
        var rows: [Copied] = []
        try store.forEachHeadlineBytes(in: scope, filter: filter) {
            rows.append(
                Copied(
                    id: $0.id, isSelected: $0.isSelected, list: Array($0.list),
                    title: Array($0.title)))
        }
        return rows
    }

    @Test(arguments: [ItemFilter.any, .checked, .unchecked])
    func everyScopeGivesTheSameRowsAsTheStringRead(_ filter: ItemFilter) throws {
        let store = try store()
        let scopes: [ListScope] = [
            .all, .list("caf\u{E9}"), .list("cafe\u{301}"), .list("camping"), .list("zz"),
        ]
        for scope in scopes {
            let strings = try viaStrings(store, scope, filter)
            #expect(try viaBytes(store, scope, filter) == strings, "\(scope) \(filter)")
        }
        #expect(
            try viaBytes(store, .all, filter).count == (try viaStrings(store, .all, filter)).count)
        if filter == .any { #expect(try viaBytes(store, .all, .any).count == 43) }
    }

    /// `list --format json` from stored bytes writes what the `Item` path writes, byte for
    /// byte, places counted the same way under every filter.
    @Test(arguments: [ItemFilter.any, .checked, .unchecked])
    func jsonFromBytesIsTheJSONFromItems(_ filter: ItemFilter) throws {
        let store = try store()
        for scope in [ListScope.all, .list("caf\u{E9}"), .list("zz")] {
            var fromItems = ItemJSONWriter()
            var expected: [UInt8] = []
            try store.forEachItem(in: scope, filter: filter) { fromItems.write($0, to: &expected) }
            fromItems.finish(to: &expected)
            var fromBytes = ItemJSONWriter()
            var actual: [UInt8] = []
            try store.forEachItemBytes(in: scope, filter: filter) {
                fromBytes.write($0, to: &actual)
            }
            fromBytes.finish(to: &actual)
            #expect(actual == expected, "\(scope) \(filter)")
            if scope == .all { #expect(expected.count > 100, "every filter selects some") }
        }
    }

    @Test(arguments: [
        Int64.min, Int64.min + 1, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_000_000, Int64.max,
    ])
    func jsonIntegersAreTheirDecimalText(_ value: Int64) {
        var bytes: [UInt8] = [UInt8(ascii: ":")]
        JSONText.appendInteger(value, to: &bytes)
        #expect(bytes == Array((":" + String(value)).utf8))
    }

    @Test func theDefaultListBeforeItExistsGivesNoRowsAndAnotherMissingListIsAnError() throws {
        let empty = try Engine.file.emptyStore()
        #expect(try viaBytes(empty, .list(ListName.defaultList), .any).isEmpty)
        let store = try store()
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try viaBytes(store, .list("nope"), .any)
        }
        // Other lists there: a missing `default` is a forgotten `-l` (issue 48), refused.
        #expect {
            try viaBytes(store, .list(ListName.defaultList), .any)
        } throws: { error in
            guard case .noDefaultList(let lists)? = error as? ChecklistError else { return false }
            return lists.contains("camping")
        }
    }
}
