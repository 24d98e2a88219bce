import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "undo",
            abstract: "Revert the most recent change; again to walk further back.",
            discussion: """
                Any change can be undone (add, check, uncheck, toggle, delete, rename, move, \
                import and the lists commands), the newest first, up to 50 back: deleted \
                items come back with their IDs, titles, places, selection and timestamps. \
                Undo covers every list. A new change after an undo cannot be redone. \
                Exits 3 when there is nothing to undo.
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        func run() throws {
            let change = try store.openForChanging().undo()
            Output.summarize("undid change \(change.id): \(change.description)", quiet: quiet.quiet)
        }
    }

    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Show the recent changes that undo can revert, newest first.",
            discussion: "Text shows `ID  TIME  WHAT`; json adds the command and item count.")

        @OptionGroup var store: StoreOptions

        @Option(help: "text, json or ids.")
        var format: OutputFormat = .text

        @Option(help: "Show at most this many changes.")
        var limit: Int = 50

        func validate() throws {
            if limit < 1 { throw ValidationError("--limit needs a count of 1 or more") }
        }

        func run() throws {
            let changes = try store.openForReading().history(limit: limit)
            HistoryRenderer(format: format, escapesControls: Output.isTerminal)
                .write(changes, to: &Output.standardOutput)
        }
    }
}
