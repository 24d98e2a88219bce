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

/// check, uncheck and toggle share their options and their shape; they differ in the store
/// call. (The options are declared in each command rather than in
/// one nested group: ArgumentParser's debug-build validation grows steeply with nesting.)
protocol SelectionCommand: ParsableCommand {
    var store: StoreOptions { get set }
    var list: ListOptions { get set }
    var quiet: QuietOption { get set }
    var ids: IDArguments { get set }
    var all: Bool { get set }
    func change(_ selection: ItemSelection, in store: ChecklistStore) throws -> SelectionChange
}

extension SelectionCommand {
    func run() throws {
        let selection = try ids.selection(
            orListWide: all ? .all(in: try list.name) : nil, flag: "--all", list: list)
        let opened = try store.openForChanging()
        defer { StoreLifetime.closeAndKeepUntilExit(opened) }
        let change = try change(selection, in: opened)
        Output.summarize(change.summaryLine, quiet: quiet.quiet)
    }
}
