import ChecklistCore
import FoundationEssentials

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
    /// The renderer for this format. `showsListNames` groups text output under list headings.
    func renderer(showsListNames: Bool, escapesControls: Bool) -> any ItemRenderer {
        switch self {
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

/// The contract's JSON: one array of objects, written as it streams, each object by
/// `JSONEncoder`.
struct JSONRenderer: ItemRenderer {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Sorted keys make the output stable from run to run (the encoder's own order is not).
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private var count = 0

    mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        output.write(count == 0 ? "[\n" : ",\n")
        count += 1
        // Encoding a value of five strings and numbers cannot fail; if it ever did, the
        // array would still close and stay valid JSON.
        if let data = try? encoder.encode(JSONItem(item)) {
            output.write(bytes: data)
        }
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

/// An item with exactly the contract's keys.
struct JSONItem: Encodable {
    let item: Item

    init(_ item: Item) {
        self.item = item
    }

    enum CodingKeys: String, CodingKey {
        case id, list, title, isSelected, position, createdAt, updatedAt
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item.id, forKey: .id)
        try container.encode(item.list, forKey: .list)
        try container.encode(item.title, forKey: .title)
        try container.encode(item.isSelected, forKey: .isSelected)
        try container.encode(item.position, forKey: .position)
        try container.encode(item.createdAt, forKey: .createdAt)
        try container.encode(item.updatedAt, forKey: .updatedAt)
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
