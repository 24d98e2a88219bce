import ChecklistModel
import ChecklistSync
import ChecklistTransfer

/// The steps a change is made of, each taken by an engine in its own SQL: `SQLiteChange`
/// on a file, `PostgreSQLChange` on a server. Every step that changes rows records them in the
/// undo journal first.
///
/// The rules that are not SQL are written once, over these steps, in the extensions below and
/// in `ChangeSteps+Items` and `ChangeSteps+Lists`: what check, uncheck, toggle, delete and
/// rename do to the items a selection covers and what the history names, `--expect`, which
/// lists must exist or must not, where a moved item goes, which item a single-choice list
/// keeps, and what switching a list's mode needs. Both engines run the same rule, so they
/// cannot drift apart.
package protocol ChangeSteps {
    /// A condition over an engine's items table, as a resolved selection gives them.
    associatedtype Condition
    /// The engine's reads, inside this change's transaction.
    associatedtype Reads: ReadSteps where Reads.Condition == Condition
    var reads: Reads { get }

    // MARK: Lists

    /// The list's name and mode.
    func listRow(_ listID: Int64) throws -> ListRow
    /// Records the list, then sets its mode.
    func setMode(_ mode: ListMode, ofList listID: Int64) throws
    /// The list `add` and `import` append to: created (and recorded as created) when missing,
    /// else recorded, as its time of change moves.
    func listForAdding(named name: ListName, mode: ListMode) throws -> Int64
    /// Creates an empty list and records it as created; returns its ID.
    func createList(named name: ListName, mode: ListMode) throws -> Int64
    /// Records the list, then renames it.
    func renameList(_ listID: Int64, to name: ListName) throws
    /// Records the list and its items, then deletes them.
    func deleteList(_ listID: Int64) throws
    /// Appends a copy of each item of `source`, in its order, to the list `copy` (unchecked,
    /// with `unchecked`, else checked as they are), with new IDs; records them as added and
    /// returns how many.
    func copyItems(ofList source: Int64, into copy: Int64, unchecked: Bool) throws -> Int
    /// `import`'s groups: by default `importGroupsOneByOne`; an engine may take them all at
    /// once, by the same rule.
    func importGroups(_ groups: [ImportDocument.Group]) throws -> ImportSummary

    // MARK: Items

    /// Appends items at the end of a list and records them as added; returns their IDs.
    /// `selection` is one state a title, or nil for `checked` on all.
    func append(_ titles: [String], checked: Bool, selection: [Bool]?, to listID: Int64) throws
        -> [ItemID]
    /// Records the selection of the items `condition` selects that `kind` changes, then changes
    /// it; returns how many changed.
    func setSelection(_ kind: SelectionKind, where condition: Condition) throws -> Int
    /// Records the items `condition` selects, then deletes them; returns how many.
    func deleteItems(where condition: Condition) throws -> Int
    /// A text field of the item (`StoredTables.itemFields`), if the item exists.
    func text(_ field: StoredColumn, of id: ItemID) throws -> String?
    /// Records the item, then sets a text field of it (and its time of change).
    func setText(_ field: StoredColumn, to value: String, of id: ItemID) throws
    /// Records the items `condition` selects that hold another value of any of the fields,
    /// then sets them all (and the time of change) there; returns how many changed.
    func setFields(_ values: [(column: StoredColumn, value: String)], where condition: Condition)
        throws -> Int
    /// The items this change added, as the ranges it recorded, in order.
    func addedItems() throws -> [ClosedRange<ItemID>]
    /// Sets a text field of the items `first`, `first + 1`, … to `values`, in order: of items
    /// this change added (recorded as added, so undo deletes them and needs no more).
    func setTexts(_ field: StoredColumn, to values: [String], from first: ItemID) throws
    /// Where the item is, if it exists.
    func place(of id: ItemID) throws -> ItemPlace?
    /// The checked items of a list, by ID.
    func checkedItems(inList listID: Int64) throws -> [ItemID]
    /// Unchecks every checked item of a list but `keeping` and `sparing`; returns how many.
    func uncheckOthers(in listID: Int64, keeping: ItemID?, sparing: [ItemID]) throws -> Int

    // MARK: Places in a list (its items but `moving`, in list order)

    /// How many there are, or how many come before `place` when given.
    func itemCount(inList listID: Int64, excluding moving: ItemID, before place: ItemPlace?)
        throws -> Int
    /// The stored position of the one at `index` (from 0), if there is one.
    func position(inList listID: Int64, excluding moving: ItemID, at index: Int) throws -> Int64?
    /// Records those at `position` and after, then moves each one position down.
    func shiftPositions(inList listID: Int64, excluding moving: ItemID, from position: Int64)
        throws
    /// Records the item, then puts it in the list at the stored position.
    func put(_ id: ItemID, inList listID: Int64, at position: Int64) throws

    // MARK: What this change recorded

    /// Where the selection journal ends now (`selectionsRecorded(after:)`).
    func selectionMark() throws -> Int64
    /// The items whose selection this change recorded after `mark`.
    func selectionsRecorded(after mark: Int64) throws -> IDSet
    /// The items this change recorded whole (deleted or changed).
    func itemsRecorded() throws -> IDSet

    // MARK: Merging

    /// The items `ids` as a merge of checks reads them (`MergeView`), for an edit stamped at
    /// `time` or later: an item unchanged since then needs no stamp more exact than its time of
    /// change.
    func checkMergeView(of ids: [ItemID], since time: String) throws -> MergeView

    // MARK: Single choice

    /// Whether any list is a single-choice one (most databases have none).
    func hasSingleChoiceLists() throws -> Bool
    /// The items `condition` selects that belong to single-choice lists.
    func singleChoiceItems(where condition: Condition) throws -> [ItemPlace]
}

