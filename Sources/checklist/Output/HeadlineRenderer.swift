import ChecklistCore

/// Writes what text and ID output show of items, one at a time, so a list of any length
/// streams through in constant memory.
protocol HeadlineRenderer {
    mutating func write(_ item: ItemHeadline, to output: inout some TextOutputStream & ByteOutput)
    /// Called once after the last item.
    mutating func finish(to output: inout some TextOutputStream & ByteOutput)
}

extension HeadlineRenderer {
    mutating func finish(to output: inout some TextOutputStream & ByteOutput) {}
}

extension FileOutput: ByteOutput {}

extension OutputFormat {
    /// The renderer for text or IDs. `showsListNames` groups text output under list headings;
    /// `isColored` gives text the terminal layout (IDs are never coloured).
    func headlineRenderer(showsListNames: Bool, escapesControls: Bool, isColored: Bool = false)
        -> any HeadlineRenderer
    {
        switch self {
        case .text where isColored: ColoredTextRenderer(showsListNames: showsListNames)
        case .text, .json:
            TextRenderer(showsListNames: showsListNames, escapesControls: escapesControls)
        case .ids: IDRenderer()
        }
    }
}
