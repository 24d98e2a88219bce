import ChecklistCore
import ChecklistModel
import ChecklistTransfer
import Testing

@Suite struct ImportDocumentTests {
    // MARK: - Markdown

    @Test func markdownHeadingsStartListsInOrder() throws {
        let text = """
            # Weekend
            ## camping
            <!-- checklist: mode=single -->
            - [ ] Tent
            - [x] Stove

            ## groceries
            * [X] Milk
            + [ ] Eggs
            """

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(
            document
                == ImportDocument(lists: [
                    try list("camping", .single, [entry("Tent"), entry("Stove", true)]),
                    try list("groceries", nil, [entry("Milk", true), entry("Eggs")]),
                ]))
    }

    @Test func aSingleListCheckingTwoItemsIsAnErrorOnTheSecond() {
        let markdown = "## t\n<!-- checklist: mode=single -->\n- [x] a\n- [ ] b\n- [X] c\n"
        let reason = "list 't' takes one checked item (mode single), and this is a second one"
        #expect(markdownError(markdown) == .malformedImport(line: 5, reason: reason))
        // In JSON the mode may come after the items; the item's line is still named.
        let json = """
            {"items": [
            {"title": "a", "isSelected": true, "list": "t"},
            {"title": "c", "isSelected": true, "list": "t"}
            ],
            "lists": [{"name": "t", "mode": "single"}]}
            """
        #expect(jsonError(json) == .malformedImport(line: 3, reason: reason))
    }

    @Test func aSingleListMayCheckOneItem() throws {
        let markdown = "## t\n<!-- checklist: mode=single -->\n- [x] a\n- [ ] b\n"
        let document = try ImportDocument.parseMarkdown(bytes(markdown))
        #expect(document.lists.first?.items.map(\.isSelected) == [true, false])
    }

    @Test func markdownTasksBeforeAnyHeadingBelongToNoList() throws {
        let text = "- [ ] Tent\n- [x] Map\n## camping\n- [ ] Stove\n"

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(
            document
                == ImportDocument(lists: [
                    try list(nil, nil, [entry("Tent"), entry("Map", true)]),
                    try list("camping", nil, [entry("Stove")]),
                ]))
    }

    @Test(arguments: [
        "  indented ", "\"quoted\" 'single'", "日本語 🏕️", "e\u{301}", "Robert'); DROP TABLE items;--",
        "tab\there", "- [ ] not nested",
    ])
    func markdownTitlesAreKeptByteExact(_ title: String) throws {
        let document = try ImportDocument.parseMarkdown(bytes("- [ ] " + title + "\n"))

        let titles = document.lists.flatMap(\.items).map { Array($0.title.text.utf8) }
        #expect(titles == [Array(title.utf8)])
    }

    @Test func markdownWindowsLineEndingsAreStripped() throws {
        let text = "## camping\r\n<!-- checklist: mode=multiple -->\r\n- [ ] Tent \r\n"

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(
            document == ImportDocument(lists: [try list("camping", .multiple, [entry("Tent ")])]))
    }

    @Test func markdownRepeatedHeadingAddsToTheFirstList() throws {
        let text = """
            ## camping
            - [ ] Tent
            ## food
            - [ ] Bread
            ## camping
            <!-- checklist: mode=single -->
            - [ ] Stove
            """

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(
            document
                == ImportDocument(lists: [
                    try list("camping", .single, [entry("Tent"), entry("Stove")]),
                    try list("food", nil, [entry("Bread")]),
                ]))
    }