/// What check, uncheck and toggle do to the items they name.
package enum SelectionKind: String {
    case check, uncheck, toggle

    var verb: SelectionChange.Verb {
        switch self {
        case .check: .checked
        case .uncheck: .unchecked
        case .toggle: .toggled
        }
    }
}

extension ChangeSteps {
    /// The list a command names, which must exist.
    func existingList(named name: ListName) throws -> Int64 {
        try reads.existingList(named: name)
    }

    // MARK: - Adding items

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// In a single-choice list, one item may be added checked (the others are unchecked, and
    /// the summary says how many); several may not.
    func add(_ titles: [Title], to list: ListName, checked: Bool) throws -> AddSummary {
        let listID = try listForAdding(named: list, mode: .multiple)
        var uncheckedOthers = 0
        if checked, try listRow(listID).mode == .single {
            guard titles.count == 1 else {
                throw ChecklistError.singleChoiceConflict(list: list.text, ids: IDSet())
            }
            uncheckedOthers = try uncheckOthers(in: listID, keeping: nil, sparing: [])
        }
        let ids = try append(titles.map(\.text), checked: checked, selection: nil, to: listID)
        return AddSummary(list: list, ids: ids, uncheckedOthers: uncheckedOthers)
    }

    // MARK: - Importing

    /// Appends each group's items at the end of its list, created with the group's mode when
    /// missing (an existing list keeps its mode). In a single-choice list, one checked item of
    /// the group unchecks the others there (`ImportDocument.Group.unchecksOthers`).
    func importGroups(_ groups: [ImportDocument.Group]) throws -> ImportSummary {
        try importGroupsOneByOne(groups)
    }

    /// The single-choice rule of an import taken in bulk, once the groups' lists are found or
    /// made (`lists`, one a group): each single-choice list with one checked imported item has
    /// its other checked items unchecked; returns how many.
    package func uncheckOthersForImport(_ groups: [ImportDocument.Group], in lists: [ListRow])
        throws
        -> Int
    {
        var unchecked = 0
        for (group, list) in zip(groups, lists)
        where try group.unchecksOthers(inListOfMode: list.mode) {
            unchecked += try uncheckOthers(in: list.id, keeping: nil, sparing: [])
        }
        return unchecked
    }

    /// `importGroups`, then the items' declared text fields beyond the model's
    /// (`ImportDocument.Entry.more`): the imported items are the change's added ones, in the
    /// document's order.
    func importGroupsWithFields(_ groups: [ImportDocument.Group]) throws -> ImportSummary {
        let summary = try importGroups(groups)
        let entries = groups.flatMap(\.entries)
        guard entries.contains(where: { !$0.more.isEmpty }) else { return summary }
        var rest = entries[...]
        for range in try addedItems() {
            let part = rest.prefix(range.count)
            rest = rest.dropFirst(range.count)
            for (index, field) in StoredTables.moreShownItemFields.enumerated() {
                try setTexts(
                    field,
                    to: part.map { $0.more.isEmpty ? ItemField.defaults[index] : $0.more[index] },
                    from: range.lowerBound)
            }
        }
        return summary
    }

    /// `importGroups`, a group at a time: the rule, over the steps.
    package func importGroupsOneByOne(_ groups: [ImportDocument.Group]) throws -> ImportSummary {
        var count = 0
        var uncheckedOthers = 0
        for group in groups {
            let listID = try listForAdding(named: group.name, mode: group.mode ?? .multiple)
            if try group.unchecksOthers(inListOfMode: listRow(listID).mode) {
                uncheckedOthers += try uncheckOthers(in: listID, keeping: nil, sparing: [])
            }
            count += try append(
                group.entries.map(\.title.text), checked: false,
                selection: group.entries.map(\.isSelected), to: listID
            ).count
        }
        return ImportSummary(
            itemCount: count, lists: groups.map(\.name), uncheckedOthers: uncheckedOthers)
    }

    // MARK: - Moving an item

