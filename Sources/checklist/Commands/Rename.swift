import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", _superCommandName: "checklist",
            abstract: "Change an item's title.",
            discussion:
                "Use -- before a title that starts with a dash: rename 4 -- '-5 degrees'\nExample: checklist rename 7 'Gas stove'"
        )

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: "The item's ID.")
        var id: String

        @Argument(help: "The new title.")
        var title: String

        func run() throws {
            let id = try ItemID(parsingSingle: id)
            let title = try Title(title)
            let change = try store.openForChanging().rename(
                id, to: title, namedList: try list.explicitListName)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
