import ArgumentParser
import ChecklistCore
import ChecklistEditor
import ChecklistModel

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

/// `check`, `uncheck` or `toggle`.
struct SelectionRequest: Equatable {
    enum Change: String, Equatable {
        case check, uncheck, toggle

        /// The command's name.
        var command: String { rawValue }

        var pickPurpose: EditorPicking.Purpose {
            switch self {
            case .check: .check
            case .uncheck: .uncheck
            case .toggle: .toggle
            }
        }
    }

    var change: Change
    var store = StoreLocation()
    var list = ListChoice()
    var quiet = false
    var ids: [String] = []
    var ignoreMissing = false
    var all = false
    /// `--pick`: the IDs are chosen on the terminal (`Picker`).
    var pick = false

    func run() throws {
        // The terminal before the database: without one, nothing is opened or created. IDs
        // from stdin are read before the database is opened: `add - | check -` opens it once
        // add has made it.
        let source: ItemSource =
            pick
            ? .picker(
                terminal: try Picker.takeTerminal(
                    for: change.command, refusing: ids, all ? "--all" : nil))
            : .given(
                try IDArguments.selection(
                    ids, orListWide: all ? .all(in: try list.name) : nil, flag: "--all",
                    list: list))
        let opened = try store.openForChanging()
        defer { StoreLifetime.closeAndKeepUntilExit(opened) }
        let selection = try source.selection(purpose: change.pickPurpose, list: list, store: opened)
        let summary =
            switch change {
            case .check: try opened.check(selection, ignoringMissing: ignoreMissing)
            case .uncheck: try opened.uncheck(selection, ignoringMissing: ignoreMissing)
            case .toggle: try opened.toggle(selection, ignoringMissing: ignoreMissing)
            }
        Output.summarize(summary.summaryLine, quiet: quiet)
    }
}
