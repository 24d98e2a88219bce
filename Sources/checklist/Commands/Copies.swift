import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistSync
import ChecklistTransfer

extension ChecklistCommand {
    struct Copies: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copies", _superCommandName: "checklist",
            abstract: "Show the offline copies a server keeps, or retire one.",
            discussion: """
                Each copy made with `checklist clone` (and each copy put back from a backup or \
                copied, which syncs as a new one) has a number on its server. Retire a copy \
                whose laptop is gone, and the server stops keeping what only it still needed; \
                its sync is refused from then on, and its file keeps everything it held.
                Example: checklist copies --db postgresql://db.example/trips
                """,
            subcommands: [Show.self, Forget.self],
            defaultSubcommand: Show.self)
    }
}

extension ChecklistCommand.Copies {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", _superCommandName: "checklist copies",
            abstract: "Show each copy the server keeps (the default).",
            discussion: """
                Text shows `NUMBER  MADE  AUTHOR  last sync TIME`, times local to the minute; \
                json gives number, author, madeAt and syncedAt (UTC; null before its first \
                sync).
                Example: checklist copies show --format json --db postgresql://db.example/trips
                """)

        @OptionGroup var store: StoreOptions

        @Option(help: "text, json or ids (ids prints one number a line).")
        var format: OutputFormat = .text

        func run() throws {
            let copies = try store.openForReading().copies()
            CopiesRenderer(format: format, escapesControls: Output.isTerminal)
                .write(copies, to: &Output.standardOutput)
        }
    }

    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget", _superCommandName: "checklist copies",
            abstract: "Retire a copy: the server stops keeping what only it needed.",
            discussion: """
                The copy's sync is refused from then on (exit 65, with the way to clone anew); \
                its file keeps everything it held. A number the server has no copy under exits 3.
                Example: checklist copies forget 2 --db postgresql://db.example/trips
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Argument(help: ArgumentHelp("The copy's number (`checklist copies`).", valueName: "n"))
        var number: Int64

        func run() throws {
            let copy = try store.openForChanging().forgetCopy(number: number)
            Output.summarize(
                "retired copy \(copy.number) (\(TerminalText.escapingControls(copy.author)),"
                    + " made \(LocalTime.minute(of: copy.madeAt))); its sync is refused from now on",
                quiet: quiet.quiet)
        }
    }
}

/// `copies`: one copy a line, oldest first.
struct CopiesRenderer {
    let format: OutputFormat
    let escapesControls: Bool

    func write(_ copies: [ServerCopy], to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .text:
            for copy in copies {
                let author =
                    escapesControls ? TerminalText.escapingControls(copy.author) : copy.author
                let synced =
                    copy.syncedAt.map { "last sync \(LocalTime.minute(of: $0))" }
                    ?? "not synced since"
                output.write(
                    "\(copy.number)  \(LocalTime.minute(of: copy.madeAt))  \(author)  \(synced)\n")
            }
        case .json:
            var array = JSONArrayWriter()
            for copy in copies {
                array.append(to: &output) { object in
                    object.string("author", copy.author)
                    object.string("madeAt", copy.madeAt)
                    object.integer("number", copy.number)
                    if let synced = copy.syncedAt {
                        object.string("syncedAt", synced)
                    } else {
                        object.null("syncedAt")
                    }
                }
            }
            array.finish(to: &output)
        case .ids:
            for copy in copies { output.write("\(copy.number)\n") }
        }
    }
}
