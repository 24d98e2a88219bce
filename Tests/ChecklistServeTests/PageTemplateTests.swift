import ChecklistCore
import ChecklistModel
import Testing

@testable import ChecklistServe

/// The page's HTML files and their slots.
@Suite struct PageTemplateTests {
    @Test func slotsAreFilledWhereTheyStandAsOftenAsTheyStand() {
        let template = PageTemplate(Array("<p>{{a}} and {{b}}, {{a}} again</p>{{c}}".utf8))
        #expect(template.slots == ["a", "b", "c"])
        #expect(
            template.filled(["a": "<1>", "b": "", "c": "end"]) == "<p><1> and , <1> again</p>end")
    }

    @Test func aFileWithoutSlotsIsItself() {
        #expect(
            PageTemplate(Array("<p>{ not a slot }</p>".utf8)).filled([:]) == "<p>{ not a slot }</p>"
        )
    }

    /// Every slot of the two pages has a value, and every value a slot (`filled` stops the
    /// program otherwise), whatever the page shows.
    @Test(arguments: [false, true], [ListMode.multiple, .single])
    func everyShapeOfThePagesFillsEverySlot(editing: Bool, mode: ListMode) throws {
        let rows = [
            EditorRow(id: 3, title: "Tent <&>", isSelected: true, sortKey: 1),
            EditorRow(id: 7, title: "Stove", isSelected: false, sortKey: 2),
        ]
        for (rows, more) in [(rows, true), ([], false)] {
            let window = EditorPage(
                list: "camp", mode: mode, listExists: true, lists: [],
                counts: ItemCounts(checked: 1, total: 500), shown: nil, rows: rows,
                anchorIndex: 0, hasRowsBefore: more, hasRowsAfter: more)
            let html = PageHTML.page(
                window, mark: 1, editing: editing, startedFrom: more, person: more ? "ana" : "",
                renaming: more ? 7 : nil)
            #expect(html.hasPrefix("<!doctype html>") && html.hasSuffix("</html>\n"))
            #expect(!html.contains("{{"))
            #expect(html.contains("Tent &lt;&amp;&gt;") == more)
        }
        let confirm = PageHTML.confirmDeletion(
            list: "a", identity: "", ids: [1, 2], editing: editing)
        #expect(confirm.contains("Delete 2 items") && !confirm.contains("{{"))
    }
}
