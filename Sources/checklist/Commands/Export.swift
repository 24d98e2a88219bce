import ArgumentParser
import ChecklistCore

/// The formats of `export`.
enum ExportFormat: String, CaseIterable, ExpressibleByArgument {
    case markdown
    case json
}

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
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Flag(help: "Export every list.")
        var all = false

        @Option(help: "markdown or json.")
        var format: ExportFormat = .markdown

        func validate() throws {
            try list.requireNoList(with: all)
        }

        func run() throws {
            var renderer = ExportRenderer(format: format, escapesControls: Output.isTerminal)
            try store.openForReading().forEachList(
                in: all ? .all : .list(try list.name),
                lists: { renderer.begin($0, to: &Output.standardOutput) },
                items: { renderer.write($0, to: &Output.standardOutput) })
            renderer.finish(to: &Output.standardOutput)
        }
    }
}
