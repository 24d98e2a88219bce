import ChecklistCore

/// Writes what text and ID output show of items, one at a time, so a list of any length
/// streams through in constant memory.
protocol HeadlineRenderer {
    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput)
}

/// An output that also takes raw bytes (JSON is written as UTF-8).
protocol ByteOutput {
    mutating func write(bytes: some Collection<UInt8>)
}

extension FileOutput: ByteOutput {}

extension OutputFormat {
    /// The renderer for text or IDs. `showsListNames` groups text output under list headings.
    func headlineRenderer(showsListNames: Bool, escapesControls: Bool) -> any HeadlineRenderer {
        switch self {
        case .text, .json:
            TextRenderer(showsListNames: showsListNames, escapesControls: escapesControls)
        case .ids: IDRenderer()
        }
    }
}

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

/// The contract's JSON: one array of objects with exactly the contract's keys, one object a
/// line, written as it streams. Strings are escaped by `JSONText` (see there for why not
/// `JSONEncoder`).
struct JSONRenderer {
    private var bytes: [UInt8] = []
    private var count = 0

    mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (count == 0 ? "[\n" : ",\n").utf8)
        count += 1
        // Keys in sorted order, as before this writer: createdAt, id, isSelected, list,
        // position, title, updatedAt.
        bytes.append(contentsOf: #"{"createdAt":"#.utf8)
        JSONText.appendString(item.createdAt, to: &bytes)
        bytes.append(contentsOf: #","id":"#.utf8)
        JSONText.appendInteger(item.id, to: &bytes)
        bytes.append(contentsOf: #","isSelected":"#.utf8)
        JSONText.appendBool(item.isSelected, to: &bytes)
        bytes.append(contentsOf: #","list":"#.utf8)
        JSONText.appendString(item.list.text, to: &bytes)
        bytes.append(contentsOf: #","position":"#.utf8)
        JSONText.appendInteger(item.position, to: &bytes)
        bytes.append(contentsOf: #","title":"#.utf8)
        JSONText.appendString(item.title, to: &bytes)
        bytes.append(contentsOf: #","updatedAt":"#.utf8)
        JSONText.appendString(item.updatedAt, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        output.write(bytes: bytes)
    }

    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {
        output.write(count == 0 ? "[]\n" : "\n]\n")
    }
}

/// One ID a line, for pipes.
struct IDRenderer: HeadlineRenderer {
    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput) {
        output.write(String(item.id))
        output.write("\n")
    }
}

enum TerminalText {
    /// Replaces C0 and C1 control characters and DEL with visible `\u{1B}`-style escapes.
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
