import ChecklistCore

/// `[x] 12 Tent`, one line an item; with several lists, a `name:` heading before each.
struct TextRenderer: HeadlineRenderer {
    let showsListNames: Bool
    /// On a terminal, control characters in a title (ESC, CSI, OSC…) are shown escaped, so a
    /// title cannot drive the terminal; piped output stays byte-exact.
    let escapesControls: Bool
    private var currentList: ListName?

    init(showsListNames: Bool, escapesControls: Bool) {
        self.showsListNames = showsListNames
        self.escapesControls = escapesControls
    }

    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput) {
        // ListName compares byte by byte: "é" and "e" + U+0301 are two lists, two headings.
        if showsListNames && item.list != currentList {
            if currentList != nil { output.write("\n") }
            output.write(displayed(item.list.text) + ":\n")
            currentList = item.list
        }
        output.write(item.isSelected ? "[x] " : "[ ] ")
        output.write(String(item.id))
        output.write(" ")
        output.write(displayed(item.title))
        output.write("\n")
    }

    private func displayed(_ text: String) -> String {
        escapesControls ? TerminalText.escapingControls(text) : text
    }
}
