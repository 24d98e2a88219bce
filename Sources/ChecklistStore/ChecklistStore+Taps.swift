import ChecklistModel
import ChecklistSync

/// A tap on a list's page: an item checked or unchecked, at the time it was made on the phone.
/// A page keeps its taps while the server cannot be reached and sends them, in order, when it
/// is back: each is merged as an offline copy's check is (`SyncMerge`).
public struct PageTap: Equatable, Sendable {
    public var id: ItemID
    public var checked: Bool
    /// When it was made, ISO 8601 UTC with milliseconds: by the phone's clock, set right by
    /// what the page learnt of the server's (so the same tap sent again has the same time).
    public var time: String
    /// The server's time of the newest state the page had when the tap was made: the tap is
    /// never stamped before it (it was made seeing that); nil when unknown.
    public var seen: String?

    public init(id: ItemID, checked: Bool, time: String, seen: String? = nil) {
        self.id = id
        self.checked = checked
        self.time = time
        self.seen = seen
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
    /// item deleted meanwhile stays deleted. A tap is stamped with its time, but never before
    /// what its page had seen (`PageTap.seen`, or `seen` for taps without one) nor the tap
    /// before it, and never after the server's clock now (a phone's clock running ahead, or a
    /// `seen` from the future, cannot win over later edits). The same taps sent again (an
    /// answer lost on the way) change nothing more. Only the last tap of an item is told as
    /// lost: an earlier one is overtaken by it anyway.
    public func mergeTaps(_ taps: [PageTap], seen: String?) throws -> [TapOutcome] {
        guard !taps.isEmpty else { return [] }
        let arrival = try engine.clock()
        // What each tap's page had seen, held to the server's clock.
        let floors = taps.map { min($0.seen ?? seen ?? "", arrival) }
        // A tap from a clock ahead of the server's is held to its first arrival: sent again (its
        // answer lost), it is found in the journal, its author's check or uncheck of that one
        // item recorded between what its page had seen and the tap's own time, and keeps that
        // time, so it changes nothing more (issue 47).
        let recorded = taps.contains { $0.time > arrival } ? try history() : []
        var last = ""
        let times = zip(taps, floors).map { tap, floor in
            let command = (tap.checked ? SelectionKind.check : .uncheck).rawValue
            if tap.time > arrival,
                let first = recorded.last(where: {
                    $0.author == author && $0.command == command && $0.itemCount == 1
                        && $0.description.hasSuffix("(ID \(tap.id))")
                        && $0.createdAt >= max(floor, last) && $0.createdAt <= tap.time
                })
            {
                last = first.createdAt
                return last
            }
            last = Stamp.clock([tap.time], seen: max(floor, last), arrival: arrival)[0]
            return last
        }
        var outcomes: [TapOutcome] = []
        for (index, tap) in taps.enumerated() {
            let time = times[index]
            let stamp = Stamp(time: time, author: author)
            let seenStamp = Stamp(Stamp.seen(floors[index]))
            let overtaken = taps[(index + 1)...].contains { $0.id == tap.id }
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
                    outcome.lostTo = overtaken ? nil : winner
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
