import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Testing

/// The renderer as text at several terminal sizes, and the bytes that draw it.
@Suite struct EditorScreenTests {
    @Test func an80By24ScreenHasAHeaderRowsAndAFooter() {
        var editor = state(showing: page(["Tent", "Stove", "Map"], checked: [2], anchor: 1))
        editor.list = "default"
        let lines = EditorScreen.lines(for: editor, rows: 24, columns: 80)
        #expect(lines.count == 24)
        #expect(lines[0].text == "default · multiple · 1 of 3 checked".padding(80))
        #expect(lines[1].text == "[ ] 1 Tent")
        #expect(lines[2].text == "[x] 2 Stove".padding(80))
        #expect(lines[2].spans.map(\.style) == [.cursor])
        #expect(lines[3].text == "[ ] 3 Map")
        #expect(lines[4].text == "")
        #expect(
            lines[23].text
                == "d Delete (1)  space toggle  a/n/i all  u undo  / filter  o add  ? keys  q quit")
        #expect(lines.allSatisfy { EditorText.width(of: $0.text) <= 80 })
    }

    @Test func deleteIsShownUnavailableWhenNothingCheckedIsShown() {
        let editor = state(showing: page(["Tent"]))
        let footer = EditorScreen.lines(for: editor, rows: 24, columns: 80)[23]
        #expect(footer.spans.first?.text == "Delete (0) n/a")
        #expect(footer.spans.first?.style == .unavailable)
    }

    @Test func theNarrowestFooterStillCountsTheDeletableItems() {
        let editor = state(showing: page(["Tent", "Stove"], checked: [2], anchor: 0))
        for columns in 8...11 {
            let footer = EditorScreen.lines(for: editor, rows: 5, columns: columns)[4].text
            #expect(footer.hasPrefix("Del (1)"), "\(columns) columns: \(footer)")
        }
    }

    @Test func aOneRowTerminalShowsTheCursorRowOrThePrompt() {
        var editor = state(showing: page(["Tent", "Stove"], anchor: 1))
        let lines = EditorScreen.lines(for: editor, rows: 1, columns: 80)
        #expect(lines.map(\.text) == ["[ ] 2 Stove".padding(80)])
        _ = editor.handle(.key(.character("o")))
        _ = editor.handle(.key(.character("M")))
        #expect(EditorScreen.lines(for: editor, rows: 1, columns: 80).map(\.text) == ["Add: M_"])
    }

    @Test func a200ColumnTerminalShowsWholeLongTitles() {
        let title = String(repeating: "long ", count: 35) + "end"
        let editor = state(showing: page([title], anchor: 0))
        let lines = EditorScreen.lines(for: editor, rows: 24, columns: 200)
        #expect(lines[1].text == ("[ ] 1 " + title).padding(200))
    }

    @Test func longTitlesAreCutByDisplayWidth() {
        let wide = String(repeating: "漢", count: 50)
        let editor = state(showing: page(["Tent", wide], anchor: 0))
        let line = EditorScreen.lines(for: editor, rows: 24, columns: 40)[2].text
        #expect(EditorText.width(of: line) <= 40)
        #expect(line == "[ ] 2 " + String(repeating: "漢", count: 16) + "…")
    }

    @Test func controlCharactersInTitlesAreShownEscaped() {
        let editor = state(showing: page(["Evil \u{1B}[2J title", "Bell\u{7}"], anchor: 1))
        let lines = EditorScreen.lines(for: editor, rows: 24, columns: 80)
        #expect(lines[1].text == "[ ] 1 Evil \\u{1B}[2J title")
        #expect(lines[2].text.hasPrefix("[ ] 2 Bell\\u{7}"))
    }

    @Test func theCursorRowIsReverseVideoWithAndWithoutColour() {
        let line = ScreenLine("[ ] 1 Tent", .cursor)
        #expect(ScreenEncoder(usesColour: false).encode(line) == "\u{1B}[7m[ ] 1 Tent\u{1B}[0m")
        #expect(ScreenEncoder(usesColour: true).encode(line) == "\u{1B}[7m[ ] 1 Tent\u{1B}[0m")
    }

    @Test func withoutColourNoColourSequenceIsWritten() {
        let editor = state(showing: page(["Tent", "Stove"], checked: [1, 2], anchor: 1))
        var encoder = ScreenEncoder(usesColour: false)
        let bytes = encoder.frame(EditorScreen.lines(for: editor, rows: 24, columns: 80))
        #expect(graphicModes(in: bytes) == ["0", "1", "7"])
        var coloured = ScreenEncoder(usesColour: true)
        #expect(
            coloured.frame(EditorScreen.lines(for: editor, rows: 24, columns: 80)).contains(
                "\u{1B}[32m"))
    }

    @Test func aFrameRedrawsOnlyTheLinesThatChanged() {
        var encoder = ScreenEncoder(usesColour: false)
        _ = encoder.frame([ScreenLine("a"), ScreenLine("b")])
        #expect(encoder.frame([ScreenLine("a"), ScreenLine("c")]) == "\u{1B}[2;1Hc\u{1B}[K")
    }

    @Test func theHelpScreenListsEveryKey() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("?")))
        let text = EditorScreen.lines(for: editor, rows: 24, columns: 80).map(\.text)
            .joined(separator: "\n")
        for key in [
            "j, Down", "g, Home", "PgDn", "space", "a / n / i", "d, then y", "u", "/",
            "o", "r", "J / K", "Tab / Shift-Tab", "q, Esc",
        ] {
            #expect(text.contains("  " + key), "\(key)")
        }
    }
}

/// The distinct SGR parameter lists (`ESC [ … m`) in `bytes`.
private func graphicModes(in bytes: String) -> Set<String> {
    var modes: Set<String> = []
    for piece in bytes.split(separator: "\u{1B}[").dropFirst() {
        let parameters = piece.prefix { $0.isNumber || $0 == ";" }
        if piece.dropFirst(parameters.count).first == "m" { modes.insert(String(parameters)) }
    }
    return modes
}
