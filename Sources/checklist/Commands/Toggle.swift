import ArgumentParser

extension ChecklistCommand {
    struct Toggle: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "toggle", _superCommandName: "checklist",
            abstract: "Flip items between checked and unchecked; --all inverts the whole list.",
            discussion: idsDiscussion(example: "checklist toggle 2,5-7"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false
        @Flag(help: "Choose the items on the terminal first (as checklist pick).") var pick = false

        static let change = SelectionRequest.Change.toggle
    }
}
