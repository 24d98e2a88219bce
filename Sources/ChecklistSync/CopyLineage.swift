import ChecklistModel

/// Where a syncing copy stands with its server, told by generations, not numbers
/// (`migrations/postgresql/0007`): a side may come back from an older state.
package enum CopyLineage: Equatable, Sendable {
    /// The copy the server last saw (or that copy again after a sync cut as the server
    /// committed: it presents the generation before, and holds every change that sync sent).
    case same
    /// An older state of the copy: its file put back from a backup, or a duplicate whose twin
    /// synced since. It syncs as a new copy, its adds given new IDs.
    case forked
    /// The server never gave the copy's generation, or its counters are behind the copy's:
    /// it went back in time.
    case serverBehind
    /// The server holds no record of the copy (its row of `checklist.copies` removed, or a
    /// backup from before its clone): it went back in time if it lacks changes the copy saw.
    case unknown
    /// Retired on the server (`checklist copies forget N`): it syncs no more.
    case retired(number: Int64)
}

/// What names a copy's change or undo on the server once sent (`checklist.sent_changes`): its
/// time, author, command and description, which a copy put back from a backup or duplicated
/// repeats only for the changes it shares with the copy that sent them.
enum SentKey {
    static func of(_ change: Change, author: String) -> String {
        "change \(change.createdAt) \(author) \(change.command) \(change.description)"
    }

    static func of(_ undo: OfflineCopy.Undo, author: String) -> String {
        let undone = undo.unsent.map { "unsent \(of($0, author: $0.author ?? author))" }
        return "undo \(undo.createdAt) \(author) \(undo.changeID) \(undone ?? "")"
    }
}
