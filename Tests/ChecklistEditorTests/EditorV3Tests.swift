import ChecklistCore
import ChecklistEditor
import ChecklistModel
import Foundation
import Testing

/// The edit mode's v3 lines: pastes are text, the list is followed by identity, small screens
/// keep the way out, a read-only database is viewable.
@Suite struct EditorV3Tests {
    // MARK: - Bracketed paste

    @Test func aBracketedPasteIsOneKeyWhateverItHolds() {
        let bytes = Array("\u{1B}[200~Socks\rShirt and pants\ri\u{1B}[A\u{1B}[201~j".utf8)
        let decoded = KeyDecoder.decode(bytes, isFinal: true)
        #expect(decoded.keys == [.paste("Socks\rShirt and pants\ri\u{1B}[A"), .character("j")])
        #expect(decoded.used == bytes.count)
    }

    @Test func aPasteWaitsForItsEndMarkerEvenAfterAPause() {
        let start = Array("\u{1B}[200~Socks\ri".utf8)
        let first = KeyDecoder.decode(start, isFinal: true)
        #expect(first.keys.isEmpty, "no byte of an unfinished paste is a key")
        #expect(first.used == 0)
        let whole = KeyDecoder.decode(start + Array("r\u{1B}[201~".utf8), isFinal: false)
        #expect(whole.keys == [.paste("Socks\rir")])
    }

    @Test func linesPastedIntoTheAddPromptAddOneItemEachInOneChange() throws {
        let (store, _) = try storeWith(["Tent"])
        var editor = TestEditor(store: store)
        editor.type("o")
        editor.press(.paste("Socks\nShirt and pants\n\n  \n"))
        #expect(try allIDs(store).count == 3)
        #expect(try store.items(in: .all).map(\.title) == ["Tent", "Socks", "Shirt and pants"])
        #expect(try store.history().count == 2, "one change for the whole paste")
        #expect(editor.state.prompt == nil)
        editor.type("u")
        #expect(try store.items(in: .all).map(\.title) == ["Tent"])
    }

