import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy", _superCommandName: "checklist lists",
            abstract: "Start a new list from an existing one, as a template.",
            discussion: """
                The new list gets the source's mode and its items' titles in the same order, \
                checked as in the source unless --unchecked, with new IDs. A DST that exists \
                is refused (exit 3). `checklist undo` removes the copy.
                Example: checklist lists copy camping trip-2026 --unchecked
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Copy every item unchecked.")
        var unchecked = false

        @Argument(
            help: ArgumentHelp("The list to copy.", valueName: "src"),
            completion: .custom(ListNames.complete))
        var source: String

        @Argument(help: ArgumentHelp("The new list's name.", valueName: "dst"))
        var destination: String

        func validate() throws { try ListName.validate(destination) }

        func run() throws {
            let change = try store.openForChanging().copyList(
                ListName(lookingUp: source), to: try ListName(destination), unchecked: unchecked)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
