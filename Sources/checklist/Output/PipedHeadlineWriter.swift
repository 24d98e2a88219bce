import ChecklistCore
import ChecklistModel

/// `list` in a pipe or a file, as text or IDs: the v1 bytes (`[x] 12 Tent`, a `name:` heading
/// before each list with `--all`), written from SQLite's row buffer into the output buffer.
/// No byte of a title changes in a pipe, so none is decoded, and no `String` is made of a row
/// (`ChecklistStore.forEachHeadlineBytes`). A terminal gets `AlignedTextRenderer`.
struct PipedHeadlineWriter {
    let showsListNames: Bool
    let idsOnly: Bool
    /// The bytes of the list whose heading was written last (list names compare byte by
    /// byte, as `ListName` does).
    private var currentList: [UInt8]?

    init(showsListNames: Bool, idsOnly: Bool) {
        self.showsListNames = showsListNames
        self.idsOnly = idsOnly
    }

    mutating func write(_ item: HeadlineBytes, to output: inout FileOutput) {
        if idsOnly {
            output.write(decimal: item.id)
            output.write("\n")
            return
        }
        if showsListNames && !(currentList?.elementsEqual(item.list) ?? false) {
            if currentList != nil { output.write("\n") }
            output.write(raw: item.list)
            output.write(":\n")
            currentList = Array(item.list)
        }
        output.write(item.isSelected ? "[x] " : "[ ] ")
        output.write(decimal: item.id)
        output.write(" ")
        output.write(raw: item.title)
        ShownFieldsText.write(item.more, to: &output)
        output.write("\n")
    }
}