    @Test func textTypedBeforeAPasteJoinsItsFirstLine() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("o")))
        _ = editor.handle(.key(.character("A")))
        #expect(
            editor.handle(.key(.paste("B\r\nC"))) == [.write(.add(["AB", "C"], list: "default"))])
    }

    @Test func aPasteIntoRenameOrFilterHasSpacesForLineBreaks() {
        var editor = state(showing: page(["Tent"]))
        _ = editor.handle(.key(.character("r")))
        _ = editor.handle(.key(.paste(" big\nred")))
        #expect(editor.prompt == .rename(1, "Tent big red"))
        _ = editor.handle(.key(.escape))
        _ = editor.handle(.key(.character("/")))
        _ = editor.handle(.key(.paste("te\nnt")))
        #expect(editor.prompt == .filter("te nt"))
    }

    @Test func aPasteOutsideAPromptIsIgnored() {
        var editor = state(showing: page(["Tent", "Stove"]))
        let before = editor
        #expect(editor.handle(.key(.paste("i r q d y"))).isEmpty)
        #expect(editor == before)
    }

    // MARK: - The list by identity

    @Test func aListRenamedElsewhereShowsItsNewNameAndKeepsItsRows() throws {
        let (store, _) = try storeWith(["Tent", "Stove"], list: "pack")
        var editor = TestEditor(store: store, list: "pack")
        editor.type(" ")
        try store.renameList(ListName("pack"), to: ListName("packing"))
        editor.externalChange()
        #expect(editor.state.list == "packing")
        #expect(editor.screen[0].hasPrefix("packing · multiple · 1 of 2 checked"))
        #expect(editor.footer.contains("\"pack\" is now \"packing\""))
        editor.type("jo")
        editor.type("Map")
        editor.press(.enter)
        #expect(try store.lists().map(\.name.text) == ["packing"], "no list 'pack' again")
        #expect(try store.items(in: .list(ListName("packing"))).count == 3)
    }

    @Test func aListDeletedElsewhereIsNotCreatedAgainByO() throws {
        let (store, _) = try storeWith(["Tent"], list: "pack")
        try store.addList(named: ListName("other"))
        var editor = TestEditor(store: store, list: "pack")
        try store.deleteList(named: ListName("pack"), withItems: true)
        editor.externalChange()
        #expect(editor.footer.contains("\"pack\" was deleted"))
        editor.type("o")
        #expect(editor.state.prompt == nil)
        editor.type("Map")
        editor.press(.enter)
        #expect(try store.lists().map(\.name.text) == ["other"])
        editor.press(.tab)
        #expect(editor.state.list == "other")
    }

    @Test func aNewListGivenTheDeletedListsIDIsNotTakenForIt() throws {
        let (store, _) = try storeWith(["Tent"], list: "pack")
        var editor = TestEditor(store: store, list: "pack")
        try store.deleteList(named: ListName("pack"), withItems: true)
        // lists.id is an INTEGER PRIMARY KEY: the next list gets the deleted one's ID.
        try store.add([try Title("Milk")], to: ListName("groceries"))
        editor.externalChange()
        #expect(editor.state.list == "pack")
        #expect(editor.footer.contains("\"pack\" was deleted"))
        #expect(!editor.screen[0].hasPrefix("groceries"))
    }

    @Test func anAddPromptOpenWhenTheListIsDeletedDoesNotCreateItAgain() throws {
        let (store, _) = try storeWith(["Tent"], list: "pack")
        try store.addList(named: ListName("other"))
        var editor = TestEditor(store: store, list: "pack")
        editor.type("oMap")
        try store.deleteList(named: ListName("pack"), withItems: true)
        editor.externalChange()
        editor.press(.enter)
        #expect(try store.lists().map(\.name.text) == ["other"])
        #expect(editor.footer.contains("was deleted"))
    }

    // MARK: - Single choice, read-only

    @Test func spaceOnTheCurrentChoiceSaysSo() throws {
        let (store, ids) = try storeWith(["Train", "Car"], list: "trip", mode: .single)
        try store.check(.ids(IDSet(ids: [ids[0]])))
        var editor = TestEditor(store: store, list: "trip")
        let entries = try store.history().count
        editor.type(" ")
        #expect(editor.footer == "\(ids[0]) is already the choice; n clears it  ? q")
        #expect(try store.history().count == entries)
        #expect(try checkedIDs(store, list: "trip") == [ids[0]])
    }

    @Test func aReadOnlyDatabaseIsViewableAndChangingKeysSayWhy() throws {
        let (store, _) = try storeWith(["Tent", "Stove"])
        var editor = TestEditor(store: store)
        editor.session = EditorSession(
            list: "default", engine: EditorEngine(store: store), rows: 24, columns: 80,
            readOnlyReason: "read-only database, nothing changed: the file is read-only")
        #expect(editor.screen[0].hasPrefix("default · multiple · 0 of 2 checked"))
        for key in [" ", "a", "d", "o", "u", "J"] {
            editor.type(key)
            #expect(
                editor.footer == "read-only database, nothing changed: the file is read-only  ? q")
        }
        editor.type("j")
        #expect(editor.state.cursorRow?.title == "Stove")
        #expect(try checkedIDs(store).isEmpty)
        #expect(try store.history().count == 1)
    }

    // MARK: - Small screens

    @Test(arguments: [(20, 5), (37, 9), (50, 24), (79, 24)])
    func theFooterKeepsHelpAndQuitAtEverySize(columns: Int, rows: Int) throws {
        let (store, _) = try storeWith(["Tent", "Stove", "Map"])
        for checked in [0, 2] {
            var editor = TestEditor(store: store, rows: rows, columns: columns)
            if checked > 0 { editor.type(" j ") }
            let footer = editor.footer
            #expect(footer.contains("?") && footer.contains("q"), "\(columns)x\(rows): \(footer)")
            #expect(EditorText.width(of: footer) <= columns)
            #expect(footer.contains("\(checked)"), "the count stays: \(footer)")
        }
    }

    @Test(arguments: [20, 37, 80])
    func aMessageKeepsTheWayToHelpAndOut(columns: Int) throws {
        let (store, _) = try storeWith(["Tent"])
        var editor = TestEditor(store: store, rows: 5, columns: columns)
        editor.type("d")  // Delete (0): a message
        #expect(editor.footer.hasSuffix("? q"), "\(editor.footer)")
        #expect(editor.footer.hasPrefix("Delete (0)"))
        #expect(EditorText.width(of: editor.footer) <= columns)
    }

    @Test func theHelpScrollsWhenItDoesNotFit() throws {
        let (store, _) = try storeWith(["Tent"])
        var editor = TestEditor(store: store, rows: 9, columns: 37)
        editor.type("?")
        #expect(editor.screen.contains { $0.contains("scroll") })
        var seen = Set(editor.screen)
        let wrapped = EditorScreen.helpLines(columns: 37)
        for _ in 0..<wrapped.count { editor.type("j"); seen.formUnion(editor.screen) }
        for line in wrapped {
            #expect(seen.contains(line), "never shown: \(line)")
        }
        // Every word of every description is shown: wrapped, not cut.
        let shownWords = Set(seen.flatMap { $0.split(separator: " ").map(String.init) })
        for entry in EditorKeymap.entries {
            for word in entry.description.split(separator: " ") {
                #expect(shownWords.contains(String(word)), "cut: \(word) of \(entry.description)")
            }
        }
        editor.type("k")
        #expect(editor.state.showsHelp)
        editor.type("x")
        #expect(!editor.state.showsHelp)
    }

    @Test func theConnectionLostLineStaysUntilTheConnectionIsBack() {
        var editor = state(showing: page(["Tent", "Stove"]))
        editor.connectionLost = "connection lost, reconnecting; nothing changes until then (x)"
        _ = editor.handle(.key(.character("j")))
        _ = editor.handle(.key(.character("k")))
        let footer = EditorScreen.lines(for: editor, rows: 10, columns: 80).last?.text ?? ""
        #expect(footer.hasPrefix("connection lost, reconnecting"), "\(footer)")
        editor.connectionLost = nil
        let back = EditorScreen.lines(for: editor, rows: 10, columns: 80).last?.text ?? ""
        #expect(back.hasPrefix("Delete (0)"), "\(back)")
    }

    @Test func aMessageIsNeverCutInTheMiddleOfAnID() {
        let message = "a single-choice list keeps one: check IDs 11, 12345 or 678 one at a time"
        for columns in 20...80 {
            let shown = EditorText.fittingAtWord(message, into: columns)
            #expect(EditorText.width(of: shown) <= columns)
            let words = shown.replacingOccurrences(of: "…", with: "").split(separator: " ")
            for word in words {
                #expect(message.split(separator: " ").contains(word), "\(columns): \(shown)")
            }
        }
    }
}

