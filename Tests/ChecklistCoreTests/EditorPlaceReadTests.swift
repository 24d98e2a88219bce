import Testing

@testable import ChecklistCore
@testable import ChecklistModel

/// The count behind the editor's `row 120 of 100000`, on every engine: the items of the list
/// before a place in its order, whatever their IDs, and none of another list.
@Suite struct EditorPlaceReadTests {
    @Test(arguments: Engine.all) func countBeforeCountsTheListsItemsBeforeAPlace(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        let ids = try store.add((1...30).map { try Title("Item \($0)") }, to: "camping")
        _ = try store.add([try Title("Milk")], to: "groceries")
        _ = try store.move(ids[29], to: .position(1))  // the last ID, first in order
        let page = try store.editorPage(list: "camping", around: .first, before: 0, after: 40)
        let identity = try #require(page.listIdentity)
        for (index, row) in page.rows.enumerated() {
            #expect(try store.editorCountBefore(row.place, in: identity) == index)
        }
    }
}
