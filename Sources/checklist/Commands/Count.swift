import ArgumentParser
import ChecklistCore

extension ChecklistCommand {
    struct Count: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "count",
            abstract: "Print CHECKED TOTAL for a list (one number with --checked or --unchecked).")

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions

        @Flag(help: "Count every list.")
        var all = false

        @Flag(help: "Print only the number of checked items.")
        var checked = false

        @Flag(help: "Print only the number of unchecked items.")
        var unchecked = false

        func validate() throws {
            if checked && unchecked {
                throw ValidationError("give --checked or --unchecked, not both")
            }
        }

        func run() throws {
            let counts = try store.openForReading().counts(in: all ? .all : .list(list.name))
            let line =
                checked
                ? "\(counts.checked)"
                : unchecked ? "\(counts.unchecked)" : "\(counts.checked) \(counts.total)"
            Output.standardOutput.write(line + "\n")
        }
    }

    struct Lists: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract: "Show each list with its checked and total counts.",
            discussion: "Text shows `name  checked/total`; json gives name, mode, checked, total.")

        @OptionGroup var store: StoreOptions

        @Option(help: "text, json or ids (ids prints one list name a line).")
        var format: OutputFormat = .text

        func run() throws {
            let lists = try store.openForReading().lists()
            ListsRenderer(format: format, escapesControls: Output.isTerminal)
                .write(lists, to: &Output.standardOutput)
        }
    }
}
