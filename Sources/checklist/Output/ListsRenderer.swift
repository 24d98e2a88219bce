import ChecklistCore
import FoundationEssentials

/// Writes the lists with their counts.
struct ListsRenderer {
    let format: OutputFormat
    let escapesControls: Bool
    /// Names in bold, and the counts of a list whose every item is checked in green.
    var isColored = false

    func write(_ lists: [Checklist], to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .text:
            let width = lists.map(\.name.count).max() ?? 0
            for list in lists {
                let name = escapesControls ? TerminalText.escapingControls(list.name) : list.name
                let padding = String(repeating: " ", count: max(0, width - list.name.count))
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
            // The same layout as the items' JSON: one object a line.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            output.write(lists.isEmpty ? "[]\n" : "[\n")
            for (index, list) in lists.enumerated() {
                if let data = try? encoder.encode(JSONList(list)) { output.write(bytes: data) }
                output.write(index == lists.count - 1 ? "\n]\n" : ",\n")
            }
        case .ids:
            for list in lists { output.write(list.name + "\n") }
        }
    }
}

/// A list as JSON: name, mode, checked, total.
struct JSONList: Encodable {
    let name: String
    let mode: String
    let checked: Int
    let total: Int

    init(_ list: Checklist) {
        name = list.name
        mode = list.mode.rawValue
        checked = list.checkedCount
        total = list.totalCount
    }
}
