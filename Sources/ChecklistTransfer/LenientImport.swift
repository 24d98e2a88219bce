import ChecklistModel

/// What a lenient import read: the document to import, and the lines it left out by kind.
public struct LenientImport: Equatable, Sendable {
    public var document: ImportDocument
    public var skipped: SkippedLines

    /// Makes a result from its parts.
    public init(document: ImportDocument, skipped: SkippedLines) {
        self.document = document
        self.skipped = skipped
    }
}
