import ChecklistCore
import ChecklistModel
import ChecklistTransfer

/// Writes the lists with their counts.
struct ListsRenderer {
    let format: OutputFormat
    let escapesControls: Bool
    /// Names in bold, and the counts of a list whose every item is checked in green.
    var isColored = false

    func write(_ lists: [Checklist], to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .text:
            // Counts line up in display columns: a CJK character or an emoji takes two.
            let names = lists.map { displayed($0.name.text) }
            let widths = names.map(TerminalText.width(of:))
            let width = widths.max() ?? 0
            for (index, list) in lists.enumerated() {
                let name = names[index]
                let padding = String(repeating: " ", count: max(0, width - widths[index]))
                let mode = list.mode == .single ? " (single)" : ""
                let counts = "\(list.checkedCount)/\(list.totalCount)"
                if isColored {
                    let done = list.totalCount > 0 && list.checkedCount == list.totalCount
                    output.write(ANSI.bold + name + ANSI.reset + padding + "  ")
                    output.write((done ? ANSI.green + counts + ANSI.reset : counts) + mode + "\n")
                } else {
                    output.write("\(name)\(padding)  \(counts)\(mode)\n")
                }
            }
        case .json:
            // The same layout as the items' JSON: one object a line, keys in sorted order.
            var array = JSONArrayWriter()
            for list in lists {
                array.append(to: &output) { object in
                    object.integer("checked", Int64(list.checkedCount))
                    object.string("mode", list.mode.rawValue)
                    object.string("name", list.name.text)
                    object.integer("total", Int64(list.totalCount))
                }
            }
            array.finish(to: &output)
        case .ids:
            for list in lists { output.write(displayed(list.name.text) + "\n") }
        }
    }

    private func displayed(_ text: String) -> String {
        escapesControls ? TerminalText.escapingControls(text) : text
    }
}
