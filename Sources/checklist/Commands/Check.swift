import ArgumentParser
import ChecklistCore

let idsDiscussion = """
    IDS: an ID (12), a range (3-7) or a comma-separated mix (1,4,9-11); - reads more IDs from \
    stdin. IDs are global: --list does not scope them. If any ID names no item, nothing \
    changes and the command exits 3, unless --ignore-missing.
    Example: checklist list --checked --format ids | checklist uncheck -
    """

extension ChecklistCommand {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check items (set isSelected).", discussion: idsDiscussion)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments

        @Flag(help: "Check every item of the list.")
        var all = false

        func run() throws {
            let selection = try ids.selection(
                orListWide: all ? .all(in: list.name) : nil, flag: "--all", list: list)
            let summary = try store.openForChanging().check(
                selection, ignoringMissing: ids.ignoreMissing)
            Output.summarize(
                SummaryLine.selection("checked", summary, unchanged: "already checked"),
                quiet: quiet.quiet)
        }
    }

    struct Uncheck: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Uncheck items; uncheck --all resets a list for its next use.",
            discussion: idsDiscussion)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments

        @Flag(help: "Uncheck every item of the list.")
        var all = false

        func run() throws {
            let selection = try ids.selection(
                orListWide: all ? .all(in: list.name) : nil, flag: "--all", list: list)
            let summary = try store.openForChanging().uncheck(
                selection, ignoringMissing: ids.ignoreMissing)
            Output.summarize(
                SummaryLine.selection("unchecked", summary, unchanged: "already unchecked"),
                quiet: quiet.quiet)
        }
    }

    struct Toggle: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Flip items between checked and unchecked.", discussion: idsDiscussion)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments

        @Flag(help: "Toggle every item of the list.")
        var all = false

        func run() throws {
            let selection = try ids.selection(
                orListWide: all ? .all(in: list.name) : nil, flag: "--all", list: list)
            let summary = try store.openForChanging().toggle(
                selection, ignoringMissing: ids.ignoreMissing)
            Output.summarize(
                SummaryLine.selection("toggled", summary, unchanged: "unchanged"),
                quiet: quiet.quiet)
        }
    }
}
