import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSync
@testable import ChecklistTransfer

/// The demo field (`DemoField`, built with `-DCHECKLIST_DEMO_FIELD` in CI): declared through
/// the recipe of docs/internals/development.md and nothing else, it is stored, shown in the
/// JSON, set, undone, copied with its list and merged by offline copies, on either engine.
#if CHECKLIST_DEMO_FIELD
    @Suite struct DemoFieldTests {
        @Test(arguments: Engine.all) func theRecipesFieldWorksWhereverTheOthersDo(
            _ engine: Engine
        ) throws {
            let store = try engine.emptyStore()
            try store.add(titles("Tent", "Stove"), to: "camping")
            let field = try #require(ItemField.named("packedBy"))
            let change = try store.setFields(
                [try ItemFieldValue(field, "ana")], of: .ids(IDSet(ids: [2])))
            #expect(change.historyLine == "set packedBy of 1 item to 'ana'")
            #expect(try store.items(in: .all).map { $0.more[field.index] } == ["", "ana"])
            var json: [UInt8] = []
            var writer = ItemJSONWriter()
            for item in try store.items(in: .all) { writer.write(item, to: &json) }
            writer.finish(to: &json)
            #expect(String(decoding: json, as: UTF8.self).contains(#""packedBy":"ana""#))
            _ = try store.copyList("camping", to: "trip")
            #expect(
                try store.items(in: .list("trip")).map { $0.more[field.index] } == ["", "ana"])
            try store.undo()
            try store.undo()
            #expect(try store.items(in: .all).map { $0.more[field.index] } == ["", ""])
            #expect(MergedField.valued.contains { $0.name == "packedBy" })
            #expect(throws: ChecklistError.self) {
                try ItemFieldValue(field, String(repeating: "a", count: 41))
            }
        }
    }
#endif
