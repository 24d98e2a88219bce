/// A tap on a list's page: an item checked or unchecked, at the time it was made on the phone.
/// A page keeps its taps while the server cannot be reached and sends them, in order, when it
/// is back: each is merged as an offline copy's check is (`SyncMerge`).
public struct PageTap: Equatable, Sendable {
    public var id: ItemID
    public var checked: Bool
    /// When it was made, by the phone's clock: ISO 8601 UTC with milliseconds.
    public var time: String

    public init(id: ItemID, checked: Bool, time: String) {
        self.id = id
        self.checked = checked
        self.time = time
    }
}

/// What became of a tap.
public struct TapOutcome: Equatable, Sendable {
    public var tap: PageTap
    /// The time it was merged at (the phone's, held between what the page had seen of the
    /// server and the server's clock when it arrived).
    public var time: String
    /// The item's title, when it still exists.
    public var title: String?
    /// nil: the tap holds (made, or the item already was so); else the edit it lost to (a
    /// later check or uncheck, a later choice in a single-choice list, or a delete).
    public var lostTo: SyncConflict.Edit?
}

extension ChecklistStore {
    /// Merges a page's taps, in the order they were made, each as its own change recorded at
    /// its own time (so `history` shows when it was made and `undo` reverts it as any change):
    /// by the offline copies' rules, a tap holds unless a later edit of the item's checked
    /// field was made elsewhere meanwhile (or a later choice in its single-choice list), and an
    /// item deleted meanwhile stays deleted. `seen`: the server's time of the last state the
    /// page had (a tap is never stamped before what it saw); each tap's time is also held to
    /// the server's clock now (a phone's clock running ahead cannot win over later edits).
    /// The same tap sent again (an answer lost on the way) changes nothing more.
    public func mergeTaps(_ taps: [PageTap], seen: String?) throws -> [TapOutcome] {
        guard !taps.isEmpty else { return [] }
        let arrival = try engine.clock()
        let times = Stamp.clock(taps.map(\.time), seen: seen ?? "", arrival: arrival)
        let seenStamp = Stamp(seen.map(Self.seen) ?? "")
        var outcomes: [TapOutcome] = []
        for (tap, time) in zip(taps, times) {
            let stamp = Stamp(time: time, author: author)
            let kind: SelectionKind = tap.checked ? .check : .uncheck
            let merged = try engine.recordingChange(kind.rawValue, author: author, at: time) {
                steps in
                let view = try steps.checkMergeView(of: [tap.id], since: time)
                var outcome = TapOutcome(
                    tap: tap, time: time, title: view.items[tap.id]?.title, lostTo: nil)
                switch SyncMerge.tap(tap.id, tap.checked, stamp: stamp, view: view, seen: seenStamp)
                {
                case .apply:
                    let change = try steps.change(
                        kind, of: .ids(IDSet(ids: [tap.id])), ignoringMissing: false)
                    return MergedTap(change: change, outcome: outcome)
                case .holds:
                    return MergedTap(change: nil, outcome: outcome)
                case .lost(let winner):
                    outcome.lostTo = winner
                    return MergedTap(change: nil, outcome: outcome)
                }
            }
            outcomes.append(merged.outcome)
        }
        return outcomes
    }
}

/// A tap's change, as the journal records it: the check's or uncheck's own words, or nothing.
private struct MergedTap: ChangeDescribing {
    var change: SelectionChange?
    var outcome: TapOutcome

    var historyLine: String { change?.historyLine ?? "" }
    var summaryLine: String { change?.summaryLine ?? "" }
    var itemCount: Int { change?.itemCount ?? 0 }
}
