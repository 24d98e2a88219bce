import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", _superCommandName: "checklist",
            abstract: "Add items at the end of a list; prints their new IDs.",
            discussion: """
                One item per argument; - reads titles from stdin, one a line (blank lines \
                skipped). The list is created when it is missing. Use -- before a title that \
                starts with a dash: checklist add -- '-5 degrees sleeping bag'
                Example: checklist add -l camping Tent Stove 'Sleeping bag'
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Add the items already checked.")
        var checked = false
        @Option(help: ArgumentHelp("How many of each to pack: 1 to 9999.", valueName: "n"))
        var quantity: String?
        @Option(help: ArgumentHelp("A one-line note on each item.", valueName: "text"))
        var note: String?

        @Argument(help: ArgumentHelp("The titles; - reads them from stdin.", valueName: "title"))
        var titles: [String] = []

        func validate() throws {
            if titles.isEmpty {
                throw ValidationError("no title given; add TITLE..., or add - to read stdin")
            }
        }

        func run() throws {
            let fields = try ItemFieldOptions.values(quantity: quantity, note: note)
            let titles = try parsedTitles()
            // An empty stdin adds nothing, and creates no database for it.
            let added =
                titles.isEmpty
                ? AddSummary(list: try list.name, ids: [], uncheckedOthers: 0)
                : try store.openForAdding().addItems(
                    titles, to: try list.name, checked: checked, fields: fields)
            let ids = added.ids
            for id in ids {
                Output.standardOutput.write(String(id))
                Output.standardOutput.write("\n")
            }
            // The items are added whatever happens to stdout; a failed write says which.
            do {
                try Output.finishStandardOutput()
            } catch {
                throw AddedButNotShown(ids: ids, failure: error)
            }
            Output.summarize(added.summaryLine, quiet: quiet.quiet)
        }

        private func parsedTitles() throws -> [Title] {
            var parsed: [Title] = []
            for title in titles {
                if title == "-" {
                    parsed += try Title.parseLines(try StandardInput.readContent())
                } else {
                    parsed.append(try Title(title))
                }
            }
            return parsed
        }
    }
}