    @Test func markdownListNamesAreByteExact() throws {
        // "é" precomposed and decomposed are equal Swift strings but different list names.
        let text = "## caf\u{E9}\n## cafe\u{301}\n## Caf\u{E9}\n##  padded \n"

        let document = try ImportDocument.parseMarkdown(bytes(text))

        let names = document.lists.map { $0.name.map { Array($0.utf8) } }
        #expect(
            names == ["caf\u{E9}", "cafe\u{301}", "Caf\u{E9}", " padded "].map { Array($0.utf8) })
    }

    @Test func markdownModeCommentMayBeSurroundedBySpaces() throws {
        let text = "## camping\n  <!-- checklist: mode=single -->\t \n"

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(document == ImportDocument(lists: [list("camping", .single, [])]))
    }

    @Test func markdownRepeatingTheSameModeIsAccepted() throws {
        let text = "## a\n<!-- checklist: mode=single -->\n## a\n<!-- checklist: mode=single -->\n"

        let document = try ImportDocument.parseMarkdown(bytes(text))

        #expect(document == ImportDocument(lists: [list("a", .single, [])]))
    }

    @Test func markdownLineThatIsNoTaskIsRejected() {
        let error = markdownError("## camping\n- [ ] Tent\nTent\n")

        #expect(
            error
                == .malformedImport(
                    line: 3,
                    reason: "expected a task line like '- [ ] Tent', a '## list' heading"
                        + " or a blank line"))
    }

    @Test func markdownIndentedTaskIsRejected() {
        let error = markdownError("- [ ] Tent\n  - [ ] Pegs\n")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "an indented line (nested tasks are not supported)"))
    }

    @Test func markdownTaskWithoutTitleIsRejected() {
        let error = markdownError("- [ ] Tent\n\n- [ ]\n")

        #expect(
            error == .malformedImport(line: 3, reason: "a title cannot be empty; give some text"))
    }

    @Test func markdownTaskWithOnlySpacesIsRejected() {
        let error = markdownError("- [x]    \n")

        #expect(
            error == .malformedImport(line: 1, reason: "a title cannot be empty; give some text"))
    }

    @Test func markdownTaskWithoutSpaceAfterBoxIsRejected() {
        let error = markdownError("- [ ]Tent\n")

        #expect(
            error
                == .malformedImport(
                    line: 1,
                    reason: "expected a task line like '- [ ] Tent', a '## list' heading"
                        + " or a blank line"))
    }

    @Test func markdownTitleWithCarriageReturnInsideIsRejected() {
        let error = markdownError("## a\n- [ ] Te\rnt\n")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "a title cannot contain a line break: Te\\rnt"))
    }

    @Test func markdownModeBeforeAnyHeadingIsRejected() {
        let error = markdownError("- [ ] Tent\n<!-- checklist: mode=single -->\n")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "a mode comment must follow a '## list' heading"))
    }

    @Test func markdownUnknownModeIsRejected() {
        let error = markdownError("## camping\n<!-- checklist: mode=several -->\n")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "unknown list mode 'several' (expected multiple or single)"))
    }

    @Test func markdownConflictingModesAreRejected() {
        let text = """
            ## camping
            <!-- checklist: mode=single -->
            ## food
            ## camping
            <!-- checklist: mode=multiple -->
            """

        let error = markdownError(text)

        #expect(
            error
                == .malformedImport(
                    line: 5,
                    reason: "conflicting modes for list 'camping': single, then multiple"))
    }

    @Test(arguments: ["## \n", "##   \t\n"])
    func markdownHeadingWithoutNameIsRejected(_ heading: String) {
        let error = markdownError("- [ ] Tent\n" + heading)

        #expect(error == .malformedImport(line: 2, reason: "a '## list' heading needs a name"))
    }

    @Test func markdownInvalidUTF8NamesItsLine() {
        let error = markdownError(Array("## a\n- [ ] ok\n- [ ] ".utf8) + [0xC3, 0x28, 0x0A])

        #expect(error == .malformedImport(line: 3, reason: "not valid UTF-8 text"))
    }

    @Test func markdownNulInListNameIsRejected() {
        let error = markdownError("## a\0b\n")

        #expect(error == .malformedImport(line: 1, reason: "a list name cannot contain a NUL byte"))
    }

    // MARK: - JSON: the program's own output

    @Test func jsonListOutputImportsGroupedByList() throws {
        let text = """
            [
            {"createdAt":"2026-11-22T18:04:05.120Z","id":1,"isSelected":true,"list":"camping",\
            "position":1,"title":"Tent","updatedAt":"2026-11-22T18:04:09.871Z"},
            {"createdAt":"2026-11-22T18:04:05.120Z","id":2,"isSelected":false,"list":"food",\
            "position":1,"title":"Bread","updatedAt":"2026-11-22T18:04:05.120Z"},
            {"createdAt":"2026-11-22T18:04:05.120Z","id":3,"isSelected":false,"list":"camping",\
            "position":2,"title":"Stove","updatedAt":"2026-11-22T18:04:05.120Z"}
            ]

            """

        let document = try ImportDocument.parseJSON(bytes(text))

        #expect(
            document
                == ImportDocument(lists: [
                    try list("camping", nil, [entry("Tent", true), entry("Stove")]),
                    try list("food", nil, [entry("Bread")]),
                ]))
    }

    @Test func jsonEmptyListOutputHasNoLists() throws {
        #expect(try ImportDocument.parseJSON(bytes("[]\n")) == ImportDocument(lists: []))
    }

    @Test func jsonItemNeedsOnlyATitle() throws {
        let document = try ImportDocument.parseJSON(bytes(#"[{"title": "Tent"}]"#))

        #expect(document == ImportDocument(lists: [try list(nil, nil, [entry("Tent")])]))
    }

    // MARK: - JSON: lists and items

    @Test func jsonDeclaredListsComeFirstAndKeepTheirModes() throws {
        let text = """
            {
              "items": [
                {"title": "Bread", "list": "food"},
                {"title": "Tent", "list": "camping", "isSelected": true},
                {"title": "Map"}
              ],
              "lists": [
                {"name": "camping", "mode": "single"},
                {"name": "empty", "mode": "multiple"},
                {"name": "camping"}
              ]
            }
            """

        let document = try ImportDocument.parseJSON(bytes(text))

        #expect(
            document
                == ImportDocument(lists: [
                    try list("camping", .single, [entry("Tent", true)]),
                    list("empty", .multiple, []),
                    try list("food", nil, [entry("Bread")]),
                    try list(nil, nil, [entry("Map")]),
                ]))
    }

    @Test func jsonOfOnlyWhiteSpaceHasNoLists() throws {
        #expect(try ImportDocument.parseJSON(bytes(" \n")) == ImportDocument(lists: []))
    }

    @Test func jsonEmptyObjectHasNoLists() throws {
        #expect(try ImportDocument.parseJSON(bytes("{}")) == ImportDocument(lists: []))
    }

    @Test func jsonListNamesAreByteExact() throws {
        let text = #"[{"title":"a","list":"caf\u00e9"},{"title":"b","list":"cafe\u0301"}]"#

        let document = try ImportDocument.parseJSON(bytes(text))

        let names = document.lists.map { $0.name.map { Array($0.utf8) } }
        #expect(names == ["caf\u{E9}", "cafe\u{301}"].map { Array($0.utf8) })
    }

    @Test func jsonEscapesAreDecoded() throws {
        let text = #"[{"title": "caf\u00e9 \ud83c\udfd5 a\/b \"q\" \\ \t end"}]"#

        let document = try ImportDocument.parseJSON(bytes(text))

        let titles = document.lists.flatMap(\.items).map { Array($0.title.text.utf8) }
        #expect(titles == [Array("caf\u{E9} \u{1F3D5} a/b \"q\" \\ \t end".utf8)])
    }

    @Test func jsonNumbersOfEveryFormAreAccepted() throws {
        let text = #"[{"title":"a","id":-0,"position":12.5e+3},{"title":"b","id":1E-2}]"#

        let document = try ImportDocument.parseJSON(bytes(text))

        #expect(document == ImportDocument(lists: [try list(nil, nil, [entry("a"), entry("b")])]))
    }

    @Test func jsonByteOrderMarkIsIgnored() throws {
        let document = try ImportDocument.parse([0xEF, 0xBB, 0xBF] + bytes(#"[{"title":"a"}]"#))

        #expect(document == ImportDocument(lists: [try list(nil, nil, [entry("a")])]))
    }

    // MARK: - JSON: errors

    @Test func jsonSyntaxErrorNamesItsLine() {
        let error = jsonError("[\n{\"title\": \"Tent\"}\n{\"title\": \"Stove\"}\n]\n")

        #expect(
            error
                == .malformedImport(line: 3, reason: "expected ',' or ']' after an array element"))
    }

    @Test func jsonUnknownKeyIsRejected() {
        let error = jsonError(
            "[\n{\"title\": \"Tent\"},\n{\"title\": \"Stove\",\n\"checked\": true}\n]")

        #expect(
            error
                == .malformedImport(
                    line: 4,
                    reason: "unknown key \"checked\" in item 2 (expected id, list, title,"
                        + " isSelected, position, createdAt, updatedAt)"))
    }

    @Test func jsonItemWithoutTitleIsRejectedAtItsBrace() {
        let error = jsonError(
            "[\n{\"title\": \"a\"},\n{\"title\": \"b\"},\n{\n\"list\": \"x\"\n}\n]")

        #expect(error == .malformedImport(line: 4, reason: "item 3 has no \"title\""))
    }

    @Test func jsonWrongTypeIsRejectedWhereTheValueStarts() {
        let error = jsonError("[{\"title\": \"Tent\",\n\"isSelected\":\n\"yes\"}]")

        #expect(error == .malformedImport(line: 3, reason: "\"isSelected\" must be true or false"))
    }

    @Test func jsonNullIsNotANumber() {
        let error = jsonError("[{\"title\": \"Tent\", \"id\": null}]")

        #expect(error == .malformedImport(line: 1, reason: "\"id\" must be a number"))
    }

    @Test func jsonDuplicateKeyIsRejected() {
        let error = jsonError("[{\"title\": \"Tent\",\n\"title\": \"Stove\"}]")

        #expect(error == .malformedImport(line: 2, reason: "duplicate key \"title\" in item 1"))
    }

    @Test func jsonLineBreakInTitleIsRejected() {
        let error = jsonError("[\n{\"title\": \"Te\\nnt\"}]")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "a title cannot contain a line break: Te\\nnt"))
    }

    @Test func jsonTrailingTextIsRejected() {
        let error = jsonError("[]\n\n[]\n")

        #expect(error == .malformedImport(line: 3, reason: "unexpected text after the JSON value"))
    }

    @Test(arguments: [
        (#"\ud83c"#, #"\uD83C"#), (#"\ud83c\u0041"#, #"\uD83C"#), (#"\udfd5"#, #"\uDFD5"#),
    ])
    func jsonLoneSurrogateIsRejected(_ escape: String, _ shown: String) {
        let error = jsonError("[\n{\"title\": \"a\(escape)\"}]")

        #expect(error == .malformedImport(line: 2, reason: "lone surrogate \(shown) in a string"))
    }

    @Test func jsonDeepNestingFailsWithoutRecursing() {
        let text = "{\"items\":\n" + String(repeating: "[", count: 100_000)

        let error = jsonError(text)

        #expect(error == .malformedImport(line: 2, reason: "item 1 must be an object"))
    }

    @Test(arguments: [
        "[\n{\"title\": \"Tent\"", "[\n{\"title\": \"Tent\"\n", "[\n{\"title\": \"Te",
    ])
    func jsonTruncatedFileFailsOnItsLastLine(_ text: String) {
        let error = jsonError(text)

        #expect(error == .malformedImport(line: 2, reason: "unexpected end of the file"))
    }

    @Test func jsonUnclosedStringIsRejectedOnItsLine() {
        let error = jsonError("[\n{\"title\": \"Tent}\n]")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "a string is not closed before the end of the line"))
    }

    @Test(arguments: ["01", "-01", "-", "1.", "1e", "1e+", "2.x"])
    func jsonInvalidNumberIsRejected(_ number: String) {
        let error = jsonError("[{\"title\": \"a\",\n\"id\": \(number)}]")

        #expect(error == .malformedImport(line: 2, reason: "invalid number"))
    }

    @Test func jsonInvalidEscapeIsRejected() {
        let error = jsonError(#"[{"title": "a\qb"}]"#)

        #expect(error == .malformedImport(line: 1, reason: "invalid escape '\\q' in a string"))
    }

    @Test func jsonInvalidUTF8InStringIsRejected() {
        let error = jsonError(bytes("[\n{\"title\": \"") + [0xFF] + bytes("\"}]"))

        #expect(error == .malformedImport(line: 2, reason: "not valid UTF-8 text"))
    }

    @Test func jsonUnknownTopLevelKeyIsRejected() {
        let error = jsonError("{\"lists\": [],\n\"tasks\": []}")

        #expect(
            error
                == .malformedImport(
                    line: 2,
                    reason: "unknown key \"tasks\" in the top-level object (expected lists, items)"
                ))
    }

    @Test func jsonListWithoutNameIsRejected() {
        let error = jsonError("{\"lists\": [\n{\"name\": \"a\"},\n{\n\"mode\": \"single\"\n}]}")

        #expect(error == .malformedImport(line: 3, reason: "list 2 has no \"name\""))
    }

    @Test func jsonUnknownModeIsRejected() {
        let error = jsonError("{\"lists\": [{\"name\": \"a\",\n\"mode\": \"one\"}]}")

        #expect(
            error
                == .malformedImport(
                    line: 2, reason: "unknown list mode 'one' (expected multiple or single)"))
    }

    @Test func jsonConflictingModesAreRejected() {
        let text = """
            {"lists": [
              {"name": "a", "mode": "single"},
              {"name": "a", "mode": "multiple"}
            ]}
            """

        let error = jsonError(text)

        #expect(
            error
                == .malformedImport(
                    line: 3, reason: "conflicting modes for list 'a': single, then multiple"))
    }

    @Test(arguments: [
        ("\"\"", "a list name cannot be empty or only spaces"),
        ("\"  \"", "a list name cannot be empty or only spaces"),
        ("\"a\\u2028b\"", "a list name cannot contain a line break"),
    ])
    func jsonInvalidListNameIsRejected(_ name: String, _ reason: String) {
        let error = jsonError("[{\"title\": \"a\",\n\"list\": \(name)}]")

        #expect(error == .malformedImport(line: 2, reason: reason))
    }

    @Test func jsonTopLevelScalarIsRejected() {
        let error = jsonError("\n\"Tent\"")

        #expect(
            error
                == .malformedImport(
                    line: 2,
                    reason: "expected an array of items or an object with \"lists\" and \"items\""))
    }

    // MARK: - Detecting the format

    @Test func parseReadsJSONWhenTheFileStartsWithABracket() throws {
        let document = try ImportDocument.parse(bytes(" \n\t[{\"title\": \"Tent\"}]"))

        #expect(document == ImportDocument(lists: [try list(nil, nil, [entry("Tent")])]))
    }

    @Test func parseReadsMarkdownOtherwise() throws {
        let document = try ImportDocument.parse(bytes("\n## camping\n- [ ] Tent\n"))

        #expect(document == ImportDocument(lists: [try list("camping", nil, [entry("Tent")])]))
    }

    @Test(arguments: ["", "  \n\t\r\n"])
    func parseOfAnEmptyFileHasNoLists(_ text: String) throws {
        #expect(try ImportDocument.parse(bytes(text)) == ImportDocument(lists: []))
    }

    // MARK: - Helpers

    private func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    private func entry(_ title: String, _ isSelected: Bool = false) throws -> ImportDocument.Entry {
        ImportDocument.Entry(title: try Title(title), isSelected: isSelected)
    }

    private func list(
        _ name: String?, _ mode: ListMode?, _ items: [ImportDocument.Entry]
    ) -> ImportDocument.List {
        ImportDocument.List(name: name, mode: mode, items: items)
    }

    private func markdownError(_ text: String) -> ChecklistError? {
        markdownError(bytes(text))
    }

    private func markdownError(_ bytes: [UInt8]) -> ChecklistError? {
        do {
            _ = try ImportDocument.parseMarkdown(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func jsonError(_ text: String) -> ChecklistError? {
        jsonError(bytes(text))
    }

    private func jsonError(_ bytes: [UInt8]) -> ChecklistError? {
        do {
            _ = try ImportDocument.parseJSON(bytes)
            return nil
        } catch {
            return error
        }
    }
}
