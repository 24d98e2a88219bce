import ArgumentParser

/// The IDS grammar, and an example of the command it is the help of.
func idsDiscussion(example: String) -> String {
    """
    IDS: an ID (12), a range (3-7) or a comma-separated mix (1,4,9-11); - reads more IDs from \
    stdin. IDs are global: --list does not scope them. If any ID names no item, nothing \
    changes and the command exits 3, unless --ignore-missing.
    Example: \(example)
    """
}

/// check, uncheck and toggle share their options and their shape; they differ in the change
/// (`SelectionRequest.Change`). (The options are declared in each command rather than in
/// one nested group: ArgumentParser's debug-build validation grows steeply with nesting.)
protocol SelectionCommand: RequestCommand {
    static var change: SelectionRequest.Change { get }
    var store: StoreOptions { get }
    var list: ListOptions { get }
    var quiet: QuietOption { get }
    var ids: IDArguments { get }
    var all: Bool { get }
    var pick: Bool { get }
}

extension SelectionCommand {
    var request: Request {
        .selection(
            SelectionRequest(
                change: Self.change, store: store.location, list: list.choice,
                quiet: quiet.quiet, ids: ids.expressions, ignoreMissing: ids.ignoreMissing,
                all: all, pick: pick))
    }
}
