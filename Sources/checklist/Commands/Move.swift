import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", _superCommandName: "checklist",
            abstract: "Move an item to another place in its list, or into another list.",
            discussion: """
                Give one of --to, --before or --after, and/or --list. Positions count from 1; \
                after a move the list's positions are 1, 2, 3… again. --before and --after \
                move the item into the other item's list. Moving a checked item into a \
                single-choice list unchecks the item checked there.
                Examples: checklist move 7 --to 1; checklist move 7 --after 3; \
                checklist move 7 --list groceries
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: "The item's ID.")
        var id: String?

        @Flag(help: "Choose the item on the terminal first (as checklist pick).")
        var pick = false

        @Option(
            help: ArgumentHelp(
                "With --pick: the list to choose from (default: $CHECKLIST_LIST, else 'default').",
                valueName: "name"),
            completion: .custom(ListNames.complete))
        var from: String?

        @Option(help: ArgumentHelp("Its new 1-based place in the list.", valueName: "position"))
        var to: Int64?

        @Option(help: ArgumentHelp("Put it just before this item.", valueName: "id"))
        var before: String?

        @Option(help: ArgumentHelp("Put it just after this item.", valueName: "id"))
        var after: String?

        // The destination, so only the flag counts: $CHECKLIST_LIST must never move items.
        @Option(
            name: [.short, .long],
            help: ArgumentHelp(
                "Move it into this list (at the end, unless --to/--before/--after).",
                valueName: "name"),
            completion: .custom(ListNames.complete))
        var list: String?

        func validate() throws {
            if pick && id != nil { throw ValidationError("give the item's ID or --pick, not both") }
            if !pick && id == nil {
                throw ValidationError("give the item's ID (or --pick to choose it on the terminal)")
            }
            if from != nil && !pick { throw ValidationError("--from goes with --pick") }
            try ListChoice(list: from).validate()
            let places = [to != nil, before != nil, after != nil].filter { $0 }.count
            if places > 1 { throw ValidationError("give one of --to, --before and --after") }
            if places == 0 && list == nil {
                throw ValidationError("say where: --to POSITION, --before ID, --after ID or --list")
            }
            if let to, to < 1 {
                throw ValidationError(
                    "invalid value '\(to)' for '--to <position>': positions count from 1")
            }
        }

        func run() throws {
            // The terminal before the database: without one, nothing is opened or created.
            let terminal = pick ? try Picker.takeTerminal(for: "move") : nil
            let target: MoveTarget =
                if let to { .position(to) } else if let before {
                    .before(try ItemID(parsingSingle: before))
                } else if let after { .after(try ItemID(parsingSingle: after)) } else { .end }
            let destination = try list.map { try ListName($0) }
            let store = try store.openForChanging()
            let id: ItemID
            if let terminal {
                let source = ListChoice(list: from)
                let chosen = try Picker.choose(
                    on: terminal, purpose: .move, list: try source.name,
                    explicitList: try source.explicitListName, store: store)
                // The picker marks one item at most; the cursor's when none is marked.
                guard let first = chosen.ids.ids.first(where: { _ in true }) else {
                    throw ExitCode(1)
                }
                id = first
            } else {
                id = try ItemID(parsingSingle: self.id ?? "")
            }
            let change = try store.move(id, to: target, inList: destination)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
