import ArgumentParser
import ChecklistCore

extension ListMode: ExpressibleByArgument {}

extension ChecklistCommand {
    struct Lists: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lists",
            abstract: "Show the lists with their counts, or add, rename, delete or re-mode one.",
            discussion: """
                A list is 'multiple' (any number of checked items: a packing list) or 'single' \
                (at most one: checking an item unchecks the others). List names are \
                case-sensitive.
                """,
            subcommands: [Show.self, Add.self, Rename.self, Delete.self, Mode.self],
            defaultSubcommand: Show.self)
    }
}

extension ChecklistCommand.Lists {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show each list with its checked and total counts (the default).",
            discussion: "Text shows `name  checked/total`; json gives name, mode, checked, total.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var colors: ColorOptions

        @Option(help: "text, json or ids (ids prints one list name a line).")
        var format: OutputFormat = .text

        func run() throws {
            let lists = try store.openForReading().lists()
            ListsRenderer(
                format: format, escapesControls: Output.isTerminal || colors.isColored,
                isColored: colors.isColored)
                .write(lists, to: &Output.standardOutput)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Create an empty list.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(help: "multiple (any number checked) or single (at most one).")
        var mode: ListMode = .multiple

        @Argument(help: "The new list's name.")
        var name: String

        func validate() throws { try Checklist.validateName(name) }

        func run() throws {
            try store.openForAdding().addList(named: name, mode: mode)
            Output.summarize("created list \(name) (\(mode.rawValue))", quiet: quiet.quiet)
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a list; its items stay in it.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: "The list's name.")
        var name: String

        @Argument(help: "Its new name.")
        var newName: String

        func validate() throws { try Checklist.validateName(newName) }

        func run() throws {
            try store.openForChanging().renameList(name, to: newName)
            Output.summarize("renamed list \(name) to \(newName)", quiet: quiet.quiet)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a list; one with items only with --force.",
            discussion: """
                On a terminal, deleting more than \(Confirmation.threshold) items asks first; \
                --yes skips the question. `checklist undo` brings the list back.
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(help: "Delete the list's items with it.")
        var force = false

        @Flag(help: "Do not ask for confirmation on a terminal.")
        var yes = false

        @Argument(help: "The list's name.")
        var name: String

        func run() throws {
            let store = try store.openForChanging()
            let confirmed = try Confirmation.confirmDeletion(
                skipped: yes || !force, count: { try store.itemCount(ofList: name) },
                question: { "Delete list \(name) and its \(items($0))?" })
            let count = try store.deleteList(named: name, withItems: force, expecting: confirmed)
            Output.summarize("deleted list \(name) with \(items(count))", quiet: quiet.quiet)
        }
    }

    struct Mode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mode",
            abstract: "Make a list multiple-choice or single-choice.",
            discussion: """
                Making a list single while several of its items are checked is refused (exit \
                3) unless --keep ID names the one to keep checked; the others are unchecked.
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Option(
            help: ArgumentHelp(
                "The item to keep checked; the others are unchecked.",
                valueName: "id"))
        var keep: String?

        @Argument(help: "The list's name.")
        var name: String

        @Argument(help: "multiple or single.")
        var mode: ListMode

        func validate() throws {
            if keep != nil && mode != .single {
                throw ValidationError("--keep goes with single: it names the one item to keep")
            }
        }

        func run() throws {
            let keeping = try keep.map { try ItemID(parsingSingle: $0) }
            let unchecked = try store.openForChanging().setMode(
                mode, ofList: name, keeping: keeping)
            let note = unchecked > 0 ? " (unchecked \(items(unchecked)))" : ""
            Output.summarize("list \(name) is \(mode.rawValue)\(note)", quiet: quiet.quiet)
        }
    }
}
