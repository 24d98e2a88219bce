import ChecklistCore

/// Writes items in one of the contract's formats, one at a time, so a list of any length
/// streams through in constant memory.
protocol ItemRenderer {
    mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput)
    mutating func finish(to output: inout some TextOutputStream & ByteOutput)
}

/// An output that also takes raw bytes (JSON comes out of the encoder as UTF-8).
protocol ByteOutput {
    mutating func write(bytes: some Collection<UInt8>)
}

extension FileOutput: ByteOutput {}

extension OutputFormat {
    /// The renderer for this format. `showsListNames` groups text output under list headings;
    /// `isColored` gives text the terminal layout (JSON and IDs are never coloured).
    func renderer(showsListNames: Bool, escapesControls: Bool, isColored: Bool = false)
        -> any ItemRenderer
    {
        switch self {
        case .text where isColored: ColoredTextRenderer(showsListNames: showsListNames)
        case .text: TextRenderer(showsListNames: showsListNames, escapesControls: escapesControls)
        case .json: JSONRenderer()
        case .ids: IDRenderer()
        }
    }
}

/// `[x] 12 Tent`, one line an item; with several lists, a `name:` heading before each.
struct TextRenderer: ItemRenderer {
    let showsListNames: Bool
    /// On a terminal, control characters in a title (ESC, CSI, OSC…) are shown escaped, so a
    /// title cannot drive the terminal; piped output stays byte-exact.
    let escapesControls: Bool
    private var currentList: String?

    init(showsListNames: Bool, escapesControls: Bool) {
        self.showsListNames = showsListNames
        self.escapesControls = escapesControls
    }

    mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        if showsListNames && item.list != currentList {
            if currentList != nil { output.write("\n") }
            output.write(displayed(item.list) + ":\n")
            currentList = item.list
        }
        output.write(item.isSelected ? "[x] " : "[ ] ")
        output.write(String(item.id))
        output.write(" ")
        output.write(displayed(item.title))
        output.write("\n")
    }

    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {}

    private func displayed(_ text: String) -> String {
        escapesControls ? TerminalText.escapingControls(text) : text
    }
}

/// The contract's JSON: one array of objects with exactly the contract's keys, one object a
/// line, written as it streams. Strings are escaped by `JSONText` (see there for why not
/// `JSONEncoder`).
struct JSONRenderer: ItemRenderer {
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
        JSONText.appendString(item.list, to: &bytes)
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
struct IDRenderer: ItemRenderer {
    mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        output.write(String(item.id))
        output.write("\n")
    }

    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {}
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
