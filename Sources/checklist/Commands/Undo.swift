import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo", _superCommandName: "checklist",
            abstract: "Revert the most recent change; again to walk further back.",
            discussion: """
                Any change can be undone (add, check, uncheck, toggle, delete, rename, move, \
                import and the lists commands), the newest first, up to 50 back: deleted \
                items come back with their IDs, titles, places, selection and timestamps. \
                Undo covers every list. A new change after an undo cannot be redone. \
                Exits 3 when there is nothing to undo.
                Example: checklist undo
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        func run() throws {
            let change = try store.openForChanging().undo()
            Output.summarize("undid change \(change.id): \(change.description)", quiet: quiet.quiet)
        }
    }
}
