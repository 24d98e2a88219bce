import ArgumentParser

extension ChecklistCommand {
    struct Count: RequestCommand {
        static let configuration = CommandConfiguration(
            commandName: "count", _superCommandName: "checklist",
            abstract: "Print CHECKED TOTAL for a list (one number with --checked or --unchecked).",
            discussion: "Example: checklist count -l camping --all-checked && echo packed")

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Flag(help: "Count every list.")
        var all = false

        @Flag(help: "Print only the number of checked items.")
        var checked = false

        @Flag(help: "Print only the number of unchecked items.")
        var unchecked = false

        @Flag(
            help: """
                Exit 0 when every item is checked (an empty list too), 1 when some are not: \
                "are we packed?" in a shell if.
                """)
        var allChecked = false

        @Option(
            help: ArgumentHelp(
                "Count only items whose title contains this text (any case, any script).",
                valueName: "text"))
        var match: String?

        var request: Request {
            .count(
                CountRequest(
                    store: store.location, list: list.choice, all: all, checked: checked,
                    unchecked: unchecked, allChecked: allChecked, match: match))
        }
    }
}
