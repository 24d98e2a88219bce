import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history", _superCommandName: "checklist",
            abstract: "Show the recent changes that undo can revert, newest first.",
            discussion: """
                Text shows `ID  TIME  AUTHOR  WHAT`, the time local to the minute and the \
                author who made the change (`-` for changes recorded before authors were \
                kept); json adds the command and item count, with UTC timestamps.
                Example: checklist history --limit 5
                """)

        @OptionGroup var store: StoreOptions

        @Option(help: "text, json or ids.")
        var format: OutputFormat = .text

        @Option(help: "Show at most this many changes.")
        var limit: Int = 50

        func validate() throws {
            if limit < 1 {
                throw ValidationError(
                    "invalid value '\(limit)' for '--limit <limit>': give a count of 1 or more")
            }
        }

        func run() throws {
            let changes = try store.openForReading().history(limit: limit)
            HistoryRenderer(format: format, escapesControls: Output.isTerminal)
                .write(changes, to: &Output.standardOutput)
        }
    }
}
