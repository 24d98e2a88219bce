import ChecklistCore

/// `list` for a person at a colour terminal: titles in one column (IDs right-aligned to the
/// widest ID shown), checked items dimmed behind a green mark, list names in bold. A list on
/// a screen is short enough to hold: the widest ID is known only at the end.
struct ColoredTextRenderer: HeadlineRenderer {
    let showsListNames: Bool
    private var items: [ItemHeadline] = []

    init(showsListNames: Bool) {
        self.showsListNames = showsListNames
    }

    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput) {
        items.append(item)
    }

    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {
        let width = items.map { String($0.id).count }.max() ?? 0
        var currentList: ListName?
        for item in items {
            if showsListNames && item.list != currentList {
                if currentList != nil { output.write("\n") }
                output.write(
                    ANSI.bold + TerminalText.escapingControls(item.list.text) + ANSI.reset + ":\n")
                currentList = item.list
            }
            let id = String(item.id)
            let padding = String(repeating: " ", count: width - id.count)
            let title = TerminalText.escapingControls(item.title)
            if item.isSelected {
                output.write(ANSI.green + "[x]" + ANSI.reset + " " + ANSI.dim + padding + id + " ")
                output.write(title + ANSI.reset + "\n")
            } else {
                output.write("[ ] " + padding + id + " " + title + "\n")
            }
        }
    }
}
