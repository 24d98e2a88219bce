import ChecklistCore
import GRDB
import Testing

/// `forEachHeadlineBytes` (what `list` prints in a pipe) gives what `forEachHeadline` gives,
/// byte for byte, in the same order, for every scope and filter.
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
        try SchemaMigrator.migrate(queue)
        let store = ChecklistStore(queue)
        let lists: [ListName] = ["caf\u{E9}", "cafe\u{301}", "Camping", "camping", "zz"]
        let words = [
            "Tent", "\u{1B}[31mred\u{1B}[0m", "\u{130} na\u{EF}ve", "\u{30C6}\u{30F3}\u{30C8}",
            "\u{1F469}\u{200D}\u{1F467} socks", "a\tb", " padded ",
        ]
        for (index, list) in lists.enumerated() {
            let items = (0..<(7 + index)).map { try! Title("\(words[$0 % words.count]) \($0)") }
            try store.add(items, to: list)
        }
        try store.check(.ids(IDSet(ids: [1, 3, 9, 10, 20, 33])))
        try store.delete(.ids(IDSet(ids: [2, 15])))
        try store.move(4, to: .position(1))
        return store
    }

    private func viaStrings(_ store: ChecklistStore, _ scope: ListScope, _ filter: ItemFilter) throws -> [Copied] {
        var rows: [Copied] = []
        try store.forEachHeadline(in: scope, filter: filter) {
            rows.append(Copied(id: $0.id, isSelected: $0.isSelected, list: Array($0.list.text.utf8), title: Array($0.title.utf8)))
        }
        return rows
    }

    private func viaBytes(_ store: ChecklistStore, _ scope: ListScope, _ filter: ItemFilter) throws -> [Copied] {
        var rows: [Copied] = []
        try store.forEachHeadlineBytes(in: scope, filter: filter) {
            rows.append(Copied(id: $0.id, isSelected: $0.isSelected, list: Array($0.list), title: Array($0.title)))
        }
        return rows
    }

    @Test(arguments: [ItemFilter.any, .checked, .unchecked])
    func everyScopeGivesTheSameRowsAsTheStringRead(_ filter: ItemFilter) throws {
        let store = try store()
        let scopes: [ListScope] = [.all, .list("caf\u{E9}"), .list("cafe\u{301}"), .list("camping"), .list("zz")]
        for scope in scopes {
            let strings = try viaStrings(store, scope, filter)
            #expect(try viaBytes(store, scope, filter) == strings, "\(scope) \(filter)")
        }
        #expect(try viaBytes(store, .all, filter).count == (try viaStrings(store, .all, filter)).count)
        if filter == .any { #expect(try viaBytes(store, .all, .any).count == 43) }
    }

    @Test func theDefaultListBeforeItExistsGivesNoRowsAndAnotherMissingListIsAnError() throws {
        let store = try store()
        #expect(try viaBytes(store, .list(ListName.defaultList), .any).isEmpty)
        #expect(throws: ChecklistError.listNotFound("nope")) { try viaBytes(store, .list("nope"), .any) }
    }
}
