import ChecklistCore

/// `history`: one change a line, newest first.
struct HistoryRenderer {
    let format: OutputFormat
    let escapesControls: Bool

    func write(_ changes: [Change], to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .text:
            for change in changes {
                let description =
                    escapesControls
                    ? TerminalText.escapingControls(change.description) : change.description
                let time = LocalTime.minute(of: change.createdAt)
                output.write("\(change.id)  \(time)  \(description)\n")
            }
        case .json:
            var bytes = Array((changes.isEmpty ? "[" : "[\n").utf8)
            for (index, change) in changes.enumerated() {
                if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
                bytes.append(contentsOf: #"{"command":"#.utf8)
                JSONText.appendString(change.command, to: &bytes)
                bytes.append(contentsOf: #","createdAt":"#.utf8)
                JSONText.appendString(change.createdAt, to: &bytes)
                bytes.append(contentsOf: #","description":"#.utf8)
                JSONText.appendString(change.description, to: &bytes)
                bytes.append(contentsOf: #","id":"#.utf8)
                JSONText.appendInteger(change.id, to: &bytes)
                bytes.append(contentsOf: #","itemCount":"#.utf8)
                JSONText.appendInteger(Int64(change.itemCount), to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(contentsOf: (changes.isEmpty ? "]\n" : "\n]\n").utf8)
            output.write(bytes: bytes)
        case .ids:
            for change in changes { output.write("\(change.id)\n") }
        }
    }
}
