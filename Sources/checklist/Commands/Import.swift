import ArgumentParser
import ChecklistCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ChecklistCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
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

        @Argument(help: ArgumentHelp("The file, or - for stdin.", valueName: "file"))
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
                try Checklist.validateName(list)
            } else {
                try ListOptions.validateEnvironment()
            }
        }

        func run() throws {
            let bytes = file == "-" ? try StandardInput.readBytes() : try InputFile.read(file)
            let (document, skipped) = try read(bytes)
            let defaultList = ListOptions.environmentName ?? Checklist.defaultName
            if dryRun {
                Output.writeDryRun(
                    document.itemCounts(into: list, defaultList: defaultList), skipped: skipped)
                return
            }
            let summary = try store.openForAdding().importDocument(
                document, into: list, defaultList: defaultList)
            var line = "imported \(items(summary.itemCount))"
            if let skipped {
                line += Output.intoLists(summary.lists.count) + Output.skippedNote(skipped)
            } else if !summary.lists.isEmpty {
                line += " into " + summary.lists.joined(separator: ", ")
            }
            if summary.uncheckedOthers > 0 {
                line += " (unchecked \(items(summary.uncheckedOthers)) of a single-choice list)"
            }
            Output.summarize(line, quiet: quiet.quiet)
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

extension Output {
    /// `import --dry-run`: a line a list with its item count, then the totals and what was
    /// skipped, on stdout.
    static func writeDryRun(_ lists: [(name: String, count: Int)], skipped: SkippedLines?) {
        let display = isTerminal ? TerminalText.escapingControls : { $0 }
        for list in lists { standardOutput.write("\(display(list.name)): \(items(list.count))\n") }
        let total = lists.reduce(0) { $0 + $1.count }
        standardOutput.write(
            "would import \(items(total))" + intoLists(lists.count)
                + (skipped.map(skippedNote) ?? "") + "\n")
    }

    /// " into 3 lists"; nothing for none.
    static func intoLists(_ count: Int) -> String {
        count == 0 ? "" : count == 1 ? " into 1 list" : " into \(count) lists"
    }

    /// "; skipped 12 lines (prose 8, code 4)"; nothing when nothing was skipped.
    static func skippedNote(_ skipped: SkippedLines) -> String {
        let total = skipped.total
        guard total > 0 else { return "" }
        return "; skipped \(total == 1 ? "1 line" : "\(total) lines") (\(skipped.breakdown))"
    }
}

/// A file named on the command line, read whole.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ChecklistError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        guard readAll(descriptor, into: &bytes) else {
            throw ChecklistError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        return bytes
    }
}
