import ChecklistCore

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
            var bytes = Array((lists.isEmpty ? "[" : "[\n").utf8)
            for (index, list) in lists.enumerated() {
                if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
                bytes.append(contentsOf: #"{"checked":"#.utf8)
                JSONText.appendInteger(Int64(list.checkedCount), to: &bytes)
                bytes.append(contentsOf: #","mode":"#.utf8)
                JSONText.appendString(list.mode.rawValue, to: &bytes)
                bytes.append(contentsOf: #","name":"#.utf8)
                JSONText.appendString(list.name.text, to: &bytes)
                bytes.append(contentsOf: #","total":"#.utf8)
                JSONText.appendInteger(Int64(list.totalCount), to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(contentsOf: (lists.isEmpty ? "]\n" : "\n]\n").utf8)
            output.write(bytes: bytes)
        case .ids:
            for list in lists { output.write(displayed(list.name.text) + "\n") }
        }
    }

    private func displayed(_ text: String) -> String {
        escapesControls ? TerminalText.escapingControls(text) : text
    }
}
