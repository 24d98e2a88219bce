import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand.Lists {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", _superCommandName: "checklist lists",
            abstract: "Delete a list; one with items only with --force.",
            discussion: """
                On a terminal, deleting more than \(Confirmation.threshold) items asks first; \
                --yes skips the question. `checklist undo` brings the list back.
                Example: checklist lists delete trip --force
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Delete the list's items with it.")
        var force = false

        @Flag(help: "Do not ask for confirmation on a terminal.")
        var yes = false

        @Argument(help: "The list's name.", completion: .custom(ListNames.complete))
        var name: String

        func run() throws {
            let store = try store.openForChanging()
            let name = ListName(lookingUp: name)
            let confirmed = try Confirmation.confirmDeletion(
                skipped: yes || !force, count: { try store.itemCount(ofList: name) },
                question: { "Delete list \(name) and its \(Phrase.items($0))?" })
            let change = try store.deleteList(named: name, withItems: force, expecting: confirmed)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
