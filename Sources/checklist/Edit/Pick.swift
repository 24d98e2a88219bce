import ArgumentParser
import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistStore
import ChecklistTransfer

extension ChecklistCommand {
    struct Pick: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pick", _superCommandName: "checklist",
            abstract: "Choose items on the terminal; their IDs go to standard output.",
            discussion: """
                Draws the list on the terminal (/dev/tty, so standard output may be a pipe), \
                as the edit mode does: j/k or arrows move, / filters, space or Tab marks a row, \
                a marks every row shown, n clears the marks. Enter prints the marked items (the \
                item under the cursor when none is marked), one ID a line or as JSON, and exits \
                0; q or Esc prints nothing and exits 1; Ctrl-C exits 130. Nothing in the \
                database changes. check, uncheck, toggle, delete and move take --pick to do the \
                same and run on the choice.
                Example: checklist pick -l camping | checklist delete -
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var colors: ColorOptions

        @Flag(help: "Show only checked items.")
        var checked = false

        @Flag(help: "Show only unchecked items.")
        var unchecked = false

        @Option(
            help: ArgumentHelp(
                "Show only items whose title or note contains this text (/ changes it).",
                valueName: "text"))
        var match: String?

        @Option(help: "ids (one a line) or json (as list --format json).")
        var format: PickFormat = .ids

        func validate() throws {
            if checked && unchecked {
                throw ValidationError("give --checked or --unchecked, not both")
            }
        }

        func run() throws {
            let terminal = try Picker.takeTerminal(for: "pick")
            // Writable where it can be, so the quantity and note keys (`ItemField`) work; a
            // file that cannot be written is picked from all the same.
            let opened = try (try? store.openForChanging()) ?? store.openForReading()
            defer { StoreLifetime.closeAndKeepUntilExit(opened) }
            let state: ItemFilter = checked ? .checked : unchecked ? .unchecked : .any
            let chosen = try Picker.choose(
                on: terminal, purpose: .print, list: try list.name,
                explicitList: try list.explicitListName, store: opened, shownState: state,
                match: match ?? "", color: colors.color)
            try Picker.print(chosen, format: format, from: opened)
        }
    }
}

/// What `pick` prints.
enum PickFormat: String, CaseIterable, ExpressibleByArgument {
    case ids
    case json
}

/// The picker as the commands use it: the terminal taken before anything is opened, the
/// choice made there, the IDs handed back as if they had been typed.
enum Picker {
    /// What was chosen, and from which list: its name now (a rename elsewhere is followed)
    /// and its identity.
    struct Choice {
        var ids: IDSet
        var list: ListName
        var identity: ListIdentity
    }

    /// Up to this many chosen IDs are read one by one for `--format ids`; more, with the list.
    static let directReadLimit = 1_000

    /// The controlling terminal, opened for the picker; without one (a script under cron, a
    /// pipe with no terminal at all), one line that says how to give IDs instead, and 64
    /// before anything is opened or created.
    static func takeTerminal(for command: String) throws -> Int32 {
        switch Platform.openControllingTerminal() {
        case .success(let descriptor):
            return descriptor
        case .failure(let failure):
            let example =
                command == "pick"
                ? "list the IDs with 'checklist list --format ids'"
                : "give the IDs instead, as in 'checklist \(command) 3,5'"
            let name = command == "pick" ? "pick" : "\(command) --pick"
            Output.reportError(
                "\(name) needs a terminal to choose on (/dev/tty: \(failure.reason)); \(example)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }

    /// `takeTerminal` for a command's `--pick`, which takes the place of its IDs and of its
    /// list-wide flag (`--all`, `--checked`): given with either, a usage error.
    static func takeTerminal(for command: String, refusing ids: [String], _ listWide: String?)
        throws -> Int32
    {
        if !ids.isEmpty { throw ValidationError("give IDs or --pick, not both") }
        if let listWide { throw ValidationError("give \(listWide) or --pick, not both") }
        return try takeTerminal(for: command)
    }

    /// A command's `--pick`: the items chosen on the list of `-l` (or `$CHECKLIST_LIST`),
    /// as the selection `checklist COMMAND IDS -l NAME` would make of them.
    static func selection(
        on terminal: Int32, purpose: EditorPicking.Purpose, list: ListChoice,
        store: ChecklistStore
    ) throws -> ItemSelection {
        let explicit = try list.explicitListName
        let chosen = try choose(
            on: terminal, purpose: purpose, list: try list.name, explicitList: explicit,
            store: store)
        return .ids(chosen.ids, namedList: explicit == nil ? nil : chosen.list)
    }

    /// Opens the picker on `terminal` for `list` and returns what was chosen there. Leaving
    /// without a choice (`q`, Esc) exits 1; a list named with `-l` must exist (exit 3).
    static func choose(
        on terminal: Int32, purpose: EditorPicking.Purpose, list: ListName,
        explicitList: ListName?, store: ChecklistStore, shownState: ItemFilter = .any,
        match: String = "", color: ColorChoice = .auto
    ) throws -> Choice {
        if explicitList != nil, try !store.lists().contains(where: { $0.name == list }) {
            throw ChecklistError.listNotFound(list.text)
        }
        Platform.useTerminal(terminal)
        var driver = EditorDriver(
            list: list, engine: EditorEngine(store: store),
            usesColour: color.isColored(onTerminal: true), readOnlyReason: nil,
            picking: EditorPicking(purpose: purpose, shownState: shownState), match: match)
        let status = try driver.run()
        guard status == 0, let picked = driver.picked else {
            throw ExitCode(status == 0 ? 1 : status)
        }
        return picked
    }

    /// The chosen items, in the list's order: their IDs one a line, or the JSON of
    /// `list --format json`.
    static func print(_ choice: Choice, format: PickFormat, from store: ChecklistStore) throws {
        let (ids, list) = (choice.ids, choice.list)
        if format == .ids && ids.count <= directReadLimit {
            // A few items of a long list: a read each, not a read of the list (at 1,000,000
            // items, 0.4 s).
            for row in try store.editorRows(ids: ids, in: choice.identity) {
                Output.standardOutput.write("\(row.id)\n")
            }
            return
        }
        switch format {
        case .json:
            var writer = ItemJSONWriter()
            try store.forEachItemBytes(in: .list(list)) {
                if ids.contains($0.id) { writer.write($0, to: &Output.standardOutput) }
            }
            writer.finish(to: &Output.standardOutput)
        case .ids:
            var writer = PipedHeadlineWriter(showsListNames: false, idsOnly: true)
            try store.forEachHeadlineBytes(in: .list(list)) {
                if ids.contains($0.id) { writer.write($0, to: &Output.standardOutput) }
            }
        }
    }
}
