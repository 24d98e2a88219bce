import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistTransfer

extension TransferFormat: ExpressibleByArgument {}

extension ChecklistCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", _superCommandName: "checklist",
            abstract: "Write a list, or every list, as Markdown or JSON on stdout.",
            discussion: """
                Markdown is GitHub's task-list form: a `## NAME` heading a list, \
                `<!-- checklist: mode=single -->` under a single-choice list's heading, then \
                `- [ ] Tent` and `- [x] Stove` lines. JSON is {"lists": [{"mode", "name"}…], \
                "items": [the items as `list --format json` gives them]}. `checklist import` \
                reads both back: titles, selection, order and list modes come back exactly.
                Example: checklist export --all > lists.md
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Flag(help: "Export every list.")
        var all = false

        @Option(help: "markdown or json.")
        var format: TransferFormat = .markdown

        func validate() throws {
            try list.requireNoList(with: all)
        }

        func run() throws {
            var writer = ExportWriter(format: format, escapesControls: Output.isTerminal)
            try store.openForReading().forEachList(
                in: all ? .all : .list(try list.name),
                lists: { writer.begin($0, to: &Output.standardOutput) },
                items: { writer.write($0, to: &Output.standardOutput) })
            writer.finish(to: &Output.standardOutput)
        }
    }
}
