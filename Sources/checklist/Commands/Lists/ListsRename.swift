import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", _superCommandName: "checklist lists",
            abstract: "Rename a list; its items stay in it.",
            discussion: "Example: checklist lists rename camping trip")

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: "The list's name.", completion: .custom(ListNames.complete))
        var name: String

        @Argument(help: "Its new name.")
        var newName: String

        func validate() throws { try ListName.validate(newName) }

        func run() throws {
            let change = try store.openForChanging().renameList(
                ListName(lookingUp: name), to: try ListName(newName))
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
