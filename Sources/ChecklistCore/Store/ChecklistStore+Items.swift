import GRDB

extension ChecklistStore {
    // MARK: - Writes to items

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// Returns the new IDs in order (see `addItems` for what else the change did).
    @discardableResult
    public func add(_ titles: [Title], to list: ListName, checked: Bool = false) throws
        -> [ItemID]
    {
        try addItems(titles, to: list, checked: checked).ids
    }

    /// Appends one item per title at the end of `list`, creating the list when it is missing.
    /// In a single-choice list, one item may be added checked (the others are unchecked, and
    /// the result says how many); several may not.
    public func addItems(_ titles: [Title], to list: ListName, checked: Bool = false) throws
        -> AddSummary
    {
        guard !titles.isEmpty else { return AddSummary(list: list, ids: [], uncheckedOthers: 0) }
        return try recordingSteps("add") { try $0.add(titles, to: list, checked: checked) }
    }

    /// Sets isSelected = 1. Already checked items are matched but not changed. In a
    /// single-choice list, checking an item unchecks the others; naming several is an error.
    @discardableResult
    public func check(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> SelectionChange
    {
        try change(.check, of: selection, ignoringMissing: ignoringMissing)
    }

    /// Sets isSelected = 0. `uncheck(.all(in: list))` resets a list for its next use.
    @discardableResult
    public func uncheck(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> SelectionChange
    {
        try change(.uncheck, of: selection, ignoringMissing: ignoringMissing)
    }

    /// Flips isSelected. In a single-choice list the result may have one checked item at most:
    /// toggling the checked item and another one moves the choice.
    @discardableResult
    public func toggle(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> SelectionChange
    {
        try change(.toggle, of: selection, ignoringMissing: ignoringMissing)
    }

    /// How many items `delete` would remove, for a confirmation prompt. Throws as `delete`
    /// would for missing IDs or lists.
    public func deletionCount(_ selection: ItemSelection, ignoringMissing: Bool = false) throws
        -> Int
    {
        if let server {
            return try server.deletionCount(selection, ignoringMissing: ignoringMissing)
        }
        return try read { db in
            try SQLiteItemsTable(db).target(for: selection, ignoringMissing: ignoringMissing)
                .matched
        }
    }

    /// Deletes the items. Their IDs are never given to another item. With `expecting`, nothing
    /// changes unless exactly that many items would be deleted.
    @discardableResult
    public func delete(
        _ selection: ItemSelection, ignoringMissing: Bool = false, expecting: Int? = nil
    ) throws -> SelectionChange {
        if let server {
            return try server.delete(
                selection, ignoringMissing: ignoringMissing, expecting: expecting, author: author)
        }
        return try recordingChange("delete") { change in
            let target = try change.items.target(for: selection, ignoringMissing: ignoringMissing)
            if let expecting, expecting != target.matched {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: target.matched)
            }
            let deleted = try change.apply(
                .delete, to: target, where: "1", recording: change.recordItems(where:))
            // Named IDs some of which were missing: the history names those deleted.
            var changedIDs: IDSet?
            if case .ids = selection, deleted > 0, !target.missing.isEmpty {
                changedIDs = try change.recordedItems()
            }
            return SelectionChange(
                verb: .deleted, scope: selection,
                counts: ChangeSummary(
                    changed: deleted, matched: target.matched, missing: target.missing),
                changedIDs: changedIDs)
        }
    }

    /// Changes one item's title; changes and records nothing when the item already has exactly
    /// that title. A list named alongside must exist, as for `.ids`.
    @discardableResult
    public func rename(_ id: ItemID, to title: Title, namedList: ListName? = nil) throws
        -> RenameSummary
    {
        if let server {
            return try server.rename(id, to: title, namedList: namedList, author: author)
        }
        return try recordingChange("rename") { change in
            if let namedList { _ = try change.lists.required(named: namedList) }
            guard
                let current = try SQLRequest<String>(
                    literal: "SELECT title FROM items WHERE id = \(id)"
                ).fetchOne(change.db)
            else { throw ChecklistError.itemNotFound(id) }
            // Byte for byte: "é" as one code point or two are different titles to the user.
            guard !current.utf8.elementsEqual(title.text.utf8) else {
                return RenameSummary(id: id, title: title.text, changed: false)
            }
            try change.recordItems(where: "id = \(id)")
            try change.db.execute(
                literal: """
                    UPDATE items SET title = \(title.text), updatedAt = \(change.now)
                    WHERE id = \(id)
                    """)
            return RenameSummary(id: id, title: title.text, changed: true)
        }
    }

    // MARK: - Steps shared by the item writes

    private func change(
        _ kind: SelectionKind, of selection: ItemSelection, ignoringMissing: Bool
    ) throws -> SelectionChange {
        if let server {
            return try server.change(
                kind, of: selection, ignoringMissing: ignoringMissing, author: author)
        }
        return try recordingChange(kind.rawValue) { change in
            let target = try change.items.target(for: selection, ignoringMissing: ignoringMissing)
            let uncheckedOthers =
                try change.keepSingleChoice(target.conditions, for: kind)
            let journalMark = try change.selectionsRecorded()
            let changed = try change.apply(
                .update("isSelected = \(kind.newValue), updatedAt = \(change.now)"), to: target,
                where: kind.changedRows, recording: change.recordSelections(where:))
            // The history names the items that changed: when some named ones were already so
            // or missing, those the update journaled (after what single-choice unchecked).
            var changedIDs: IDSet?
            if case .ids = selection, changed > 0,
                changed < target.matched || !target.missing.isEmpty
            {
                changedIDs = try change.selectedItems(recordedAfter: journalMark)
            }
            return SelectionChange(
                verb: kind.verb, scope: selection,
                counts: ChangeSummary(
                    changed: changed, matched: target.matched, missing: target.missing,
                    uncheckedOthers: uncheckedOthers),
                changedIDs: changedIDs)
        }
    }
}

/// check, uncheck and toggle on a file: the value each sets, and which rows it changes.
extension SelectionKind {
    fileprivate var newValue: SQL {
        switch self {
        case .check: "1"
        case .uncheck: "0"
        case .toggle: "1 - isSelected"
        }
    }

    /// The rows the change alters (the others are matched but left as they are).
    fileprivate var changedRows: SQL {
        switch self {
        case .check: "isSelected = 0"
        case .uncheck: "isSelected = 1"
        case .toggle: "1"
        }
    }
}
