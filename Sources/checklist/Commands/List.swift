import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistTransfer

extension ChecklistCommand {
    struct List: RequestCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", _superCommandName: "checklist",
            abstract: "Show the items of a list in order.",
            discussion:
                "Text shows `[x] ID title` a line; json and ids are for scripts.\nExample: checklist list -l camping --unchecked",
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
                "Only items whose title or note contains this text (any case, any script).",
                valueName: "text"))
        var match: String?

        var request: Request {
            .list(
                ListRequest(
                    store: store.location, list: list.choice, color: colors.color, all: all,
                    checked: checked, unchecked: unchecked, format: format, match: match))
        }
    }
}

/// `list` (and `checklist` alone).
struct ListRequest: Equatable {
    var store = StoreLocation()
    var list = ListChoice()
    var color = ColorChoice.auto
    var all = false
    var checked = false
    var unchecked = false
    var format = OutputFormat.text
    var match: String?

    func validate() throws {
        try validateScope(list: list, all: all, checked: checked, unchecked: unchecked)
    }

    func run() throws {
        let filter: ItemFilter = checked ? .checked : unchecked ? .unchecked : .any
        let scope: ListScope = all ? .all : .list(try list.name)
        let matching = match.map(TextMatch.init)
        let store = try store.openForReading()
        defer { StoreLifetime.closeAndKeepUntilExit(store) }
        let isTerminal = Output.isTerminal
        if format == .json {
            var writer = ItemJSONWriter()
            try store.forEachItemBytes(in: scope, filter: filter) {
                if let matching, !matching.matches(utf8: $0.title, more: $0.more) { return }
                writer.write($0, to: &Output.standardOutput)
            }
            writer.finish(to: &Output.standardOutput)
            return
        }
        // The v1 bytes in a pipe, and IDs anywhere; a person's layout on a terminal or
        // with colour.
        let isColored = color.isColored
        if format == .ids || (!isTerminal && !isColored) {
            var writer = PipedHeadlineWriter(showsListNames: all, idsOnly: format == .ids)
            try store.forEachHeadlineBytes(in: scope, filter: filter) {
                if let matching, !matching.matches(utf8: $0.title, more: $0.more) { return }
                writer.write($0, to: &Output.standardOutput)
            }
            return
        }
        var renderer = AlignedTextRenderer(
            showsListNames: all, largestID: try store.largestItemID(in: scope, filter: filter),
            isColored: isColored,
            columns: isTerminal ? Platform.terminalSize()?.columns : nil)
        var counts = ItemCounts(checked: 0, total: 0)
        try store.forEachHeadline(in: scope, filter: filter, matching: matching) {
            counts.total += 1
            if $0.isSelected { counts.checked += 1 }
            renderer.write($0, to: &Output.standardOutput)
        }
        renderer.finish(to: &Output.standardOutput)
        if isTerminal && filter == .any {
            Output.summarize("\(counts.checked) of \(counts.total) checked", quiet: false)
        }
    }
}
