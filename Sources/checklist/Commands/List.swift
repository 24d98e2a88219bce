import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Show the items of a list in order.",
            discussion: "Text shows `[x] ID title` a line; json and ids are for scripts.",
            aliases: ["ls"])

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var colors: ColorOptions

        @Flag(help: "Show every list.")
        var all = false

        @Flag(help: "Only checked items.")
        var checked = false

        @Flag(help: "Only unchecked items.")
        var unchecked = false

        @Option(help: "text, json or ids.")
        var format: OutputFormat = .text

        @Option(
            help: ArgumentHelp(
                "Only items whose title contains this text (any case, any script).",
                valueName: "text"))
        var match: String?

        func validate() throws {
            try list.requireNoList(with: all)
            if checked && unchecked {
                throw ValidationError("give --checked or --unchecked, not both")
            }
        }

        func run() throws {
            let filter: ItemFilter = checked ? .checked : unchecked ? .unchecked : .any
            let isTerminal = Output.isTerminal
            var renderer = format.renderer(
                showsListNames: all, escapesControls: isTerminal, isColored: colors.isColored)
            var counts = ItemCounts(checked: 0, total: 0)
            let show = { (item: Item) in
                counts.total += 1
                if item.isSelected { counts.checked += 1 }
                renderer.write(item, to: &Output.standardOutput)
            }
            let store = try store.openForReading()
            let scope: ListScope = all ? .all : .list(list.name)
            if let match {
                try store.forEachItem(
                    in: scope, filter: filter, matching: TextMatch(match),
                    detailed: format == .json, show)
            } else {
                try store.forEachItem(in: scope, filter: filter, detailed: format == .json, show)
            }
            renderer.finish(to: &Output.standardOutput)
            if isTerminal && format == .text && filter == .any {
                Output.summarize("\(counts.checked) of \(counts.total) checked", quiet: false)
            }
        }
    }
}
