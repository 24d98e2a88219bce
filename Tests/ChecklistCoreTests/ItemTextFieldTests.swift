import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSQLite
@testable import ChecklistStore
@testable import ChecklistTransfer

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

/// A file's reads ask a partial index whether a list holds items with a shown field set
/// (`SQLiteItemsTable.holdsShownFields`): the index's condition is the program's, so the
/// question reads the index; and the answer is right either way.
@Suite struct ShownFieldsIndexTests {
    @Test func theIndexIsOnTheProgramsConditionAndTheQuestionUsesIt() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        let set = try #require(ItemReadColumns.shownFieldsSet)
        try queue.read { db in
            let sql = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE name = 'items_with_shown_fields'")
            #expect(sql?.hasSuffix("WHERE " + set) == true, "\(sql ?? "no index")")
            let plan = try Row.fetchAll(
                db,
                sql: "EXPLAIN QUERY PLAN SELECT EXISTS (SELECT 1 FROM items WHERE "
                    + "(items.listId = 1) AND (\(set)))"
            ).map { try $0.decode(String.self, atIndex: 3) }
            #expect(plan.contains { $0.contains("items_with_shown_fields") }, "\(plan)")
        }
        let store = ChecklistStore(queue)
        try store.add(titles("Tent", "Stove"), to: "camping")
        let before = try queue.read {
            try SQLiteItemsTable($0).holdsShownFields(["items.listId = 1"])
        }
        #expect(!before)
        try store.setFields(
            [try ItemFieldValue(try #require(ItemField.named("note")), "blue")],
            of: .ids(IDSet(ids: [2])))
        let after = try queue.read {
            try SQLiteItemsTable($0).holdsShownFields(["items.listId = 1"])
        }
        #expect(after)
        #expect(try store.items(in: .all).map(\.more) == [["1", ""], ["1", "blue"]])
    }
}

/// The declared fields on reads that do not migrate: a file an older binary wrote (without the
/// columns) is listed, exported and shown in the editor and `pick` with each field at its value
/// by default; and the editor's filter finds the words of a note, as `--match` does.
@Suite struct ShownFieldsReadTests {
    @Test func aFileFromBeforeTheFieldsIsReadWithTheirDefaults() throws {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        try ChecklistStore(queue).add(titles("Tent", "Stove"), to: "camping")
        try queue.write { db in
            try db.execute(sql: "DROP INDEX items_with_shown_fields")
            for table in ["items", "changedItems"] {
                for column in StoredTables.moreShownItemFields.map(\.sqlite) {
                    try db.execute(sql: "ALTER TABLE \(table) DROP COLUMN \(column)")
                }
            }
        }
        let store = ChecklistStore(queue)
        #expect(try store.items(in: .all).map(\.more) == [ItemField.defaults, ItemField.defaults])
        var headlines: [ItemHeadline] = []
        try store.forEachHeadline(in: .all) { headlines.append($0) }
        #expect(headlines.map(\.title) == ["Tent", "Stove"])
        let page = try store.editorPage(
            list: "camping", filter: EditorFilter("sto"), around: .first, before: 10, after: 10)
        #expect(page.rows.map(\.title) == ["Stove"])
        #expect(page.rows.map(\.more) == [ItemField.defaults])
    }

    @Test(arguments: Engine.all) func theEditorsFilterFindsTheWordsOfANote(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let ids = try store.add(titles("Tent", "Socks", "Map"), to: "camping")
        try store.setFields(
            [try ItemFieldValue(try #require(ItemField.named("note")), "borrow Ben's")],
            of: .ids(IDSet(ids: [ids[1]])))
        let page = try store.editorPage(
            list: "camping", filter: EditorFilter("BEN"), around: .first, before: 10, after: 10)
        #expect(page.rows.map(\.id) == [ids[1]])
        #expect(
            try store.editorShownIDs(list: "camping", filter: EditorFilter("ben"))
                == IDSet(ids: [ids[1]]))
    }
}
