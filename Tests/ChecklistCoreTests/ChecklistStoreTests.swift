import ChecklistCore
import GRDB
import Testing

@Suite struct ChecklistStoreTests {
    // MARK: - Adding and reading

    @Test func addedItemsGetIncreasingIDsAndPositions() throws {
        let store = try ChecklistStore.empty()
        let ids = try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        #expect(ids == [1, 2, 3])
        let items = try store.items(in: .list("camping"))
        #expect(items.map(\.title) == ["Tent", "Stove", "Map"])
        #expect(items.map(\.position) == [1, 2, 3])
        #expect(items.allSatisfy { !$0.isSelected && $0.list == "camping" })
    }

    /// The widest ID a listing shows: the largest ID in the scope among the items the filter
    /// keeps, found by seeks, not by reading the items.
    @Test func theLargestItemIDIsTakenInTheScopeAndFilter() throws {
        let store = try ChecklistStore.empty()
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

    @Test func addingAppendsAtTheEndOfTheList() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent"), to: "camping")
        try store.add(titles("Milk"), to: "groceries")
        try store.add(titles("Stove"), to: "camping")
        #expect(try store.items(in: .list("camping")).map(\.position) == [1, 2])
        #expect(try store.items(in: .list("groceries")).map(\.position) == [1])
    }