    /// Moves an item to another place in its list, or into another list (`list`). The stored
    /// positions only order a list: the item takes a free position between its new
    /// neighbours, or the items from its new place on shift down by one, so a move near the end
    /// of a long list touches few rows. A checked item moved into a single-choice list unchecks
    /// the item checked there. Moving an item to its own place changes nothing.
    func move(_ id: ItemID, to target: MoveTarget, inList list: ListName?) throws -> MoveSummary {
        guard let item = try place(of: id) else { throw ChecklistError.itemNotFound(id) }
        let named = try list.map { try existingList(named: $0) }
        var destinationID = named ?? item.listID
        var anchor: ItemPlace?
        switch target {
        case .before(let other), .after(let other):
            guard other != id else {
                throw ChecklistError.invalidInput("cannot move item \(id) next to itself")
            }
            guard let found = try place(of: other) else { throw ChecklistError.itemNotFound(other) }
            if let named, let list, named != found.listID {
                throw ChecklistError.itemNotInList(other, list: list.text)
            }
            anchor = found
            destinationID = found.listID
        case .position, .end: break
        }
        let destination = try listRow(destinationID)
        let total = try itemCount(inList: destinationID, excluding: id, before: nil)
        // Where the item goes among the other items of the destination, from 0.
        let index: Int
        switch target {
        case .end:
            index = total
        case .position(let position):
            guard position >= 1, position <= Int64(total) + 1 else {
                throw ChecklistError.positionOutOfRange(
                    position, list: destination.name.text, itemCount: total + 1)
            }
            index = Int(position) - 1
        case .before, .after:
            let before = try itemCount(inList: destinationID, excluding: id, before: anchor)
            index = if case .after = target { before + 1 } else { before }
        }
        var summary = MoveSummary(
            id: id, list: destination.name, position: Int64(index + 1), moved: true,
            uncheckedOthers: 0)
        if destinationID == item.listID,
            try itemCount(inList: destinationID, excluding: id, before: item) == index
        {
            summary.moved = false
            return summary
        }
        // A free position between the new neighbours, else the next one's after shifting.
        let previous =
            index == 0 ? 0 : try position(inList: destinationID, excluding: id, at: index - 1) ?? 0
        var newPosition = previous + 1
        if let next = try position(inList: destinationID, excluding: id, at: index),
            next - previous <= 1
        {
            try shiftPositions(inList: destinationID, excluding: id, from: next)
            newPosition = next
        }
        try put(id, inList: destinationID, at: newPosition)
        if item.isSelected && destinationID != item.listID && destination.mode == .single {
            summary.uncheckedOthers = try uncheckOthers(
                in: destinationID, keeping: id, sparing: [])
        }
        return summary
    }

    // MARK: - A list's mode

    /// Sets a list's mode. `keeping` (single-choice only, checked by `ChecklistStore`) names
    /// the checked item left checked, unchecking the others (an unchecked one is refused); without it a list with several checked
    /// items cannot become single-choice.
    func setMode(_ mode: ListMode, ofList name: ListName, keeping: ItemID?) throws -> ListChange {
        let listID = try existingList(named: name)
        let list = try listRow(listID)
        var unchecked = 0
        if let keeping {
            guard let kept = try place(of: keeping), kept.listID == listID else {
                throw ChecklistError.itemNotInList(keeping, list: name.text)
            }
            // `--keep` names the checked item to keep: it never checks one, nor moves the
            // choice, which neither the summary nor history would say.
            guard kept.isSelected else {
                throw ChecklistError.invalidInput(
                    "--keep \(keeping): item \(keeping) is not checked; --keep names the checked"
                        + " item to keep (check it first, or name a checked one)")
            }
            unchecked = try uncheckOthers(in: listID, keeping: keeping, sparing: [])
        } else if mode == .single {
            let checked = try checkedItems(inList: listID)
            if checked.count > 1 {
                throw ChecklistError.severalChecked(list: name.text, ids: IDSet(ids: checked))
            }
        }
        if list.mode != mode { try setMode(mode, ofList: listID) }
        return .modeSet(name, mode: mode, unchecked: unchecked)
    }

    // MARK: - Single choice

    /// Keeps single-choice lists at one checked item when check or toggle turn items on:
    /// a change that would turn on two items of one such list is refused; one that turns on
    /// one unchecks the list's others. Returns how many it unchecked. (`conditions`: the items
    /// the selection names; uncheck never needs this.)
    func keepSingleChoice(_ conditions: [Condition], for kind: SelectionKind) throws -> Int {
        guard kind != .uncheck, try hasSingleChoiceLists() else { return 0 }
        var named: [Int64: [ItemPlace]] = [:]
        for condition in conditions {
            for item in try singleChoiceItems(where: condition) {
                named[item.listID, default: []].append(item)
            }
        }
        var unchecked = 0
        for (listID, items) in named.sorted(by: { $0.key < $1.key }) {
            // The items this change turns on: every named one for check, the unchecked named
            // ones for toggle (the checked ones it names go off).
            let turnedOn = kind == .toggle ? items.filter { !$0.isSelected } : items
            if kind == .check && items.count > 1 || turnedOn.count > 1 {
                throw ChecklistError.singleChoiceConflict(
                    list: try listRow(listID).name.text,
                    ids: IDSet(ids: (kind == .check ? items : turnedOn).map(\.id)))
            }
            guard let choice = turnedOn.first else { continue }
            unchecked += try uncheckOthers(
                in: listID, keeping: choice.id, sparing: items.map(\.id))
        }
        return unchecked
    }
}
