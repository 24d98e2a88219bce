import ChecklistCore
import ChecklistModel
import ChecklistStore
import GRDB
import Testing

@Suite struct ChecklistStoreTests {
    // MARK: - Adding and reading

    @Test(arguments: Engine.all) func addedItemsGetIncreasingIDsAndPositions(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let ids = try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        #expect(ids == [1, 2, 3])
        let items = try store.items(in: .list("camping"))
        #expect(items.map(\.title) == ["Tent", "Stove", "Map"])
        #expect(items.map(\.position) == [1, 2, 3])
        #expect(items.allSatisfy { !$0.isSelected && $0.list == "camping" })
    }

    /// The widest ID a listing shows: the largest ID in the scope among the items the filter
    /// keeps, found by seeks, not by reading the items.
    @Test(arguments: Engine.all) func theLargestItemIDIsTakenInTheScopeAndFilter(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        #expect(try store.largestItemID(in: .list(.defaultList)) == 0, "no default list yet")
        try store.add(titles("Tent", "Stove", "Map"), to: "camping")  // 1, 2, 3
        try store.add(titles("Milk", "Eggs"), to: "groceries")  // 4, 5
        try store.add(titles("Lamp"), to: "camping")  // 6
        try store.check(.ids(IDSet(ids: [2, 4])))
        #expect(try store.largestItemID(in: .list("camping")) == 6)
        #expect(try store.largestItemID(in: .list("camping"), filter: .checked) == 2)
        #expect(try store.largestItemID(in: .list("camping"), filter: .unchecked) == 6)
        #expect(try store.largestItemID(in: .list("groceries"), filter: .checked) == 4)
        #expect(try store.largestItemID(in: .all) == 6)
        #expect(try store.largestItemID(in: .all, filter: .checked) == 4)
        #expect(try store.largestItemID(in: .all, filter: .unchecked) == 6)
        try store.delete(.ids(IDSet(ids: [6])))
        #expect(try store.largestItemID(in: .all, filter: .unchecked) == 5)
    }