    @Test func addingCheckedItemsChecksThem() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent"), to: "camping", checked: true)
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [true])
    }

    @Test func timestampsAreISO8601UTC() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent"), to: "camping")
        let item = try #require(try store.items(in: .list("camping")).first)
        #expect(item.createdAt.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil)
        #expect(item.updatedAt == item.createdAt)
    }

    @Test func filtersSelectCheckedOrUncheckedItems() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(try store.items(in: .list("camping"), filter: .checked).map(\.id) == [1, 3])
        #expect(try store.items(in: .list("camping"), filter: .unchecked).map(\.id) == [2])
    }

    @Test func allListsAreReadByListName() throws {
        let store = try ChecklistStore.empty()
        try store.add(titles("Milk"), to: "groceries")
        try store.add(titles("Tent"), to: "camping")
        #expect(try store.items(in: .all).map(\.list) == ["camping", "groceries"])
    }

    @Test func readingAMissingListThrows() throws {
        let store = try ChecklistStore.empty()
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.items(in: .list("nope"))
        }
        #expect(throws: ChecklistError.listNotFound("nope")) { try store.counts(in: .list("nope")) }
    }

    @Test func theDefaultListReadsAsEmptyBeforeItsFirstItem() throws {
        let store = try ChecklistStore.empty()
        #expect(try store.items(in: .list(ListName.defaultList)).isEmpty)
        #expect(
            try store.counts(in: .list(ListName.defaultList)) == ItemCounts(checked: 0, total: 0))
        #expect(try store.lists().isEmpty)
    }

    @Test func countsAreCheckedAndTotal() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [2])))
        try store.add(titles("Milk"), to: "groceries", checked: true)
        #expect(try store.counts(in: .list("camping")) == ItemCounts(checked: 1, total: 3))
        #expect(try store.counts(in: .all) == ItemCounts(checked: 2, total: 4))
    }

    @Test func listsCarryTheirCounts() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [1])))
        try store.add(titles("Milk"), to: "groceries")
        #expect(
            try store.lists() == [
                Checklist(name: "camping", mode: .multiple, checkedCount: 1, totalCount: 3),
                Checklist(name: "groceries", mode: .multiple, checkedCount: 0, totalCount: 1),
            ])
    }

    // MARK: - Selection

    @Test func checkingCountsOnlyItemsThatChange() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [1])))
        let summary = try store.check(.ids(IDSet(ids: [1, 2])))
        #expect(summary.counts == ChangeSummary(changed: 1, matched: 2))
    }

    @Test func checkingChangesUpdatedAtOnlyOfChangedItems() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [1])))
        let before = try store.items(in: .list("camping"))
        try store.check(.ids(IDSet(ids: [1])))
        #expect(try store.items(in: .list("camping")) == before)
    }

    @Test func uncheckAllResetsTheListOnly() throws {
        let store = try storeWithCampingList()
        try store.add(titles("Milk"), to: "groceries", checked: true)
        try store.check(.all(in: "camping"))
        let summary = try store.uncheck(.all(in: "camping"))
        #expect(summary.counts == ChangeSummary(changed: 3, matched: 3))
        #expect(try store.counts(in: .list("camping")).checked == 0)
        #expect(try store.counts(in: .list("groceries")).checked == 1)
    }

    @Test func toggleFlipsEachItem() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [1])))
        try store.toggle(.ids(IDSet(ids: [1, 2])))
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [false, true, false])
    }

    @Test func toggleAllInvertsTheList() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [2])))
        #expect(
            try store.toggle(.all(in: "camping")).counts == ChangeSummary(changed: 3, matched: 3))
        #expect(try store.items(in: .list("camping")).map(\.isSelected) == [true, false, true])
    }

    @Test func idsAreGlobalWhateverTheList() throws {
        let store = try storeWithCampingList()
        try store.add(titles("Milk"), to: "groceries")
        try store.check(.ids(IDSet(ids: [4]), namedList: "camping"))
        #expect(try store.items(in: .list("groceries")).map(\.isSelected) == [true])
    }

    @Test func aNamedMissingListIsAnErrorEvenForIDs() throws {
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.check(.ids(IDSet(ids: [1]), namedList: "nope"))
        }
        #expect(try store.counts(in: .list("camping")).checked == 0)
    }

    @Test func listWideCommandsOnAMissingListThrow() throws {
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.listNotFound("nope")) { try store.check(.all(in: "nope")) }
        #expect(throws: ChecklistError.listNotFound("nope")) {
            try store.delete(.checked(in: "nope"))
        }
    }

    // MARK: - All or nothing

    @Test func aMissingIDChangesNothing() throws {
        let store = try storeWithCampingList()
        let before = try store.items(in: .all)
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [7, 8]))) {
            try store.check(.ids(try IDSet(parsing: "1-3,7-8")))
        }
        #expect(try store.items(in: .all) == before)
    }

    @Test func deletingAMissingIDChangesNothing() throws {
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [9]))) {
            try store.delete(.ids(IDSet(ids: [1, 9])))
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test func missingIDsInsideARangeAreFound() throws {
        let store = try storeWithCampingList()
        try store.add(titles("a", "b", "c"), to: "camping")
        try store.delete(.ids(IDSet(ids: [2, 5])))
        #expect(throws: ChecklistError.itemsNotFound(try IDSet(parsing: "2,5,7-10"))) {
            try store.check(.ids(try IDSet(parsing: "1-10")))
        }
    }

    @Test func theLargestIDCanBeNamedAsMissing() throws {
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.itemsNotFound(try IDSet(parsing: "4-9223372036854775807"))) {
            try store.check(.ids(try IDSet(parsing: "1-9223372036854775807")))
        }
    }

    @Test func missingLoneIDsAndRunsAreFoundTogether() throws {
        let store = try storeWithCampingList()
        let named = try IDSet(parsing: "1,3,5,7-8,9223372036854775807")
        #expect(
            throws: ChecklistError.itemsNotFound(try IDSet(parsing: "5,7-8,9223372036854775807"))
        ) {
            try store.delete(.ids(named))
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test func manyScatteredIDsChangeInOneCommand() throws {
        let store = try ChecklistStore.empty()
        try store.add(try titles(count: 1000), to: "big")
        let odd = IDSet(ids: stride(from: 1, through: 999, by: 2))
        #expect(try store.check(.ids(odd)).counts == ChangeSummary(changed: 500, matched: 500))
        #expect(try store.items(in: .list("big"), filter: .checked).map(\.id) == Array(odd.ids))
    }

    @Test func ignoringMissingAppliesToTheIDsThatExist() throws {
        let store = try storeWithCampingList()
        let summary = try store.check(.ids(try IDSet(parsing: "2,3,40")), ignoringMissing: true)
        #expect(summary.counts == ChangeSummary(changed: 2, matched: 2, missing: IDSet(ids: [40])))
        #expect(try store.counts(in: .list("camping")).checked == 2)
    }

    @Test func aFailedBulkCommandRollsBackEarlierSteps() throws {
        // An item ID past the last one is missing; the failure must not keep the earlier ranges.
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.self) {
            try store.toggle(.ids(try IDSet(parsing: "1,2,99")))
        }
        #expect(try store.counts(in: .list("camping")).checked == 0)
    }

    // MARK: - Deleting and IDs

    @Test func deleteCheckedDeletesOnlyCheckedItemsOfTheList() throws {
        let store = try storeWithCampingList()
        try store.add(titles("Milk"), to: "groceries", checked: true)
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(
            try store.delete(.checked(in: "camping")).counts
                == ChangeSummary(changed: 2, matched: 2))
        #expect(try store.items(in: .all).map(\.id) == [2, 4])
    }

    @Test func idsAreNeverRenumberedAfterDeletions() throws {
        let store = try storeWithCampingList()
        try store.delete(.ids(IDSet(ids: [1])))
        let items = try store.items(in: .list("camping"))
        #expect(items.map(\.id) == [2, 3])
        #expect(items.map(\.title) == ["Stove", "Map"])
    }

    @Test func idsAreNeverReusedEvenAfterDeletingTheHighest() throws {
        let store = try storeWithCampingList()
        try store.delete(.ids(try IDSet(parsing: "2-3")))
        #expect(try store.add(titles("Lamp"), to: "camping") == [4])
    }

    @Test func renamingChangesOnlyTheTitle() throws {
        let store = try storeWithCampingList()
        try store.check(.ids(IDSet(ids: [2])))
        try store.rename(2, to: Title("Gas stove"))
        let item = try #require(try store.items(in: .list("camping")).first { $0.id == 2 })
        #expect(item.title == "Gas stove")
        #expect(item.isSelected)
        #expect(item.position == 2)
    }

    @Test func renamingAMissingItemThrows() throws {
        let store = try storeWithCampingList()
        #expect(throws: ChecklistError.itemNotFound(9)) {
            try store.rename(9, to: Title("x"))
        }
    }

    // MARK: - Helpers

    private func storeWithCampingList() throws -> ChecklistStore {
        let store = try ChecklistStore.empty()
        try store.add(titles("Tent", "Stove", "Map"), to: "camping")
        return store
    }
}

func titles(_ texts: String...) throws -> [Title] {
    try texts.map { try Title($0) }
}
