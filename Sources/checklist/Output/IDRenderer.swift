import ChecklistCore

/// One ID a line, for pipes.
struct IDRenderer: HeadlineRenderer {
    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput) {
        output.write(String(item.id))
        output.write("\n")
    }
}
