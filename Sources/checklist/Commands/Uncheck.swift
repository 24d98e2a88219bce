import ArgumentParser

extension ChecklistCommand {
    struct Uncheck: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "uncheck", _superCommandName: "checklist",
            abstract: "Uncheck items; --all resets the whole list for its next use.",
            discussion: idsDiscussion(example: "checklist uncheck --all -l camping"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false
        @Flag(help: "Choose the items on the terminal first (as checklist pick).") var pick = false

        static let change = SelectionRequest.Change.uncheck
    }
}
