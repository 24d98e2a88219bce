import ChecklistCore
import ChecklistModel

extension Output {
    /// `import --dry-run`: a line a list with its item count, then the totals and what was
    /// skipped, on stdout.
    static func writeDryRun(_ lists: [(name: ListName, count: Int)], skipped: SkippedLines?) {
        let display = isTerminal ? TerminalText.escapingControls : { $0 }
        for list in lists {
            standardOutput.write("\(display(list.name.text)): \(Phrase.items(list.count))\n")
        }
        let total = lists.reduce(0) { $0 + $1.count }
        standardOutput.write(
            "would import \(Phrase.items(total))" + Phrase.intoLists(lists.count)
                + (skipped.map(Phrase.skippedNote) ?? "") + "\n")
    }

}
