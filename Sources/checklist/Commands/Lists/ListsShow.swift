import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", _superCommandName: "checklist lists",
            abstract: "Show each list with its checked and total counts (the default).",
            discussion:
                "Text shows `name  checked/total`; json gives name, mode, checked, total.\nExample: checklist lists show --format json"
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var colors: ColorOptions

        @Option(help: "text, json or ids (ids prints one list name a line).")
        var format: OutputFormat = .text

        func run() throws {
            let lists = try store.openForReading().lists()
            ListsRenderer(
                format: format, escapesControls: Output.isTerminal || colors.isColored,
                isColored: colors.isColored
            )
            .write(lists, to: &Output.standardOutput)
        }
    }
}
