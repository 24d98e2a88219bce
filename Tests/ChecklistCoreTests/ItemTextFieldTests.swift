import Testing

@testable import ChecklistCore

/// `ChecklistStore.setText`: a declared text field of an item set through one step on either
/// engine, journalled and undone like any change (the path a new stored field takes).
@Suite struct ItemTextFieldTests {
    @Test(arguments: Engine.all) func aTextFieldIsSetRecordedAndUndone(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("Tent", "Stove"), to: "camping")
        let change = try store.setText(.title, to: "Big tent", of: 1)
        #expect(change == FieldChange(id: 1, field: "title", value: "Big tent", changed: true))
        #expect(try store.items(in: .all).map(\.title) == ["Big tent", "Stove"])
        #expect(try store.history().first?.description == "set the title of item 1 to 'Big tent'")
        try store.undo()
        #expect(try store.items(in: .all).map(\.title) == ["Tent", "Stove"])
    }

    @Test(arguments: Engine.all) func theSameTextOrAMissingItemChangesNothing(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("Tent"), to: "camping")
        let before = try store.history().count
        #expect(try store.setText(.title, to: "Tent", of: 1).changed == false)
        #expect(try store.history().count == before)
        #expect(throws: ChecklistError.itemNotFound(9)) {
            try store.setText(.title, to: "x", of: 9)
        }
    }

    /// The writer's path for items with more fields than the model's writes the model's keys
    /// in the same sorted order as the plain path (the declared extra keys go among them).
    @Test func itemsWithMoreFieldsKeepTheSortedKeys() {
        let item = Item(
            id: 7, list: "camping", title: "Tent", isSelected: true, position: 2,
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z")
        var withMore = item
        withMore.more = StoredTables.moreShownItemFields.map { _ in "more" }
        withMore.more.append("not declared")
        var plain = ItemJSONWriter()
        var general = ItemJSONWriter()
        var plainBytes: [UInt8] = []
        var generalBytes: [UInt8] = []
        plain.write(item, to: &plainBytes)
        plain.finish(to: &plainBytes)
        general.write(withMore, to: &generalBytes)
        general.finish(to: &generalBytes)
        #expect(generalBytes == plainBytes)
        #expect(generalBytes.count > 100)
    }
}

/// The steps an import of declared text fields takes: the change's added items, in order, and
/// their texts set by offset from the first, on either engine.
@Suite struct AddedItemTextsTests {
    @Test(arguments: Engine.all) func addedItemsGetTheirTextsInOrder(_ engine: Engine) throws {
        let store = try engine.emptyStore()
        try store.add(titles("elsewhere"), to: "other")
        _ = try store.recordingSteps("add") { steps in
            let summary = try steps.add(titles("a", "b", "c"), to: "camping", checked: false)
            #expect(try steps.addedItems() == [2...4])
            try steps.setTexts(StoredTables.title, to: ["Tent", "Stove", "Bag"], from: 2)
            return summary
        }
        #expect(try store.items(in: .list("camping")).map(\.title) == ["Tent", "Stove", "Bag"])
        #expect(try store.items(in: .list("other")).map(\.title) == ["elsewhere"])
        try store.undo()
        #expect(try store.items(in: .all).map(\.title) == ["elsewhere"])
    }
}
