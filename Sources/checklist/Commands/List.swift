import ArgumentParser

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
                "Only items whose title contains this text (any case, any script).",
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
