import ChecklistCore
import ChecklistModel
import Testing

@testable import ChecklistServe

/// A change's form, read by the handlers: IDs, one item, a title, each refused in one line that
/// names the field.
@Suite struct PageFormTests {
    @Test func idsAreCommaSeparatedOrRepeatedAndTheLastValueOfANameWins() throws {
        let form = PageForm(fields: [
            ("ids", "3,1"), ("ids", "7"), ("list", "camping"), ("list", "trip"),
        ])
        #expect(try form.decode(PageForms.Delete.self, for: "delete").ids.ids == [1, 3, 7])
        #expect(try form.decode(PageForms.Save.self, for: "save").shown.ids == [])
        let header = try form.decode(PageForms.Change.self, for: "delete")
        #expect(header.list == "trip")
        #expect(header.edit == nil && header.person == nil)
        #expect(
            try PageForm(fields: [("edit", "1")]).decode(PageForms.Change.self, for: "add").edit
                == true)
    }

    @Test func somethingThatIsNotAnItemsIDIsRefusedNamingTheField() {
        for text in ["0", "-2", "2-4", "x", "1,,z"] {
            #expect {
                try PageForm(fields: [("checked", text)]).decode(PageForms.Save.self, for: "save")
            } throws: {
                ($0 as? PageError)?.message == "checked= holds something that is not an item's ID"
            }
        }
    }

    @Test func anActionsItemAndTitleAreRequiredAndChecked() throws {
        let form = PageForm(fields: [("id", "4"), ("title", "Tent pegs")])
        let rename = try form.decode(PageForms.Rename.self, for: "rename")
        #expect(rename.id.id == 4)
        #expect(rename.title.title.text == "Tent pegs")
        #expect {
            try PageForm(fields: [("id", "four"), ("title", "x")]).decode(
                PageForms.Rename.self, for: "rename")
        } throws: { ($0 as? PageError)?.message == "rename needs id=, an item's ID" }
        #expect {
            try PageForm(fields: []).decode(PageForms.Add.self, for: "add")
        } throws: { ($0 as? PageError)?.message == "add needs title=" }
        // A title the model refuses (empty) is refused in the model's words, as a 400.
        #expect {
            try PageForm(fields: [("title", "   ")]).decode(PageForms.Add.self, for: "add")
        } throws: { ($0 as? PageError)?.status == 400 }
    }

    @Test func aMoveNamesAnItemAndWhereItGoes() throws {
        let order = try PageForm(fields: [("move", "3 before 5")]).decode(
            PageForms.Move.self, for: "move"
        ).move
        #expect(order.id == 3 && order.target == .before(5))
        for text in ["3 over 5", "3 before", "0 after 5", ""] {
            #expect {
                try PageForm(fields: [("move", text)]).decode(PageForms.Move.self, for: "move")
            } throws: {
                ($0 as? PageError)?.message
                    == "move needs move=ID before OTHER or move=ID after OTHER"
            }
        }
    }

    @Test func aToggleNeedsItsItemFirst() throws {
        let toggle = try PageForm(fields: [("id", "2"), ("to", "checked")]).decode(
            PageForms.Toggle.self, for: "toggle")
        #expect(toggle.id.id == 2 && toggle.to == "checked")
        #expect {
            try PageForm(fields: [("to", "checked")]).decode(PageForms.Toggle.self, for: "toggle")
        } throws: { ($0 as? PageError)?.message == "toggle needs id=, an item's ID" }
    }
}
