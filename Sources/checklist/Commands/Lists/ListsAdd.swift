import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", _superCommandName: "checklist lists",
            abstract: "Create an empty list.",
            discussion: "Example: checklist lists add tents --mode single")

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(help: "multiple (any number checked) or single (at most one).")
        var mode: ListMode = .multiple

        @Argument(help: "The new list's name.")
        var name: String

        func validate() throws { try ListName.validate(name) }

        func run() throws {
            let change = try store.openForAdding().addList(named: try ListName(name), mode: mode)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
