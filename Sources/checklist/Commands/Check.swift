import ArgumentParser
import ChecklistCore

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

        func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange
        {
            try store.check(selection, ignoringMissing: ids.ignoreMissing)
        }
    }
}
