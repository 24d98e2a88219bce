import ChecklistCore
import ChecklistModel

/// `ItemField.shownText` for a piped `list`, on the bytes as they are stored: ` ×N` after the
/// title for each count not at its value by default, then ` — ` and each remark that is not
/// empty. A row whose fields are all at their values by default comes with none (`more`
/// empty) and writes exactly its v4 line.
enum ShownFieldsText {
    static func write(_ more: [UnsafeRawBufferPointer], to output: inout FileOutput) {
        if more.isEmpty { return }
        for (index, value) in more.enumerated() where index < isCount.count && isCount[index] {
            if !value.elementsEqual(defaults[index]) {
                output.write(" ×")
                output.write(raw: value)
            }
        }
        for (index, value) in more.enumerated() where index < isCount.count && !isCount[index] {
            if !value.elementsEqual(defaults[index]) {
                output.write(ItemField.remarkSeparator)
                output.write(raw: value)
            }
        }
    }

    private static let isCount = ItemField.all.map { $0.shown.look == .times }
    private static let defaults = ItemField.all.map { Array($0.shown.defaultText.utf8) }
}
