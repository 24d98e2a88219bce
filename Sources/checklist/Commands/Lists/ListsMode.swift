import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Mode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mode", _superCommandName: "checklist lists",
            abstract: "Make a list multiple-choice or single-choice.",
            discussion: """
                Making a list single while several of its items are checked is refused (exit \
                3) unless --keep ID names the one to keep checked; the others are unchecked.
                Example: checklist lists mode tents single --keep 6
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(
            help: ArgumentHelp(
                "The item to keep checked; the others are unchecked.",
                valueName: "id"))
        var keep: String?

        @Argument(help: "The list's name.", completion: .custom(ListNames.complete))
        var name: String

        @Argument(help: "multiple or single.")
        var mode: ListMode

        func validate() throws {
            if keep != nil && mode != .single {
                throw ValidationError("--keep goes with single: it names the one item to keep")
            }
        }

        func run() throws {
            let keeping = try keep.map { try ItemID(parsingSingle: $0) }
            let change = try store.openForChanging().setMode(
                mode, ofList: ListName(lookingUp: name), keeping: keeping)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
