import ArgumentParser

extension ChecklistCommand {
    struct Check: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", _superCommandName: "checklist",
            abstract: "Check items (set isSelected); --all checks the whole list.",
            discussion: idsDiscussion(
                example: "checklist list --match tent --format ids | checklist check -"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false
        @Flag(help: "Choose the items on the terminal first (as checklist pick).") var pick = false

        static let change = SelectionRequest.Change.check
    }
}
