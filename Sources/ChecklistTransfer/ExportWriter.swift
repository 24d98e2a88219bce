import ChecklistModel

/// The formats `export` writes and `import` reads.
public enum TransferFormat: String, CaseIterable, Sendable {
    case markdown
    case json
}

/// `export`'s two formats, written as the items stream by: each format is written here and
/// read by `ImportDocument`, so a round trip can be tested without a process.
public struct ExportWriter {
    public let format: TransferFormat
    /// The lists still to be headed (Markdown): each gets its heading before its first item, or
    /// at the end when it has none, so an empty list survives a round trip.
    private var pending: ArraySlice<Checklist> = []
    private var items = ItemJSONWriter()
    /// Whether the last line written was an item, so a heading needs a blank line first.
    private var endsWithItem = false
    private var currentList: ListName?

    /// On a terminal, control characters in titles and names are shown escaped, as `list`
    /// shows them; a file or a pipe gets the bytes (JSON escapes them its own way).
    public let escapesControls: Bool

    public init(format: TransferFormat, escapesControls: Bool = false) {
        self.format = format
        self.escapesControls = escapesControls
    }

    /// Takes the lists, in the order their items will come.
    public mutating func begin(
        _ lists: [Checklist], to output: inout some TextOutputStream & ByteOutput
    ) {
        switch format {
        case .markdown:
            pending = lists[...]
        case .json:
            output.write(bytes: Array(#"{"lists":"#.utf8))
            var array = JSONArrayWriter()
            for list in lists {
                array.append(to: &output) { object in
                    object.string("mode", list.mode.rawValue)
                    object.string("name", list.name.text)
                }
            }
            array.finish(to: &output, ending: ",\n" + #""items":"#)
        }
    }

    /// Writes one item of the list last begun.
    public mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .markdown:
            // ListName compares byte by byte, as SQLite orders names.
            if item.list != currentList {
                // Head the empty lists before this one, then this one.
                while let list = pending.popFirst() {
                    heading(list, to: &output)
                    if list.name == item.list { break }
                }
                currentList = item.list
            }
            output.write(item.isSelected ? "- [x] " : "- [ ] ")
            output.write(displayed(MarkdownFields.taskText(title: item.title, more: item.more)))
            output.write("\n")
            if let remark = MarkdownFields.remarkLine(more: item.more) {
                output.write(displayed(remark) + "\n")
            }
            endsWithItem = true
        case .json:
            items.write(item, to: &output)
        }
    }

    /// Ends the document.
    public mutating func finish(to output: inout some TextOutputStream & ByteOutput) {
        switch format {
        case .markdown:
            for list in pending { heading(list, to: &output) }
            pending = []
        case .json:
            items.finish(to: &output, ending: "\n}\n")
        }
    }

    private func displayed(_ text: String) -> String {
        escapesControls ? TerminalText.escapingControls(text) : text
    }

    private mutating func heading(
        _ list: Checklist, to output: inout some TextOutputStream & ByteOutput
    ) {
        if endsWithItem { output.write("\n") }
        output.write("## \(displayed(list.name.text))\n")
        if list.mode == .single {
            output.write(ImportDocument.markdownModeComment(.single) + "\n")
        }
        output.write("\n")
        endsWithItem = false
    }
}
