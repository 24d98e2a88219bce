import ChecklistModel

/// The picker: the edit mode's screen, movement and filter, where `space` marks rows instead
/// of checking them and `Enter` chooses the marked items (the cursor's item when none is). It
/// changes nothing itself: `checklist pick` prints the choice, and `--pick` hands it to its
/// command as if the IDs had been typed.
public struct EditorPicking: Hashable, Sendable {
    /// What the choice is for: its word in the footer and the help.
    public enum Purpose: String, Hashable, Sendable, CaseIterable {
        case print, check, uncheck, toggle, delete, move, set

        /// The footer's word for `Enter` ("Delete (3)" as the edit mode says it).
        var enterWord: String { self == .delete ? "Delete" : rawValue }
    }

    public var purpose: Purpose
    /// The marked items.
    public var marks = IDSet()
    /// Which items show by state (`--checked`, `--unchecked`).
    public var shownState: ItemFilter
    /// The items chosen, once `Enter` (and, for a delete, `y`) chose them.
    public var chosen: IDSet?

    public init(purpose: Purpose, shownState: ItemFilter = .any) {
        self.purpose = purpose
        self.shownState = shownState
    }
}

extension EditorState {
    /// Whether at most one item may be marked: `move` moves one item, and `check` in a
    /// single-choice list checks one (its rule: naming two is refused). Marking another item
    /// moves the mark, as a radio button does.
    public var picksOne: Bool {
        guard let picking else { return false }
        return picking.purpose == .move || (picking.purpose == .check && page.mode == .single)
    }

    /// What `Enter` would choose now: the marks, else the cursor's item.
    public var pickedOnEnter: IDSet {
        guard let picking else { return IDSet() }
        if !picking.marks.isEmpty { return picking.marks }
        return cursorRow.map { IDSet(ids: [$0.id]) } ?? IDSet()
    }

    /// The filter for a typed text: in a picker it keeps the state it was opened with.
    func typedFilter(_ text: String) -> EditorFilter? {
        EditorFilter.of(text, state: picking?.shownState ?? .any)
    }

    mutating func performPicking(_ action: EditorAction) -> [EditorEffect] {
        guard var picking else { return [] }
        defer { self.picking = picking }
        switch action {
        case .mark:
            guard let row = cursorRow else { return [] }
            let one = IDSet(ids: [row.id])
            if picking.marks.contains(row.id) {
                picking.marks = picking.marks.subtracting(one)
            } else {
                picking.marks = picksOne ? one : picking.marks.union(one)
            }
            return []
        case .markAll:
            if picksOne {
                message = "\(picking.purpose.rawValue) takes one item here: space marks it"
                return []
            }
            return [.readShownIDs(list: list, filter: filter)]
        case .clearMarks:
            picking.marks = IDSet()
            return []
        case .choose:
            let ids = pickedOnEnter
            guard !ids.isEmpty else {
                message = "nothing to choose: no item is shown"
                return []
            }
            if picking.purpose == .delete {
                prompt = .confirmPick(ids)
                return []
            }
            return finishPicking(ids)
        case .cancel:
            return [.quit(1)]
        default:
            return []
        }
    }

    /// Chooses `ids` once a read has found which of them are still items of the list.
    mutating func finishPicking(_ ids: IDSet) -> [EditorEffect] {
        guard let listIdentity else {
            message = "nothing to choose: the list \"\(list)\" does not exist"
            return []
        }
        return [.findMarks(ids, in: listIdentity, finishing: true)]
    }

    /// After a change elsewhere: which marked items are still items of the list.
    func findMarksAfterChange() -> [EditorEffect] {
        guard let marks = picking?.marks, !marks.isEmpty, let listIdentity else { return [] }
        return [.findMarks(marks, in: listIdentity, finishing: false)]
    }

    mutating func markAll(_ ids: IDSet) {
        guard let marks = picking?.marks, !picksOne else { return }
        picking?.marks = marks.union(ids)
    }

    /// Drops the marks of items deleted (or moved to another list) elsewhere, and says so; a
    /// choice is made of what is left.
    mutating func takeFoundMarks(asked: IDSet, kept: IDSet, finishing: Bool) -> [EditorEffect] {
        guard var picking else { return [] }
        let gone = asked.subtracting(kept)
        picking.marks = picking.marks.subtracting(gone)
        defer { self.picking = picking }
        let count = gone.count
        let which = count == 1 ? "item \(gone) was" : "\(count) items (\(gone.summary())) were"
        if finishing && kept.isEmpty {
            message = "\(which) deleted or moved elsewhere; nothing chosen"
            return []
        }
        if !gone.isEmpty {
            message = "marked \(which) deleted or moved elsewhere: no longer marked"
        }
        guard finishing else { return [] }
        picking.chosen = kept
        return [.quit(0)]
    }
}
