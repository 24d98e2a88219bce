import ChecklistModel

/// check, uncheck, toggle, delete and rename: their rules, once, over an engine's steps.
extension ChangeSteps {
    /// Sets, clears or flips the selection of the items a selection covers. In a
    /// single-choice list the result may have one checked item at most (see
    /// `keepSingleChoice`). Items already so are matched but not changed.
    func change(_ kind: SelectionKind, of selection: ItemSelection, ignoringMissing: Bool)
        throws -> SelectionChange
    {
        let target = try reads.target(for: selection, ignoringMissing: ignoringMissing)
        let uncheckedOthers = try keepSingleChoice(target.conditions, for: kind)
        let mark = try selectionMark()
        var changed = 0
        for condition in target.conditions {
            changed += try setSelection(kind, where: condition)
        }
        // The history names the items that changed: when some named ones were already so or
        // missing, those the update recorded (after what single-choice unchecked); for a
        // list-wide selection (`uncheck --all`, the page's None), always (issue 48).
        var changedIDs: IDSet?
        if changed > 0, !selection.namesIDs || changed < target.matched || !target.missing.isEmpty {
            changedIDs = try selectionsRecorded(after: mark)
        }
        return SelectionChange(
            verb: kind.verb, scope: selection,
            counts: ChangeSummary(
                changed: changed, matched: target.matched, missing: target.missing,
                uncheckedOthers: uncheckedOthers),
            changedIDs: changedIDs)
    }

    /// Deletes the items a selection covers; with `expecting`, nothing changes unless exactly
    /// that many would go.
    func delete(_ selection: ItemSelection, ignoringMissing: Bool, expecting: Int?) throws
        -> SelectionChange
    {
        let target = try reads.target(for: selection, ignoringMissing: ignoringMissing)
        if let expecting, expecting != target.matched {
            throw ChecklistError.unexpectedCount(expected: expecting, actual: target.matched)
        }
        var deleted = 0
        for condition in target.conditions {
            deleted += try deleteItems(where: condition)
        }
        // Named IDs some of which were missing, or a list-wide selection (`delete --checked`,
        // the page's Delete): the history names those deleted.
        var changedIDs: IDSet?
        if deleted > 0, !selection.namesIDs || !target.missing.isEmpty {
            changedIDs = try itemsRecorded()
        }
        return SelectionChange(
            verb: .deleted, scope: selection,
            counts: ChangeSummary(
                changed: deleted, matched: target.matched, missing: target.missing),
            changedIDs: changedIDs)
    }

    /// Changes one item's title; changes and records nothing when the item has exactly that
    /// title already (byte for byte: "é" as one code point or two are different titles to the
    /// user). A list named alongside must exist, as for `.ids`.
    func rename(_ id: ItemID, to title: Title, namedList: ListName?) throws -> RenameSummary {
        if let namedList { _ = try reads.requiredList(namedList) }
        guard let current = try text(StoredTables.title, of: id) else {
            throw ChecklistError.itemNotFound(id)
        }
        guard !current.utf8.elementsEqual(title.text.utf8) else {
            return RenameSummary(id: id, title: title.text, changed: false)
        }
        try setText(StoredTables.title, to: title.text, of: id)
        return RenameSummary(id: id, title: title.text, changed: true)
    }

    /// Sets a text field of an item; changes and records nothing when it holds exactly that
    /// text already.
    func setText(_ field: ItemTextField, to value: String, of id: ItemID) throws -> FieldChange {
        guard let current = try text(field.column, of: id) else {
            throw ChecklistError.itemNotFound(id)
        }
        let changed = !current.utf8.elementsEqual(value.utf8)
        if changed { try setText(field.column, to: value, of: id) }
        return FieldChange(id: id, field: field.name, value: value, changed: changed)
    }

    /// Sets declared fields of the items a selection covers (`ChecklistStore.setFields`).
    func setFields(_ values: [ItemFieldValue], of selection: ItemSelection, ignoringMissing: Bool)
        throws -> FieldsChange
    {
        let target = try reads.target(for: selection, ignoringMissing: ignoringMissing)
        let ordered = ItemField.all.compactMap { field in values.last { $0.field == field } }
        var changed = 0
        for condition in target.conditions {
            changed += try setFields(
                ordered.map { ($0.field.column, $0.value) }, where: condition)
        }
        return FieldsChange(
            values: ordered.map {
                FieldsChange.Pair(name: $0.field.name, phrase: $0.field.shown.phrase($0.value))
            },
            changed: changed, matched: target.matched, missing: target.missing)
    }

    /// Gives the items this change just added (consecutive IDs) the fields' values.
    func setFields(_ values: [ItemFieldValue], ofAdded ids: [ItemID]) throws {
        guard let first = ids.first else { return }
        for value in values where !value.field.shown.isDefault(value.value) {
            try setTexts(
                value.field.column, to: Array(repeating: value.value, count: ids.count),
                from: first)
        }
    }
}
