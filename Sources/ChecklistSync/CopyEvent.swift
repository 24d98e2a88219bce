import ChecklistModel

/// A copy's change or undo, in the order they were made.
enum CopyEvent {
    case change(CopyChange)
    case undo(OfflineCopy.Undo)

    var time: String {
        switch self {
        case .change(let change): change.entry.createdAt
        case .undo(let undo): undo.createdAt
        }
    }

    /// The key of the unsent change an undo undid (a sync cut as the server committed may
    /// have sent it).
    func undoneUnsentKey(author: String) -> String? {
        guard case .undo(let undo) = self, let unsent = undo.unsent else { return nil }
        return SentKey.of(unsent, author: unsent.author ?? author)
    }

    /// Whether the server had applied it, by how far it applied the copy's journal (a sync of
    /// the program before generations).
    func isApplied(before progress: (changes: Int64, undos: Int64)?) -> Bool {
        guard let progress else { return false }
        switch self {
        case .change(let change): return change.entry.id <= progress.changes
        case .undo(let undo): return undo.id <= progress.undos
        }
    }

    /// What names it on the server once sent.
    func key(author: String) -> String {
        switch self {
        case .change(let change): SentKey.of(change.entry, author: change.entry.author ?? author)
        case .undo(let undo): SentKey.of(undo, author: undo.author ?? author)
        }
    }

    /// The changes and undos merged in the order they were made (an undo after the copy's
    /// journal entry it followed).
    static func inOrder(_ changes: [CopyChange], _ undos: [OfflineCopy.Undo]) -> [CopyEvent] {
        var events: [CopyEvent] = []
        var pendingUndos = undos[...]
        for change in changes {
            while let undo = pendingUndos.first, undo.afterChange < change.entry.id {
                events.append(.undo(undo))
                pendingUndos = pendingUndos.dropFirst()
            }
            events.append(.change(change))
        }
        return events + pendingUndos.map { .undo($0) }
    }
}

/// An item added offline that took a new ID at sync, and why: its copy was put back from a
/// backup or duplicated (`isFork`), or its ID was another item's on the server.
public struct SyncRenumbered: Equatable, Sendable {
    public var from: ItemID
    public var to: ItemID
    public var title: String
    public var isFork: Bool
}

extension CopyChange {
    /// Whether a change only checks or unchecks items (a tap, or `check` of a few).
    var checksAlone: Bool {
        edits.allSatisfy { edit in
            if case .set(_, .checked, _) = edit { true } else { false }
        }
    }
}
