import ArgumentParser
import ChecklistCore

/// The IDS grammar, and an example of the command it is the help of.
func idsDiscussion(example: String) -> String {
    """
    IDS: an ID (12), a range (3-7) or a comma-separated mix (1,4,9-11); - reads more IDs from \
    stdin. IDs are global: --list does not scope them. If any ID names no item, nothing \
    changes and the command exits 3, unless --ignore-missing.
    Example: \(example)
    """
}

extension ChecklistCommand {
    struct Check: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check items (set isSelected); --all checks the whole list.",
            discussion: idsDiscussion(
                example: "checklist list --match tent --format ids | checklist check -"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false

        func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange {
            try store.check(selection, ignoringMissing: ids.ignoreMissing)
        }
    }

    struct Uncheck: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "uncheck",
            abstract: "Uncheck items; --all resets the whole list for its next use.",
            discussion: idsDiscussion(example: "checklist uncheck --all -l camping"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false

        func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange {
            try store.uncheck(selection, ignoringMissing: ids.ignoreMissing)
        }
    }

    struct Toggle: SelectionCommand {
        static let configuration = CommandConfiguration(
            commandName: "toggle",
            abstract: "Flip items between checked and unchecked; --all inverts the whole list.",
            discussion: idsDiscussion(example: "checklist toggle 2,5-7"))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Flag(help: "Apply to every item of the list instead of named IDs.") var all = false

        func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange {
            try store.toggle(selection, ignoringMissing: ids.ignoreMissing)
        }
    }
}

/// check, uncheck and toggle share their options and their shape; they differ in the store
/// call. (The options are declared in each command rather than in
/// one nested group: ArgumentParser's debug-build validation grows steeply with nesting.)
protocol SelectionCommand: ParsableCommand {
    var store: StoreOptions { get }
    var list: ListOptions { get }
    var quiet: QuietOption { get }
    var ids: IDArguments { get }
    var all: Bool { get }
    func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange
}

extension SelectionCommand {
    func run() throws {
        let selection = try ids.selection(
            orListWide: all ? .all(in: try list.name) : nil, flag: "--all", list: list)
        let change = try change(selection, in: store.openForChanging())
        Output.summarize(change.summaryLine, quiet: quiet.quiet)
    }
}
