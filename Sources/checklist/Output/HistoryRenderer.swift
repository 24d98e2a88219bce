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
            var array = JSONArrayWriter()
            for change in changes {
                array.append(to: &output) { object in
                    object.string("command", change.command)
                    object.string("createdAt", change.createdAt)
                    object.string("description", change.description)
                    object.integer("id", change.id)
                    object.integer("itemCount", Int64(change.itemCount))
                }
            }
            array.finish(to: &output)
        case .ids:
            for change in changes { output.write("\(change.id)\n") }
        }
    }
}
