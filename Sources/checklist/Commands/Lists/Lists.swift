import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ListMode: ExpressibleByArgument {}

extension ChecklistCommand {
    struct Lists: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists", _superCommandName: "checklist",
            abstract: "Show the lists with their counts, or add, rename, delete or re-mode one.",
            discussion: """
                A list is 'multiple' (any number of checked items: a packing list) or 'single' \
                (at most one: checking an item unchecks the others). List names are \
                case-sensitive.
                Example: checklist lists --format json
                """,
            subcommands: [Show.self, Add.self, Rename.self, Delete.self, Mode.self, Copy.self],
            defaultSubcommand: Show.self)
    }
}
