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

    /// An item whose declared fields (`ItemField`) are at their values by default writes exactly
    /// the v4 keys; one with a quantity and a note writes them in sorted place, the quantity as
    /// a number.
    @Test func itemsWriteTheirDeclaredFieldsOnlyWhereSetInSortedPlace() throws {
        let item = Item(
            id: 7, list: "camping", title: "Tent", isSelected: true, position: 2,
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-02T00:00:00.000Z")
        var atDefaults = item
        atDefaults.more = ItemField.defaults
        var set = item
        set.more = ItemField.defaults
        set.more[try #require(ItemField.named("quantity")).index] = "5"
        set.more[try #require(ItemField.named("note")).index] = "borrow it"
        func bytes(_ item: Item) -> String {
            var writer = ItemJSONWriter()
            var output: [UInt8] = []
            writer.write(item, to: &output)
            writer.finish(to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        #expect(bytes(atDefaults) == bytes(item))
        #expect(!bytes(item).contains("quantity"))
        #expect(
            bytes(set).contains(
                #""list":"camping","note":"borrow it","position":2,"quantity":5,"title":"Tent","#))
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
