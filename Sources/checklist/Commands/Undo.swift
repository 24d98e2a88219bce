import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", _superCommandName: "checklist",
            abstract: "Revert your most recent change; again to walk further back.",
            discussion: """
                Any change can be undone (add, check, uncheck, toggle, delete, rename, move, \
                import and the lists commands), the newest first, up to 50 back: deleted \
                items come back with their IDs, titles, places, selection and timestamps. \
                Undo covers every list. A new change after an undo cannot be redone. \
                Each change records its author (the login name; the role on a server): undo \
                reverts your newest change, and --anyone the newest of all. An undo that \
                would overwrite a later change by someone else to the same items or lists is \
                refused with exit 75. Exits 3 when there is nothing to undo.
                Example: checklist undo
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Revert the newest change whoever made it, not only your own.")
        var anyone = false

        func run() throws {
            let change = try store.openForChanging().undo(anyone: anyone)
            Output.summarize("undid change \(change.id): \(change.description)", quiet: quiet.quiet)
        }
    }
}
