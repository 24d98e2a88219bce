import ChecklistCore
import ChecklistModel
import ChecklistTransfer

/// `list` for a person at a terminal: titles in one column (IDs right-aligned to the widest ID
/// shown); with colour, checked items dimmed behind a green mark and list names in bold.
/// `--color never` and `NO_COLOR` take the colour away, not the layout.
///
/// The widest ID shown is known only at the end, so the first `heldRows` rows are held. A
/// longer list (piped with `--color always`, say) streams from then on in the width of the
/// largest ID of the items listed (`ChecklistStore.largestItemID(in:filter:)`): memory stays
/// bounded and the column stays straight. Only `--match` can leave that ID out, and then the
/// column may be wider than the widest ID shown.
struct AlignedTextRenderer {
    let showsListNames: Bool
    /// The largest ID of the items the scope and filter select, before any `--match`.
    let largestID: Int64
    let isColored: Bool
    /// The terminal's width, when the output is a terminal: a title too long for its line goes
    /// on under the title's column (a hanging indent), never back under the boxes. Nil in a
    /// pipe or a file (`--color always`), where each item stays one line.
    let columns: Int?
    private var held: [ItemHeadline] = []
    /// The ID column's width, once the rows stream; nil while they are held.
    private var width: Int?
    private var currentList: ListName?

    /// How many rows are held to find the widest ID shown.
    static let heldRows = 10_000

    init(showsListNames: Bool, largestID: Int64, isColored: Bool, columns: Int? = nil) {
        self.showsListNames = showsListNames
        self.largestID = largestID
        self.isColored = isColored
        self.columns = columns
    }

    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput) {
        if width == nil && held.count < Self.heldRows {
            held.append(item)
            return
        }
        if width == nil {
            let width = max(String(largestID).count, Self.widest(held))
            flush(width: width, to: &output)
            self.width = width
        }
        render(item, width: width ?? 0, to: &output)
    }

    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {
        if width == nil { flush(width: Self.widest(held), to: &output) }
    }

    private static func widest(_ items: [ItemHeadline]) -> Int {
        items.map { String($0.id).count }.max() ?? 0
    }

    private mutating func flush(width: Int, to output: inout some TextOutputStream & ByteOutput) {
        for item in held { render(item, width: width, to: &output) }
        held = []
    }

    private mutating func render(
        _ item: ItemHeadline, width: Int, to output: inout some TextOutputStream & ByteOutput
    ) {
        if showsListNames && item.list != currentList {
            if currentList != nil { output.write("\n") }
            let name = TerminalText.escapingControls(item.list.text)
            output.write((isColored ? ANSI.bold + name + ANSI.reset : name) + ":\n")
            currentList = item.list
        }
        let id = String(item.id)
        let padding = String(repeating: " ", count: max(0, width - id.count))
        // The title and its counts wrap at the terminal's width; remarks follow, dimmed.
        let (counts, remarks) = ItemField.shownText(item.more)
        let title = Self.wrapped(
            TerminalText.escapingControls(item.title) + counts,
            indent: 4 + max(width, id.count) + 1, columns: columns)
        let remark = remarks.map {
            ItemField.remarkSeparator + TerminalText.escapingControls($0)
        }.joined()
        if !isColored {
            output.write(
                (item.isSelected ? "[x] " : "[ ] ") + padding + id + " " + title + remark + "\n")
        } else if item.isSelected {
            output.write(ANSI.green + "[x]" + ANSI.reset + " " + ANSI.dim + padding + id + " ")
            output.write(title + remark + ANSI.reset + "\n")
        } else {
            output.write("[ ] " + padding + id + " " + title)
            output.write((remark.isEmpty ? "" : ANSI.dim + remark + ANSI.reset) + "\n")
        }
    }

    /// `title` broken between words to fit `columns` after `indent` columns, its next lines
    /// starting at the indent; a word longer than the room is broken where it reaches the edge.
    /// Widths are display columns (a CJK character or an emoji takes two).
    static func wrapped(_ title: String, indent: Int, columns: Int?) -> String {
        guard let columns, columns - indent >= 8, TerminalText.width(of: title) > columns - indent
        else { return title }
        let room = columns - indent
        let margin = "\n" + String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in title.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = TerminalText.width(of: String(word))
            if !line.isEmpty && lineWidth + 1 + wordWidth <= room {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            for character in word {
                let characterWidth = TerminalText.width(of: character)
                if lineWidth + characterWidth > room {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: margin)
    }
}
