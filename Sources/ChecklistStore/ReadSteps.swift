import ChecklistModel

/// The reads a command is made of, each taken by an engine in its own SQL inside one read
/// (one snapshot): `SQLiteReads` on a file, `PostgreSQLReads` on a server, `EmptyReads` on a
/// server's database that has no schema yet. A change reads through the same steps
/// (`ChangeSteps.reads`), inside its write.
///
/// The rules that are not SQL are written once, over these steps, in the extension below:
/// which lists a scope names and which must exist, and which items a selection covers, which
/// of its IDs are missing and when that is an error.
package protocol ReadSteps {
    /// A condition over the engine's items table.
    associatedtype Condition

    // MARK: Lists

    /// The ID of the list with exactly this name, if there is one.
    func listID(named name: ListName) throws -> Int64?
    /// The lists of the scope with their counts, by name.
    func lists(in scope: FoundScope) throws -> [Checklist]
    /// How many items a list holds.
    func itemCount(inList listID: Int64) throws -> Int

    // MARK: Items of a scope, in list order (by list name, then position, then ID)

    /// Each item, one row at a time, with its 1-based place in its list counted before the
    /// filter (a place counts the items before it, checked or not).
    func forEachItem(in scope: FoundScope, filter: ItemFilter, _ body: (Item) throws -> Void)
        throws
    /// `forEachItem` as the engine's bytes, without a `String` a row.
    func forEachItemBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemBytes) throws -> Void) throws
    /// What text and ID output show of each item, as the engine's bytes; no place is counted,
    /// so a filter reads only its rows.
    func forEachHeadlineBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (HeadlineBytes) throws -> Void) throws
    /// `forEachHeadlineBytes` decoded (by default, from the bytes).
    func forEachHeadline(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemHeadline) throws -> Void) throws
    /// The largest ID among the scope's items that pass the filter (0 when there are none).
    func largestItemID(in scope: FoundScope, filter: ItemFilter) throws -> Int64
    /// The checked and total counts of the scope.
    func counts(in scope: FoundScope) throws -> ItemCounts

    // MARK: Selections

    /// Those of `ids` that are not items.
    func missing(_ ids: IDSet) throws -> IDSet
    /// The conditions that select `ids`: lone IDs in one, each run of IDs in its own.
    func conditions(for ids: IDSet) -> [Condition]
    /// The items of a list (the checked ones, with `checkedOnly`), among `among` when given.
    func condition(inList listID: Int64, checkedOnly: Bool, among: Condition?) -> Condition
    /// How many items the condition selects.
    func count(where condition: Condition) throws -> Int

    // MARK: The rest

    /// The recorded changes, newest first.
    func history(limit: Int) throws -> [Change]
    /// Every link the page answers to, by person.
    func pageLinks() throws -> [PageLink]
}

extension ReadSteps {
    package func forEachHeadline(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemHeadline) throws -> Void
    ) throws {
        try forEachHeadlineBytes(in: scope, filter: filter) {
            try body(
                ItemHeadline(
                    id: $0.id, list: ListName(stored: String(decoding: $0.list, as: UTF8.self)),
                    title: String(decoding: $0.title, as: UTF8.self), isSelected: $0.isSelected,
                    more: $0.more.map { String(decoding: $0, as: UTF8.self) }))
        }
    }

    // MARK: - Lists a command names

    /// The list a command names, which must exist.
    func existingList(named name: ListName) throws -> Int64 {
        guard let listID = try listID(named: name) else {
            throw ChecklistError.listNotFound(name.text)
        }
        return listID
    }

    /// The list's ID by `ListName.requiredID`'s rule: nil for the default list before its
    /// first item; any other missing list throws. The default list missing while other lists
    /// are there is a forgotten `-l` (issue 48): refused, naming them.
    func requiredList(_ name: ListName) throws -> Int64? {
        let found = try listID(named: name)
        if found == nil, name == ListName.defaultList {
            let lists = try lists(in: .all).map(\.name.text)
            if !lists.isEmpty { throw ChecklistError.noDefaultList(lists: lists) }
        }
        return try name.requiredID(found)
    }

    /// The scope's list found; nil when the scope is the default list and it does not exist
    /// yet (it holds no items); any other missing list throws.
    func found(_ scope: ListScope) throws -> FoundScope? {
        guard case .list(let name) = scope else { return .all }
        return try requiredList(name).map(FoundScope.list)
    }

    // MARK: - Selections

    /// The items a selection covers, after checking, before the first change, that every
    /// named list exists and every named ID is an item (unless `ignoringMissing`).
    func target(for selection: ItemSelection, ignoringMissing: Bool) throws -> Target<Condition> {
        switch selection {
        case .ids(let ids, let namedList):
            if let namedList { _ = try requiredList(namedList) }
            let missing = try missing(ids)
            if !missing.isEmpty && !ignoringMissing { throw ChecklistError.itemsNotFound(missing) }
            return Target(
                conditions: conditions(for: ids), matched: ids.count - missing.count,
                missing: missing)
        case .checkedAmong(let ids, let list):
            guard let listID = try requiredList(list) else { return .none }
            let conditions = conditions(for: ids).map {
                condition(inList: listID, checkedOnly: true, among: $0)
            }
            var matched = 0
            for condition in conditions { matched += try count(where: condition) }
            return Target(conditions: conditions, matched: matched, missing: IDSet())
        case .all(let list), .checked(let list):
            guard let listID = try requiredList(list) else { return .none }
            var checkedOnly = false
            if case .checked = selection { checkedOnly = true }
            let condition = condition(inList: listID, checkedOnly: checkedOnly, among: nil)
            return Target(
                conditions: [condition], matched: try count(where: condition), missing: IDSet())
        }
    }

    /// How many items `delete` would remove (see `target`).
    func matchedCount(for selection: ItemSelection, ignoringMissing: Bool) throws -> Int {
        try target(for: selection, ignoringMissing: ignoringMissing).matched
    }
}

/// A database with nothing in it: a server's database before its first write made the schema.
package struct EmptyReads: ReadSteps {
    /// Nothing in it.
    package init() {}

    package func listID(named name: ListName) throws -> Int64? { nil }
    package func lists(in scope: FoundScope) throws -> [Checklist] { [] }
    package func itemCount(inList listID: Int64) throws -> Int { 0 }
    package func forEachItem(
        in scope: FoundScope, filter: ItemFilter, _ body: (Item) throws -> Void
    ) {}
    package func forEachItemBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (ItemBytes) throws -> Void
    ) {}
    package func forEachHeadlineBytes(
        in scope: FoundScope, filter: ItemFilter, _ body: (HeadlineBytes) throws -> Void
    ) {}
    package func largestItemID(in scope: FoundScope, filter: ItemFilter) -> Int64 { 0 }
    package func counts(in scope: FoundScope) -> ItemCounts { ItemCounts(checked: 0, total: 0) }
    package func missing(_ ids: IDSet) -> IDSet { ids }
    package func conditions(for ids: IDSet) -> [Never] { [] }
    package func condition(inList listID: Int64, checkedOnly: Bool, among: Never?) -> Never {
        preconditionFailure("an empty database has no list")
    }
    package func count(where condition: Never) -> Int {}
    package func history(limit: Int) -> [Change] { [] }
    package func pageLinks() -> [PageLink] { [] }
}
