import ChecklistCore

/// How text output shows an item's fields beyond its title (`ItemField`): ` ×N` after the
/// title where a count is not 1, then ` — ` and a remark where it is not empty. An item with
/// every field at its value by default shows exactly its v4 line.
enum ShownFieldsText {
    static func parts(_ more: [String]) -> (counts: String, remarks: [String]) {
        ItemField.shownText(more)
    }

    static let remarkSeparator = ItemField.remarkSeparator

    /// The same, from the bytes a piped `list` writes as they are.
    static func write(_ more: [UnsafeRawBufferPointer], to output: inout FileOutput) {
        for (index, field) in fields.enumerated() where index < more.count {
            let value = more[index]
            if value.elementsEqual(defaults[index]) || field.look != .times { continue }
            output.write(" ×")
            output.write(raw: value)
        }
        for (index, field) in fields.enumerated() where index < more.count {
            let value = more[index]
            if value.elementsEqual(defaults[index]) || field.look != .remark { continue }
            output.write(remarkSeparator)
            output.write(raw: value)
        }
    }

    private static let fields = ItemField.all.map(\.shown)
    private static let defaults = fields.map { Array($0.defaultText.utf8) }
}