    @Test(arguments: Engine.all) func addingAppendsAtTheEndOfTheList(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        try store.add(titles("Milk"), to: "groceries")
        try store.add(titles("Stove"), to: "camping")
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2])
        #expect(try store.items(in: .list("groceries")).map(\.position) == [1])
    }

    @Test(arguments: Engine.all) func addingCheckedItemsChecksThem(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping", checked: true)
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [true])
    }

    @Test(arguments: Engine.all) func timestampsAreISO8601UTC(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        let item = try #require(try store.items(in: .list("camping")).first)
        #expect(item.createdAt.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil)
        #expect(item.updatedAt == item.createdAt)
    }

    @Test(arguments: Engine.all) func filtersSelectCheckedOrUncheckedItems(_ engine: Engine) throws
    {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(try store.items(in: .list("camping"), filter: .checked).map(\.id) == [1, 3])
        #expect(try store.items(in: .list("camping"), filter: .unchecked).map(\.id) == [2])
    }

    @Test(arguments: Engine.all) func allListsAreReadByListName(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Milk"), to: "groceries")
        try store.add(titles("Tent"), to: "camping")
        #expect(try store.items(in: .all).map(\.list) == ["camping", "groceries"])
    }

    @Test(arguments: Engine.all) func readingAMissingListThrows(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.items(in: .list("nope"))
        }
        #expect(throws: ChecklistError.listNotFound("nope")) { try store.counts(in: .list("nope")) }
    }

    @Test(arguments: Engine.all) func theDefaultListReadsAsEmptyBeforeItsFirstItem(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        #expect(try store.items(in: .list(ListName.defaultList)).isEmpty)
        #expect(
            try store.counts(in: .list(ListName.defaultList)) == ItemCounts(checked: 0, total: 0))
        #expect(try store.lists().isEmpty)
    }

    @Test(arguments: Engine.all) func countsAreCheckedAndTotal(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [2])))
        try store.add(titles("Milk"), to: "groceries", checked: true)
        #expect(try store.counts(in: .list("camping")) == ItemCounts(checked: 1, total: 3))
        #expect(try store.counts(in: .all) == ItemCounts(checked: 2, total: 4))
    }

    @Test(arguments: Engine.all) func listsCarryTheirCounts(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Milk"), to: "groceries")
        #expect(
            try store.lists() == [
                Checklist(name: "camping", mode: .multiple, checkedCount: 1, totalCount: 3),
                Checklist(name: "groceries", mode: .multiple, checkedCount: 0, totalCount: 1),
            ])
    }

    // MARK: - Selection

    @Test(arguments: Engine.all) func checkingCountsOnlyItemsThatChange(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [1])))
        let summary = try store.check(.ids(IDSet(ids: [1, 2])))
        #expect(summary.counts == ChangeSummary(changed: 1, matched: 2))
    }

    @Test(arguments: Engine.all) func checkingChangesUpdatedAtOnlyOfChangedItems(_ engine: Engine)
        throws
    {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [1])))
        let before = try store.items(in: .list("camping"))
        try store.check(.ids(IDSet(ids: [1])))
        #expect(try store.items(in: .list("camping")) == before)
    }

    @Test(arguments: Engine.all) func uncheckAllResetsTheListOnly(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.add(titles("Milk"), to: "groceries", checked: true)
        try store.check(.all(in: "camping"))
        let summary = try store.uncheck(.all(in: "camping"))
        #expect(summary.counts == ChangeSummary(changed: 3, matched: 3))
        #expect(try store.counts(in: .list("camping")).checked == 0)
        #expect(try store.counts(in: .list("groceries")).checked == 1)
    }

    @Test(arguments: Engine.all) func toggleFlipsEachItem(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [1])))
        try store.toggle(.ids(IDSet(ids: [1, 2])))
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [false, true, false])
    }

    @Test(arguments: Engine.all) func toggleAllInvertsTheList(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [2])))
        #expect(
            try store.toggle(.all(in: "camping")).counts == ChangeSummary(changed: 3, matched: 3))
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [true, false, true])
    }

    @Test(arguments: Engine.all) func idsAreGlobalWhateverTheList(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.add(titles("Milk"), to: "groceries")
        try store.check(.ids(IDSet(ids: [4]), namedList: "camping"))
        #expect(try store.items(in: .list("groceries")).map(\.isSelected) == [true])
    }

    @Test(arguments: Engine.all) func aNamedMissingListIsAnErrorEvenForIDs(_ engine: Engine) throws
    {
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.check(.ids(IDSet(ids: [1]), namedList: "nope"))
        }
        #expect(try store.counts(in: .list("camping")).checked == 0)
    }

    @Test(arguments: Engine.all) func listWideCommandsOnAMissingListThrow(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.listNotFound("nope")) { try store.check(.all(in: "nope")) }
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.delete(.checked(in: "nope"))
        }
    }

    // MARK: - All or nothing

    @Test(arguments: Engine.all) func aMissingIDChangesNothing(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        let before = try store.items(in: .all)
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [7, 8]))) {
            try store.check(.ids(try IDSet(parsing: "1-3,7-8")))
        }
        #expect(try store.items(in: .all) == before)
    }

    @Test(arguments: Engine.all) func deletingAMissingIDChangesNothing(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [9]))) {
            try store.delete(.ids(IDSet(ids: [1, 9])))
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test(arguments: Engine.all) func missingIDsInsideARangeAreFound(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.add(titles("a", "b", "c"), to: "camping")
        try store.delete(.ids(IDSet(ids: [2, 5])))
        #expect(throws: ChecklistError.itemsNotFound(try IDSet(parsing: "2,5,7-10"))) {
            try store.check(.ids(try IDSet(parsing: "1-10")))
        }
    }

    @Test(arguments: Engine.all) func theLargestIDCanBeNamedAsMissing(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.itemsNotFound(try IDSet(parsing: "4-9223372036854775807"))) {
            try store.check(.ids(try IDSet(parsing: "1-9223372036854775807")))
        }
    }

    @Test(arguments: Engine.all) func missingLoneIDsAndRunsAreFoundTogether(_ engine: Engine) throws
    {
        let store = try storeWithCampingList(engine)
        let named = try IDSet(parsing: "1,3,5,7-8,9223372036854775807")
        #expect(
            throws: ChecklistError.itemsNotFound(try IDSet(parsing: "5,7-8,9223372036854775807"))
        ) {
            try store.delete(.ids(named))
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test(arguments: Engine.all) func manyScatteredIDsChangeInOneCommand(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(try titles(count: 1000), to: "big")
        let odd = IDSet(ids: stride(from: 1, through: 999, by: 2))
        #expect(try store.check(.ids(odd)).counts == ChangeSummary(changed: 500, matched: 500))
        #expect(try store.items(in: .list("big"), filter: .checked).map(\.id) == Array(odd.ids))
    }

    @Test(arguments: Engine.all) func ignoringMissingAppliesToTheIDsThatExist(_ engine: Engine)
        throws
    {
        let store = try storeWithCampingList(engine)
        let summary = try store.check(.ids(try IDSet(parsing: "2,3,40")), ignoringMissing: true)
        #expect(summary.counts == ChangeSummary(changed: 2, matched: 2, missing: IDSet(ids: [40])))
        #expect(try store.counts(in: .list("camping")).checked == 2)
    }

    @Test(arguments: Engine.all) func aFailedBulkCommandRollsBackEarlierSteps(_ engine: Engine)
        throws
    {
        // An item ID past the last one is missing; the failure must not keep the earlier ranges.
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.self) {
            try store.toggle(.ids(try IDSet(parsing: "1,2,99")))
        }
        #expect(try store.counts(in: .list("camping")).checked == 0)
    }

    // MARK: - Deleting and IDs

    @Test(arguments: Engine.all) func deleteCheckedDeletesOnlyCheckedItemsOfTheList(
        _ engine: Engine
    ) throws {
        let store = try storeWithCampingList(engine)
        try store.add(titles("Milk"), to: "groceries", checked: true)
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(
            try store.delete(.checked(in: "camping")).counts
                == ChangeSummary(changed: 2, matched: 2))
        #expect(try store.items(in: .all).map(\.id) == [2, 4])
    }

    @Test(arguments: Engine.all) func idsAreNeverRenumberedAfterDeletions(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.delete(.ids(IDSet(ids: [1])))
        let items = try store.items(in: .list("camping"))
        #expect(items.map(\.id) == [2, 3])
        #expect(items.map(\.title) == ["Stove", "Map"])
    }

    @Test(arguments: Engine.all) func idsAreNeverReusedEvenAfterDeletingTheHighest(_ engine: Engine)
        throws
    {
        let store = try storeWithCampingList(engine)
        try store.delete(.ids(try IDSet(parsing: "2-3")))
        #expect(try store.add(titles("Lamp"), to: "camping") == [4])
    }

    @Test(arguments: Engine.all) func renamingChangesOnlyTheTitle(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        try store.check(.ids(IDSet(ids: [2])))
        try store.rename(2, to: Title("Gas stove"))
        let item = try #require(try store.items(in: .list("camping")).first { $0.id == 2 })
        #expect(item.title == "Gas stove")
        #expect(item.isSelected)
        #expect(item.position == 2)
    }

    @Test(arguments: Engine.all) func renamingAMissingItemThrows(_ engine: Engine) throws {
        let store = try storeWithCampingList(engine)
        #expect(throws: ChecklistError.itemNotFound(9)) {
            try store.rename(9, to: Title("x"))
        }
    }

    // MARK: - Helpers

    private func storeWithCampingList(_ engine: Engine) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        return store
    }
}

func titles(_ texts: String...) throws -> [Title] {
    try texts.map { try Title($0) }
}
