import ChecklistCore
import Testing

@testable import ChecklistServe

/// A change's form, read by the handlers: IDs, one item, a title, each refused in one line that
/// names the field.
@Suite struct PageFormTests {
    @Test func idsAreCommaSeparatedOrRepeatedAndTheLastValueOfANameWins() throws {
        let form = PageForm(fields: [
            ("ids", "3,1"), ("ids", "7"), ("list", "camping"), ("list", "trip"),
        ])
        #expect(try form.ids("ids") == [1, 3, 7])
        #expect(try form.ids("shown") == [])
        #expect(form.value("list") == "trip")
        #expect(form.value("edit") == nil)
    }

    @Test func somethingThatIsNotAnItemsIDIsRefusedNamingTheField() {
        for text in ["0", "-2", "2-4", "x", "1,,z"] {
            #expect {
                try PageForm(fields: [("checked", text)]).ids("checked")
            } throws: {
                ($0 as? PageError)?.message == "checked= holds something that is not an item's ID"
            }
        }
    }

    @Test func anActionsItemAndTitleAreRequiredAndChecked() throws {
        let form = PageForm(fields: [("id", "4"), ("title", "Tent pegs")])
        #expect(try form.id(for: "rename") == 4)
        #expect(try form.title(for: "rename").text == "Tent pegs")
        #expect {
            try PageForm(fields: [("id", "four")]).id(for: "rename")
        } throws: { ($0 as? PageError)?.message == "rename needs id=, an item's ID" }
        #expect {
            try PageForm(fields: []).title(for: "add")
        } throws: { ($0 as? PageError)?.message == "add needs title=" }
        // A title the model refuses (empty) is refused in the model's words, as a 400.
        #expect {
            try PageForm(fields: [("title", "   ")]).title(for: "add")
        } throws: { ($0 as? PageError)?.status == 400 }
    }
}
