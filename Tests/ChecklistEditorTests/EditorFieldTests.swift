import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Testing

/// The edit mode and the picker show and change an item's declared fields (`ItemField`: its
/// quantity and note), each with a key of its own (contract v5, "Quantities and notes").
@Suite struct EditorFieldTests {
    private let quantity = Self.field("quantity")
    private let note = Self.field("note")

    private static func field(_ name: String) -> ItemField {
        guard let field = ItemField.named(name) else { preconditionFailure("no field \(name)") }
        return field
    }

    @Test func eachFieldsKeyOpensAPromptPrefilledWithItsValueAndEnterWritesIt() {
        var editor = state(showing: page(["Tent", "Stove"], anchor: 1))
        _ = editor.handle(.key(.character(quantity.shown.editKey)))
        #expect(editor.prompt == .field(2, quantity.index, "1"))
        _ = editor.handle(.key(.backspace))
        for character in "12" { _ = editor.handle(.key(.character(character))) }
        #expect(editor.handle(.key(.enter)) == [.write(.setField(2, quantity.index, "12"))])
        _ = editor.handle(.key(.character(note.shown.editKey)))
        #expect(editor.prompt == .field(2, note.index, ""))
        _ = editor.handle(.key(.paste("spare\none")))
        #expect(editor.handle(.key(.enter)) == [.write(.setField(2, note.index, "spare one"))])
    }

    @Test func everyKeyOfTheEditModeAndOfThePickerDoesOneThing() {
        for entries in [EditorKeymap.entries]
            + EditorPicking.Purpose.allCases.map(
                EditorKeymap.pickEntries)
        {
            let keys = entries.flatMap { $0.bindings.map(\.key) }
            #expect(Set(keys).count == keys.count, "a key bound twice: \(keys)")
            for field in ItemField.all {
                #expect(
                    entries.contains {
                        $0.bindings.contains { $0.key == .character(field.shown.editKey) }
                            && $0.description == "set the \(field.name) of the item"
                    })
            }
        }
    }

    @Test func rowsShowTheQuantityAndTheNoteAfterTheTitle() throws {
        let (store, ids) = try storeWith(["Socks", "Tent"])
        try store.setFields(
            [try ItemFieldValue(quantity, "5"), try ItemFieldValue(note, "borrow Ben's")],
            of: .ids(IDSet(ids: [ids[0]])))
        var editor = TestEditor(store: store)
        editor.finishIdleWork()
        #expect(editor.screen[1].hasPrefix("[ ] 1 Socks ×5 — borrow Ben's"))
        #expect(editor.screen[2].hasPrefix("[ ] 2 Tent"))
        #expect(!editor.screen[2].contains("×"))
    }

    @Test func theKeysChangeTheStoreAsOneUndoableChangeAndBadInputIsTold() throws {
        let (store, _) = try storeWith(["Socks", "Tent"])
        var editor = TestEditor(store: store)
        editor.type(String(quantity.shown.editKey))
        editor.press(.backspace)
        editor.type("4")
        editor.press(.enter)
        #expect(try store.items(in: .all).map(\.more) == [["4", ""], ["1", ""]])
        #expect(editor.footer.hasPrefix("set quantity of 1 item to 4"))
        editor.type(String(quantity.shown.editKey))
        editor.press(.backspace)
        editor.type("0")
        editor.press(.enter)
        #expect(editor.footer.hasPrefix("a quantity is a whole number from 1 to 9999, not '0'"))
        editor.type("j" + String(note.shown.editKey) + "spare")
        editor.press(.enter)
        #expect(try store.items(in: .all).map(\.more) == [["4", ""], ["1", "spare"]])
        #expect(editor.screen[2].hasPrefix("[ ] 2 Tent — spare"))
        try store.undo()
        #expect(try store.items(in: .all).map(\.more) == [["4", ""], ["1", ""]])
    }

    @Test func thePickerSetsAFieldWithoutChoosing() throws {
        let (store, _) = try storeWith(["Socks", "Tent"])
        var editor = TestEditor(store: store, picking: EditorPicking(purpose: .print))
        editor.type(String(quantity.shown.editKey))
        editor.press(.backspace)
        editor.type("3")
        editor.press(.enter)
        #expect(try store.items(in: .all).map(\.more[quantity.index]) == ["3", "1"])
        #expect(editor.state.picking?.chosen == nil)
    }
}
