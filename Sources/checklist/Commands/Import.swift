import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", _superCommandName: "checklist",
            abstract: "Add the items of an exported Markdown or JSON file (or - for stdin).",
            discussion: """
                The format is read from the file: JSON starts with [ or {, anything else is \
                Markdown. Items go to the lists the file names (created with the file's mode \
                when missing), or all to --list NAME; items in no list go to the current list \
                ($CHECKLIST_LIST, else 'default'). Items get new IDs. A malformed file changes \
                nothing: the first bad line is reported and the command exits 65.
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Put every item into this list.", valueName: "name"))
        var list: String?

        @Argument(help: ArgumentHelp("The file, or - for stdin.", valueName: "file"))
        var file: String

        func validate() throws {
            if let list { try ListName.validate(list) } else {
                try ListOptions.validateEnvironment()
            }
        }

        func run() throws {
            let bytes = file == "-" ? try StandardInput.readBytes() : try InputFile.read(file)
            let document = try ImportDocument.parse(bytes)
            let change = try store.openForAdding().importDocument(
                document, into: try list.map { try ListName($0) },
                defaultList: try ListOptions.environmentName.map { try ListName($0) }
                    ?? .defaultList)
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }
    }
}
