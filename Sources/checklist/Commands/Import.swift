import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistTransfer

extension ChecklistCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", _superCommandName: "checklist",
            abstract: "Add the items of a Markdown or JSON file (or - for stdin).",
            discussion: """
                The format is read from the file: JSON starts with [ or {, anything else is \
                Markdown. Items go to the lists the file names (created with the file's mode \
                when missing), or all to --list NAME; items in no list go to the current list \
                ($CHECKLIST_LIST, else 'default'). Items get new IDs. A malformed file changes \
                nothing: the first bad line is reported and the command exits 65.

                --lenient takes the task lines (- [ ], * [x], 1. [ ]) of any Markdown: \
                headings of any level name lists, nested tasks are prefixed with their \
                parents' titles (Toiletries › Toothbrush), and prose, code, front matter, \
                HTML, tables, block quotes and plain bullets are skipped and counted.

                Example: checklist import --lenient --dry-run TODO.md
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(
            name: [.short, .long],
            help: ArgumentHelp("Put every item into this list.", valueName: "name"),
            completion: .custom(ListNames.complete))
        var list: String?

        @Argument(
            help: ArgumentHelp("The file, or - for stdin.", valueName: "file"),
            completion: .file())
        var file: String

        @Flag(help: "Take the task lines of any Markdown and skip the rest.")
        var lenient = false

        @Option(
            help: ArgumentHelp(
                "With --lenient, only headings of level 1…N start lists (default 6).",
                valueName: "n"))
        var splitLevel: Int?

        @Flag(help: "Print what would be imported and skipped; change nothing.")
        var dryRun = false

        func validate() throws {
            if let splitLevel {
                guard lenient else { throw ValidationError("--split-level needs --lenient") }
                guard (1...6).contains(splitLevel) else {
                    throw ValidationError("--split-level takes a heading level from 1 to 6")
                }
            }
            if let list {
                try ListName.validate(list)
            } else {
                try ListChoice.validateEnvironment()
            }
        }

        func run() throws {
            let bytes = file == "-" ? try StandardInput.readBytes() : try InputFile.read(file)
            let (document, skipped) = try read(bytes)
            let into = try list.map { try ListName($0) }
            let defaultList =
                try ListChoice.environmentName.map { try ListName($0) } ?? .defaultList
            if dryRun {
                let groups = try document.groups(into: into, defaultList: defaultList)
                Output.writeDryRun(groups.map { ($0.name, $0.entries.count) }, skipped: skipped)
                return
            }
            // A document with nothing to import creates no database for it, as `add -` does;
            // a file that is not a checklist database is refused all the same.
            let isEmpty = try document.groups(into: into, defaultList: defaultList).isEmpty
            let opened = isEmpty ? try store.openForChanging() : try store.openForAdding()
            var change = try opened.importDocument(document, into: into, defaultList: defaultList)
            change.skipped = skipped
            Output.summarize(change.summaryLine, quiet: quiet.quiet)
        }

        /// The document, and with --lenient what was skipped. A lenient JSON file is still
        /// read as JSON when it is.
        private func read(_ bytes: [UInt8]) throws -> (ImportDocument, SkippedLines?) {
            guard lenient else { return (try ImportDocument.parse(bytes), nil) }
            if let json = try? ImportDocument.parseJSON(bytes) { return (json, SkippedLines()) }
            let result = try ImportDocument.parseLenientMarkdown(bytes, splitLevel: splitLevel ?? 6)
            return (result.document, result.skipped)
        }
    }
}
