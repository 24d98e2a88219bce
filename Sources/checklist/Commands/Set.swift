import ArgumentParser
import ChecklistCore
import ChecklistModel

extension ChecklistCommand {
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", _superCommandName: "checklist",
            abstract: "Set the quantity or the note of items (one change, undoable).",
            discussion: idsDiscussion(
                example: "checklist set 3-5 --quantity 2 --note \"borrow Ben's\""))

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var quiet: QuietOption
        @OptionGroup var ids: IDArguments
        @Option(help: ArgumentHelp("How many to pack: 1 to 9999.", valueName: "n"))
        var quantity: String?
        @Option(help: ArgumentHelp("A one-line note; '' clears it.", valueName: "text"))
        var note: String?
        @Flag(help: "Choose the items on the terminal first (as checklist pick).") var pick = false

        func validate() throws {
            if quantity == nil && note == nil {
                throw ValidationError("nothing to set; give --quantity N or --note TEXT")
            }
        }

        func run() throws {
            let values = try ItemFieldOptions.values(quantity: quantity, note: note)
            let source: ItemSource =
                pick
                ? .picker(
                    terminal: try Picker.takeTerminal(for: "set", refusing: ids.expressions, nil))
                : .given(try ids.selection(orListWide: nil, flag: "--pick", list: list.choice))
            let opened = try store.openForChanging()
            defer { StoreLifetime.closeAndKeepUntilExit(opened) }
            let selection = try source.selection(purpose: .set, list: list.choice, store: opened)
            let summary = try opened.setFields(
                values, of: selection, ignoringMissing: ids.ignoreMissing)
            Output.summarize(summary.summaryLine, quiet: quiet.quiet)
        }
    }
}

/// `--quantity` and `--note`, as `add` and `set` take them: each validated by its field's rule
/// (`ShownField.value(from:)`), so bad input is 64 before anything is opened.
enum ItemFieldOptions {
    static func values(quantity: String?, note: String?) throws -> [ItemFieldValue] {
        var values: [ItemFieldValue] = []
        for (name, given) in [("quantity", quantity), ("note", note)] {
            guard let given, let field = ItemField.named(name) else { continue }
            values.append(try ItemFieldValue(field, given))
        }
        return values
    }
}
