import ChecklistCore
import ChecklistModel
import ChecklistTransfer
import Testing

/// Small files, one rule each. Where a test names a real file, it reproduces, in words of its
/// own, the structure met in that public file (nothing of the file itself is copied here).
@Suite struct LenientMarkdownTests {
    @Test func taskLinesOfEveryMarkerAndIndentationAreTaken() throws {
        let text = """
            - [ ] dash
            * [x] star
            + [X] plus
            1. [ ] dot
            2) [x] paren
               - [ ] nested
            """
        #expect(
            try items(text) == [
                "-|[ ] dash", "-|[x] star", "-|[x] plus", "-|[ ] dot", "-|[x] paren",
                "-|[ ] paren › nested",
            ])
    }

    @Test func nestedTasksArePrefixedByTheirParentsAndKeepTheirOwnState() throws {
        // Stands for a packing list where each room's task holds its things' tasks.
        let text = """
            ## Packing
            - [ ] Toiletries
              - [x] Toothbrush
              - [ ] Paste
                - [ ] Travel size
            - [x] Clothes
            """
        #expect(
            try items(text) == [
                "Packing|[ ] Toiletries", "Packing|[x] Toiletries › Toothbrush",
                "Packing|[ ] Toiletries › Paste", "Packing|[ ] Toiletries › Paste › Travel size",
                "Packing|[x] Clothes",
            ])
    }

    @Test func continuationLinesJoinTheTitleWithOneSpace() throws {
        // Stands for a release template whose long tasks wrap onto the next line, indented
        // or not (lazy continuation).
        let text = """
            - [ ] Update the changelog
              with every merged pull request
            - [ ] Tag the release and push
            the tag to origin
            - [x]   Trailing spaces   \n
            """
        #expect(
            try items(text) == [
                "-|[ ] Update the changelog with every merged pull request",
                "-|[ ] Tag the release and push the tag to origin", "-|[x] Trailing spaces",
            ])
    }

    @Test func noTaskIsReadInsideFencedOrIndentedCode() throws {
        let text = """
            ```markdown
            - [ ] not a task
            ```
            ~~~~
            - [x] nor this
            ~~~~

                - [ ] indented code

            - [ ] real
            """
        let result = try parse(text)
        #expect(try items(text) == ["-|[ ] real"])
        #expect(result.skipped.breakdown == "code 7")
    }

    @Test func atxAndSetextHeadingsOfAnyLevelNameLists() throws {
        let text = """
            # Trip #
            ### Day one ###
            - [ ] Walk

            Day two
            -------
            - [ ] Rest

            Packing
            =======
            - [x] Bag
            #### Empty heading
            """
        #expect(try items(text) == ["Day one|[ ] Walk", "Day two|[ ] Rest", "Packing|[x] Bag"])
        #expect(try parse(text).skipped.breakdown == "heading 2")
    }

    @Test func aLineRightAfterATaskContinuesItEvenAboveAnUnderline() throws {
        // CommonMark: "Day two" is a lazy continuation line of the task; the dashes under it
        // are then a thematic break, not a setext underline.
        let text = "- [ ] Walk\nDay two\n-------\n- [ ] Rest\n"
        #expect(try items(text) == ["-|[ ] Walk Day two", "-|[ ] Rest"])
        #expect(try parse(text).skipped.breakdown == "rule 1")
    }

    @Test func anUnderlineInsideTheItemMakesItsFirstParagraphAHeadingNotATask() throws {
        // CommonMark: dashes or equals signs indented into the item, right under its first
        // paragraph, make that paragraph a setext heading, `[x]` and all; a reader sees a
        // heading in a bullet, no checkbox. Like any heading, it names the list below it.
        let text = "- [ ] Tent\n- [x] Gear\n  ---\n- [ ] Stove\n- Food\n  ===\n- [ ] Bread\n"
        #expect(try items(text) == ["-|[ ] Tent", "[x] Gear|[ ] Stove", "Food|[ ] Bread"])
        #expect(try parse(text).skipped.total == 0)
    }

    @Test func aDelimiterRowUnderAnItemsFirstLineMakesATableNotATask() throws {
        // GFM: a line with as many cells as the delimiter row under it is a table's header,
        // `[ ]` and all; with another number of cells the two lines stay one paragraph.
        let text = "- [ ] Tent | Stove\n  --- | ---\n- [ ] Map | Lamp\n  --- | --- | ---\n"
        #expect(try items(text) == ["-|[ ] Map | Lamp --- | --- | ---"])
        #expect(try parse(text).skipped.breakdown == "table 2")
        #expect(try parse("a | b\n--|--|--\n").skipped.breakdown == "prose 2")
    }

    @Test func aTableUnderATasksTitleEndsTheTitle() throws {
        // GFM (GitHub, markdown-it): a line with a delimiter row under it starts a table even
        // below other lines of a paragraph, which keeps the lines above it: the task's title.
        let text = """
            - [ ] Compare the timings:
              | size | ms |
              |------|----|
              | 1k | 3 |
            - [ ] Publish
            """
        #expect(try items(text) == ["-|[ ] Compare the timings:", "-|[ ] Publish"])
        #expect(try parse(text).skipped.breakdown == "table 3")
    }

    @Test func splitLevelSendsDeeperHeadingsTasksToTheEnclosingList() throws {
        let text = """
            ## Before
            - [ ] One
            ### Details
            - [ ] Two
            ## After
            - [ ] Three
            """
        #expect(
            try items(text, splitLevel: 2) == [
                "Before|[ ] One", "Before|[ ] Two", "After|[ ] Three",
            ])
        #expect(try parse(text, splitLevel: 2).skipped.breakdown == "heading 1")
    }

    @Test func tasksBeforeAnyHeadingGoToNoNamedList() throws {
        #expect(
            try items("- [ ] First\n# Later\n- [ ] Second\n") == [
                "-|[ ] First", "Later|[ ] Second",
            ])
    }

    @Test func frontMatterHTMLTablesQuotesBulletsAndProseAreSkippedAndCounted() throws {
        // Stands for a GitHub issue template: YAML front matter, an HTML comment for the
        // reporter, prose, a table, a quote, plain bullets.
        let text = """
            ---
            name: Release
            about: Steps
            ---
            <!--
            Fill this in.
            -->
            Some prose
            that wraps.

            | a | b |
            |---|---|
            | 1 | 2 |

            > - [ ] quoted task
            > more

            - plain bullet
            - [ ] Task
            ***
            """
        let result = try parse(text)
        #expect(try items(text) == ["-|[ ] Task"])
        #expect(
            result.skipped.breakdown
                == "front matter 4, HTML 3, table 3, prose 2, block quote 2, plain bullet 1, rule 1"
        )
    }

    @Test func anEmptyTaskIsSkippedAndCounted() throws {
        let result = try parse("- [ ]\n- [x] \n- [ ] Real\n")
        #expect(try items("- [ ]\n- [x] \n- [ ] Real\n") == ["-|[ ] Real"])
        #expect(result.skipped.breakdown == "empty task 2")
        // A marker alone with the empty `[ ]` below it: both lines are the empty task's.
        #expect(try parse("-\n  [x]\n- [ ] Real\n").skipped.breakdown == "empty task 2")
    }

    @Test func aTitleOrHeadingOfOtherWhiteSpaceIsEmptyAndRefusesNothing() throws {
        // A no-break or ideographic space shows as nothing: `[ ]` followed only by such
        // spaces is an empty task, and a heading of them names no list, as an empty heading.
        let text = "# Trip\n# \u{3000}\n- [ ] \u{A0}\n- [ ] Tent\n"
        #expect(try items(text) == ["Trip|[ ] Tent"])
        #expect(try parse(text).skipped.breakdown == "heading 1, empty task 1")
    }

    @Test func theModeCommentStillSetsTheMode() throws {
        let text = "## Tent\n\n<!-- checklist: mode=single -->\n\n- [ ] Big\n- [x] Small\n"
        let document = try parse(text).document
        #expect(document.lists.map(\.mode) == [.single])
        #expect(try parse(text).skipped.total == 0)
    }

    @Test func windowsLineEndingsAreRead() throws {
        let text = "## Liste\r\n- [ ] Zelt\r\n  und Heringe\r\n- [x] Kocher\r\n"
        #expect(try items(text) == ["Liste|[ ] Zelt und Heringe", "Liste|[x] Kocher"])
    }

    @Test func aCarriageReturnAloneEndsALineAsInCommonMark() throws {
        // A file saved by an old Mac editor ends its lines with CR alone; a Windows file whose
        // line endings were converted twice ends them with CR CR LF (a blank line between
        // each, as an editor shows it). CommonMark reads LF, CR LF and CR as line endings.
        let oldMac = "## Liste\r- [ ] Zelt\r  und Heringe\r- [x] Kocher\r"
        #expect(try items(oldMac) == ["Liste|[ ] Zelt und Heringe", "Liste|[x] Kocher"])
        let convertedTwice = "## Liste\r\r\n- [ ] Zelt\r\r\n- [x] Kocher\r\r\n"
        #expect(try items(convertedTwice) == ["Liste|[ ] Zelt", "Liste|[x] Kocher"])
    }

    @Test func aNumberedItemNotStartingAtOneUnderATasksTextContinuesIt() throws {
        // CommonMark (and GitHub) show one checkbox here: an ordered list that starts at 2
        // cannot interrupt a paragraph, so the line is text of the task above. A sibling item
        // of the same list is another task.
        let text = "- [ ] Stove\n  2. [ ] Map\n- [ ] Tent\n3. [ ] Lamp\n"
        #expect(try items(text) == ["-|[ ] Stove 2. [ ] Map", "-|[ ] Tent", "-|[ ] Lamp"])
    }

    @Test func anEmptyBulletIsAPlainBulletLine() throws {
        // `-` alone, or followed by spaces, is an empty list item: skipped and counted like
        // any plain bullet; one whose text starts on the next line counts both lines.
        let text = "# A\n- [ ] Tent\n-\n- \n- plain\n-\n  wrapped below\n*\n  - [ ] Stove\n"
        let result = try parse(text)
        #expect(try items(text) == ["A|[ ] Tent", "A|[ ] Stove"])
        #expect(result.skipped.breakdown == "plain bullet 6")
    }

    @Test func theBoxUnderAMarkerAloneMayStandUpToThreeSpacesFurtherIn() throws {
        // `-` alone, then `[ ]` on the next line one to three spaces past the item's content
        // column: still the start of the item's first paragraph, so a task (four: code).
        let text = "-\n   [ ] Tent\n*\n     [x] Stove\n-\n      [ ] code\n"
        #expect(try items(text) == ["-|[ ] Tent", "-|[x] Stove"])
    }

    @Test func anItemBegunByAMarkerAloneEndsAtABlankLine() throws {
        // CommonMark: an item begins with at most one blank line. After `-` alone and a blank
        // line, the indented `[ ]` line is a paragraph of its own, shown with no checkbox.
        let text = "-\n\n  [ ] Tent\n- [ ] Stove\n"
        #expect(try items(text) == ["-|[ ] Stove"])
        #expect(try parse(text).skipped.breakdown == "prose 1, plain bullet 1")
    }

    @Test func separatorsAMarkdownReaderSeesAsSpaceJoinATitleAndNulBecomesAReplacement() throws {
        // CommonMark ends lines only at LF, CR LF and CR: a vertical tab, form feed, NEL or
        // Unicode line or paragraph separator is text, shown as white space, so it joins a
        // title as a space; NUL is shown as U+FFFD. None of them refuses the file.
        let text =
            "# Camp\u{2028}site\n- [ ] Tent\u{2028}pegs\n- [ ] Map\u{0B}and\u{0C}compass\u{85}case\n"
            + "- [x] Lamp\u{2029}oil\n- [ ] Stove\u{0}fuel\n- [ ] \u{2028}\n"
        let result = try parse(text)
        #expect(
            try items(text) == [
                "Camp site|[ ] Tent pegs", "Camp site|[ ] Map and compass case",
                "Camp site|[x] Lamp oil", "Camp site|[ ] Stove\u{FFFD}fuel",
            ])
        #expect(result.skipped.breakdown == "empty task 1")
    }

    @Test func aVerticalTabOrFormFeedAfterTheBoxSeparatesItFromTheTitle() throws {
        // GFM ends a task marker with white space, these two included (GitHub and
        // markdown-it show a checkbox); in the title they read as a space, as anywhere else.
        let text = "- [ ]\u{0B}Map\n- [x]\u{0C}Compass\n"
        #expect(try items(text) == ["-|[ ] Map", "-|[x] Compass"])
    }

    @Test func inlineMarkdownIsKeptAsWritten() throws {
        let text = "- [ ] Read [the docs](https://example.com) and `run` **it**\n"
        #expect(try items(text) == ["-|[ ] Read [the docs](https://example.com) and `run` **it**"])
    }

    @Test func aTaskAfterAParagraphOfItsItemIsProse() throws {
        // `[ ]` only makes a task at the start of an item's first paragraph.
        let text = "- Intro\n\n  [ ] not a task\n- [ ] task\n"
        #expect(try items(text) == ["-|[ ] task"])
    }

    @Test func htmlBlocksEndAtABlankLineAndTasksAfterThemAreRead() throws {
        // Stands for a pull-request template that folds its checklist into <details>.
        let text = "<details>\n<summary>Checks</summary>\n\n- [ ] Tests pass\n\n</details>\n"
        #expect(try items(text) == ["-|[ ] Tests pass"])
        #expect(try parse(text).skipped.breakdown == "HTML 3")
    }

    @Test func aTagWithTextAfterItOnItsLineStartsProseNotHTML() throws {
        // CommonMark: a tag that is not a block tag starts an HTML block only when nothing
        // but white space follows it on its line. `<b>…</b>` is a paragraph, which the task
        // under it interrupts; a lone `<img …>` or `</span>` hides what follows it.
        let text = """
            <b>Before the release</b>
            - [ ] Tag

            <img src="a.png" alt='x'>
            - [ ] hidden in HTML

            </span >
            - [ ] hidden too
            """
        #expect(try items(text) == ["-|[ ] Tag"])
        #expect(try parse(text).skipped.breakdown == "HTML 4, prose 1")
    }

    // MARK: - Long and deep input (issue 29, 25: each once took quadratic time or worse)

    @Test func aTaskOfThousandsOfContinuationLinesIsOneTitle() throws {
        let words = (1...5_000).map { "word\($0)" }
        let text = "- [ ] task\n" + words.map { "  \($0)\n" }.joined()
        #expect(try items(text) == ["-|[ ] task " + words.joined(separator: " ")])
    }

    @Test func aTaskOfThousandsOfLazyContinuationLinesIsOneTitle() throws {
        let words = (1...5_000).map { "word\($0)" }
        let text = "- [ ] task\n" + words.map { "\($0)\n" }.joined()
        #expect(try items(text) == ["-|[ ] task " + words.joined(separator: " ")])
    }

    @Test func tasksNestedAThousandDeepArePrefixedByEveryParent() throws {
        let depth = 1_000
        let text = (0..<depth).map { String(repeating: "  ", count: $0) + "- [ ] t\($0)\n" }
            .joined()
        let titles = try parse(text).document.lists.flatMap(\.items).map(\.title.text)
        #expect(titles.count == depth)
        #expect(titles.last == (0..<depth).map { "t\($0)" }.joined(separator: " › "))
    }

    @Test func plainBulletsNestedAThousandDeepAreSkippedAndTheTaskUnderThemIsRead() throws {
        let depth = 1_000
        let text =
            (0..<depth).map { String(repeating: "  ", count: $0) + "- bullet\n" }.joined()
            + String(repeating: "  ", count: depth) + "- [x] deepest\n"
        #expect(try items(text) == ["-|[x] deepest"])
        #expect(try parse(text).skipped.breakdown == "plain bullet 1000")
    }

    @Test func markersNestedTenThousandDeepOnOneLineMakeOneTask() throws {
        let text = String(repeating: "- ", count: 10_000) + "[ ] deep\n"
        #expect(try items(text) == ["-|[ ] deep"])
    }

    @Test func aThematicBreakAfterListMarkersIsStillABreak() throws {
        // `- - - -` is a thematic break; `- * * *` an item holding one; `- - [ ] x` a task
        // two items deep, whose `-` markers look like a break's until the box.
        let text = "- - - -\n- * * *\n- - [ ] x\n"
        #expect(try items(text) == ["-|[ ] x"])
        #expect(try parse(text).skipped.breakdown == "rule 2")
    }

    // MARK: - Helpers

    private func parse(_ text: String, splitLevel: Int = 6) throws -> LenientImport {
        try ImportDocument.parseLenientMarkdown(Array(text.utf8), splitLevel: splitLevel)
    }

    /// `list|[x] title` for each item, in order; `-` for no named list.
    private func items(_ text: String, splitLevel: Int = 6) throws -> [String] {
        try parse(text, splitLevel: splitLevel).document.lists.flatMap { list in
            list.items.map { "\(list.name ?? "-")|\($0.isSelected ? "[x]" : "[ ]") \($0.title)" }
        }
    }
}
