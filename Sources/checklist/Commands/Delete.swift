import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", _superCommandName: "checklist",
            abstract: "Delete items; delete --checked deletes every checked item of a list.",
            discussion: idsDiscussion(
                example: "checklist list --checked --format ids | checklist delete -") + """

                    Deleted IDs are never given to another item; `checklist undo` brings them back. \
                    On a terminal, deleting more than \(Confirmation.threshold) items asks first \
                    (--yes skips the question). --expect N deletes nothing and exits 3 unless \
                    exactly N items would be deleted.
                    """,
            aliases: ["rm"])

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments

        @Flag(help: "Delete every checked item of the list.")
        var checked = false

        @Option(
            help: ArgumentHelp(
                "Delete nothing and exit 3 unless exactly this many items would go.",
                valueName: "n"))
        var expect: Int?

        @Flag(help: "Do not ask for confirmation on a terminal.")
        var yes = false

        @Flag(
            help: "Choose the items on the terminal first (as checklist pick); it asks once there.")
        var pick = false

        func validate() throws {
            if let expect, expect < 0 {
                throw ValidationError(
                    "invalid value '\(expect)' for '--expect <n>': give a count of 0 or more")
            }
        }

        func run() throws {
            // The terminal before the database: without one, nothing is opened or created.
            // IDs from stdin are read before the database is opened (`add - | delete -`).
            let source: ItemSource =
                pick
                ? .picker(
                    terminal: try Picker.takeTerminal(
                        for: "delete", refusing: ids.expressions, checked ? "--checked" : nil))
                : .given(
                    try ids.selection(
                        orListWide: checked ? .checked(in: try list.name) : nil,
                        flag: "--checked", list: list.choice))
            let store = try store.openForChanging()
            let selection = try source.selection(purpose: .delete, list: list.choice, store: store)
            // The picker asked already: "Delete (N)", then once, y or not.
            let confirmed = try Confirmation.confirmDeletion(
                skipped: yes || pick,
                count: {
                    let count = try store.deletionCount(
                        selection, ignoringMissing: ids.ignoreMissing)
                    if let expect, expect != count {  // refused before asking, not after
                        throw ChecklistError.unexpectedCount(expected: expect, actual: count)
                    }
                    return count
                }, question: { "Delete \(Phrase.items($0))?" })
            let change = try store.delete(
                selection, ignoringMissing: ids.ignoreMissing, expecting: confirmed ?? expect)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