/// One keymap drives the keys, the `?` screen and the footer (issue 16, point 4).
@Suite struct EditorKeymapTests {
    @Test func everyBoundKeyDoesSomethingAndEveryEntryIsOnTheHelpScreen() {
        let help = EditorScreen.helpLines
        for entry in EditorKeymap.entries {
            #expect(help.contains { $0.contains(entry.label) && $0.contains(entry.description) })
            for binding in entry.bindings {
                var editor = state(
                    showing: page(
                        ["Tent", "Stove", "Map"], checked: [2], lists: ["default", "other"],
                        anchor: 1))
                editor.filter = EditorFilter("t")
                let before = editor
                let effects = editor.handle(.key(binding.key))
                #expect(!effects.isEmpty || editor != before, "\(binding.key) does nothing")
            }
        }
        var editor = state(showing: page(["Tent"]))
        let before = editor
        #expect(editor.handle(.key(.character("z"))).isEmpty)
        #expect(editor == before, "a key of no entry does nothing")
    }

    @Test func theFootersHintsAreTheKeymapsAndItsKeysWork() {
        let footer =
            EditorScreen.lines(for: state(showing: page(["Tent"])), rows: 24, columns: 200)
            .last?.text ?? ""
        for entry in EditorKeymap.entries {
            guard let hint = entry.hint else { continue }
            #expect(footer.contains(hint))
            let key = String(hint.prefix { $0 != " " }).replacingOccurrences(of: "space", with: " ")
            let first = key.first.map { EditorKeymap.action(for: .character($0)) } ?? nil
            #expect(first != nil, "the hint \(hint) names a key that works")
        }
    }
}

@Suite struct PasteLimitTests {
    @Test func aPasteWithoutItsEndMarkerEndsAfterAMebibyte() {
        let start = Array("\u{1B}[200~".utf8)
        let short = KeyDecoder.decode(
            start + Array(repeating: UInt8(ascii: "x"), count: 1000), isFinal: true)
        #expect(short.keys.isEmpty)
        let long = start + Array(repeating: UInt8(ascii: "x"), count: KeyDecoder.maximumPaste + 1)
        let decoded = KeyDecoder.decode(long, isFinal: true)
        #expect(decoded.used == long.count)
        #expect(decoded.keys.count == 1)
    }
}
