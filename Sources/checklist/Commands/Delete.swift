import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete items; delete --checked deletes every checked item of a list.",
            discussion: idsDiscussion(example: "checklist list --checked --format ids | checklist delete -") + """

                Deleted IDs are never given to another item; `checklist undo` brings them back. \
                On a terminal, deleting more than \(Confirmation.threshold) items asks first \
                (--yes skips the question). --expect N deletes nothing and exits 3 unless \
                exactly N items would be deleted.
                """,
            aliases: ["rm"])

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments

        @Flag(help: "Delete every checked item of the list.")
        var checked = false

        @Option(
            help: ArgumentHelp(
                "Delete nothing and exit 3 unless exactly this many items would go.",
                valueName: "n"))
        var expect: Int?

        @Flag(help: "Do not ask for confirmation on a terminal.")
        var yes = false

        func validate() throws {
            if let expect, expect < 0 {
                throw ValidationError(
                    "invalid value '\(expect)' for '--expect <n>': give a count of 0 or more")
            }
        }

        func run() throws {
            let selection = try ids.selection(
                orListWide: checked ? .checked(in: list.name) : nil, flag: "--checked", list: list)
            let store = try store.openForChanging()
            let confirmed = try Confirmation.confirmDeletion(
                skipped: yes,
                count: {
                    let count = try store.deletionCount(
                        selection, ignoringMissing: ids.ignoreMissing)
                    if let expect, expect != count {  // refused before asking, not after
                        throw ChecklistError.unexpectedCount(expected: expect, actual: count)
                    }
                    return count
                }, question: { "Delete \(items($0))?" })
            let summary = try store.delete(
                selection, ignoringMissing: ids.ignoreMissing, expecting: confirmed ?? expect)
            Output.summarize(
                SummaryLine.selection("deleted", summary, unchanged: ""), quiet: quiet.quiet)
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Change an item's title.",
            discussion: "Use -- before a title that starts with a dash: rename 4 -- '-5 degrees'")

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: "The item's ID.")
        var id: String

        @Argument(help: "The new title.")
        var title: String

        func run() throws {
            let id = try ItemID(parsingSingle: id)
            let title = try Title(title)
            let renamed = try store.openForChanging().rename(
                id, to: title, namedList: list.explicitName)
            Output.summarize(
                renamed ? "renamed item \(id)" : "item \(id) is already titled \(quoted(title.text))",
                quiet: quiet.quiet)
        }
    }
}

extension ItemID {
    /// One ID, for commands that take exactly one.
    init(parsingSingle expression: String) throws(ChecklistError) {
        let ids = try IDSet(parsing: expression)
        guard ids.ranges.count == 1, let range = ids.ranges.first,
            range.lowerBound == range.upperBound
        else {
            throw .invalidInput("this command takes one ID, not \(quoted(expression))")
        }
        self = range.lowerBound
    }
}

func quoted(_ text: String) -> String {
    "'" + text + "'"
}

/// The one-line summaries of the bulk commands.
enum SummaryLine {
    /// "checked 3 items", plus what was matched but unchanged and what was skipped.
    static func selection(_ verb: String, _ summary: ChangeSummary, unchanged: String) -> String {
        var line = "\(verb) \(items(summary.changed))"
        var notes: [String] = []
        let unchangedCount = summary.matched - summary.changed
        if unchangedCount > 0 && !unchanged.isEmpty {
            notes.append("\(unchangedCount) \(unchanged)")
        }
        if summary.uncheckedOthers > 0 {
            notes.append("unchecked \(items(summary.uncheckedOthers)) of a single-choice list")
        }
        if !summary.missing.isEmpty {
            notes.append(
                "skipped missing \(summary.missing.count == 1 ? "ID" : "IDs") "
                    + summary.missing.summary())
        }
        if !notes.isEmpty { line += " (" + notes.joined(separator: "; ") + ")" }
        return line
    }
}
