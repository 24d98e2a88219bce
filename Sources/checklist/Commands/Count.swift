import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Count: RequestCommand {
        static let configuration = CommandConfiguration(
            commandName: "count", _superCommandName: "checklist",
            abstract: "Print CHECKED TOTAL for a list (one number with --checked or --unchecked).",
            discussion: "Example: checklist count -l camping --all-checked && echo packed")

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Flag(help: "Count every list.")
        var all = false

        @Flag(help: "Print only the number of checked items.")
        var checked = false

        @Flag(help: "Print only the number of unchecked items.")
        var unchecked = false

        @Flag(
            help: """
                Exit 0 when every item is checked (an empty list too), 1 when some are not: \
                "are we packed?" in a shell if.
                """)
        var allChecked = false

        @Option(
            help: ArgumentHelp(
                "Count only items whose title or note contains this text (any case, any script).",
                valueName: "text"))
        var match: String?

        var request: Request {
            .count(
                CountRequest(
                    store: store.location, list: list.choice, all: all, checked: checked,
                    unchecked: unchecked, allChecked: allChecked, match: match))
        }
    }
}

/// `count`.
struct CountRequest: Equatable {
    var store = StoreLocation()
    var list = ListChoice()
    var all = false
    var checked = false
    var unchecked = false
    var allChecked = false
    var match: String?

    func validate() throws {
        try validateScope(list: list, all: all, checked: checked, unchecked: unchecked)
    }

    func run() throws {
        let store = try store.openForReading()
        defer { StoreLifetime.closeAndKeepUntilExit(store) }
        let scope: ListScope = all ? .all : .list(try list.name)
        let counts =
            try match.map { try store.counts(in: scope, matching: TextMatch($0)) }
            ?? store.counts(in: scope)
        let line =
            checked
            ? "\(counts.checked)"
            : unchecked ? "\(counts.unchecked)" : "\(counts.checked) \(counts.total)"
        Output.standardOutput.write(line + "\n")
        if allChecked && counts.checked != counts.total { throw ExitCode(1) }
    }
}
