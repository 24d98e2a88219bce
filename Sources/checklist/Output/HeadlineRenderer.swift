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
    /// `largestID` (of the items listed; see `AlignedTextRenderer`), given on a terminal or
    /// when text is coloured, gives text the terminal layout, with colour or without (IDs are
    /// never coloured).
    func headlineRenderer(
        showsListNames: Bool, escapesControls: Bool, largestID: Int64? = nil,
        isColored: Bool = false
    ) -> any HeadlineRenderer {
        switch (self, largestID) {
        case (.text, let largestID?):
            AlignedTextRenderer(
                showsListNames: showsListNames, largestID: largestID, isColored: isColored)
        case (.text, nil), (.json, _):
            TextRenderer(showsListNames: showsListNames, escapesControls: escapesControls)
        case (.ids, _): IDRenderer()
        }
    }
}
