import ChecklistCore
import ChecklistModel
import Testing

@Suite struct TitleTests {
    @Test(arguments: [
        "Tent", "  padded  ", "Robert'); DROP TABLE items;--", "\"quoted\" 'single'",
        "日本語 🏕️ e\u{301}", "שלום", "tab\there", "\u{1B}[31mred",
    ])
    func titlesAreKeptByteExact(_ text: String) throws {
        #expect(try Title(text).text.utf8.elementsEqual(text.utf8))
    }

    @Test(arguments: ["", "   ", "\t", "\u{3000}"])
    func blankTitlesAreRejected(_ text: String) {
        #expect(throws: ChecklistError.invalidInput("a title cannot be empty; give some text")) {
            try Title(text)
        }
    }

    @Test(arguments: ["a\nb", "a\rb", "a\u{2028}b", "a\u{85}b", "\n"])
    func titlesWithLineBreaksAreRejected(_ text: String) {
        #expect(throws: ChecklistError.self) { try Title(text) }
    }

    @Test func linesBecomeTitlesSkippingBlankLines() throws {
        let titles = try Title.parseLines(Array("Tent\n\n  \nStove\r\nMap".utf8))
        #expect(titles.map(\.text) == ["Tent", "Stove", "Map"])
    }

    @Test func emptyInputHasNoTitles() throws {
        #expect(try Title.parseLines([]).isEmpty)
    }

    @Test func invalidUTF8NamesTheLine() {
        #expect(throws: ChecklistError.invalidInput("line 2 of the input is not valid UTF-8 text"))
        {
            try Title.parseLines([0x61, 0x0A, 0xFF, 0x0A])
        }
    }
}
