import ChecklistCore
import ChecklistModel
import ChecklistTransfer

/// `history`: one change a line, newest first.
struct HistoryRenderer {
    let format: OutputFormat
    let escapesControls: Bool

    func write(_ changes: [Change], to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .text:
            for change in changes {
                // Every field as stored (another role, or a copy, may have written any text):
                // escaped on a terminal, its line breaks escaped anywhere (issue 48).
                let author = change.author ?? "-"
                let time = LocalTime.minute(of: change.createdAt)
                let shown = "\(time)  \(author)  \(change.description)"
                let text =
                    escapesControls
                    ? TerminalText.escapingControls(shown) : TerminalText.escapingLineBreaks(shown)
                output.write("\(change.id)  \(text)\n")
            }
        case .json:
            var array = JSONArrayWriter()
            for change in changes {
                array.append(to: &output) { object in
                    if let author = change.author {
                        object.string("author", author)
                    } else {
                        object.null("author")
                    }
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
