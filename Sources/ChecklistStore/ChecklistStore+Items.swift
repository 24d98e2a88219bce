import ChecklistModel

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
    /// `fields`: values of the declared fields (`ItemField`, validated by its
    /// `ShownField.value(from:)`) every added item takes.
    public func addItems(
        _ titles: [Title], to list: ListName, checked: Bool = false,
        fields: [ItemFieldValue] = []
    ) throws -> AddSummary {
        guard !titles.isEmpty else { return AddSummary(list: list, ids: [], uncheckedOthers: 0) }
        return try recordingSteps("add") {
            let added = try $0.add(titles, to: list, checked: checked)
            try $0.setFields(fields, ofAdded: added.ids)
            return added
        }
    }

    /// Changes one item's title and declared fields as one change (the page's Rename); each
    /// part changes nothing where the item holds that value already.
    @discardableResult
    public func edit(
        _ id: ItemID, title: Title, fields: [ItemFieldValue], namedList: ListName? = nil
    ) throws -> ItemEdit {
        try recordingSteps("rename") {
            let rename = try $0.rename(id, to: title, namedList: namedList)
            let set = try $0.setFields(
                fields, of: .ids(IDSet(ids: [id])), ignoringMissing: false)
            return ItemEdit(rename: rename, fields: set)
        }
    }

    /// Sets declared fields (`ItemField`) of the items a selection covers, as one change;
    /// items that hold every value already are matched but not changed.
    @discardableResult
    public func setFields(
        _ values: [ItemFieldValue], of selection: ItemSelection, ignoringMissing: Bool = false
    ) throws -> FieldsChange {
        try recordingSteps("set") {
            try $0.setFields(values, of: selection, ignoringMissing: ignoringMissing)
        }
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
        try read { try $0.matchedCount(for: selection, ignoringMissing: ignoringMissing) }
    }

    /// Deletes the items. Their IDs are never given to another item. With `expecting`, nothing
    /// changes unless exactly that many items would be deleted.
    @discardableResult
    public func delete(
        _ selection: ItemSelection, ignoringMissing: Bool = false, expecting: Int? = nil
    ) throws -> SelectionChange {
        try recordingSteps("delete") {
            try $0.delete(selection, ignoringMissing: ignoringMissing, expecting: expecting)
        }
    }

    /// Changes one item's title; changes and records nothing when the item already has exactly
    /// that title. A list named alongside must exist, as for `.ids`.
    @discardableResult
    public func rename(_ id: ItemID, to title: Title, namedList: ListName? = nil) throws
        -> RenameSummary
    {
        try recordingSteps("rename") { try $0.rename(id, to: title, namedList: namedList) }
    }

    /// Sets a text field of an item (one a command may set: `ItemTextField`), recorded under
    /// the field's name; changes and records nothing when the item holds that text already.
    @discardableResult
    public func setText(_ field: ItemTextField, to value: String, of id: ItemID) throws
        -> FieldChange
    {
        try recordingSteps(field.name) { try $0.setText(field, to: value, of: id) }
    }

    private func change(
        _ kind: SelectionKind, of selection: ItemSelection, ignoringMissing: Bool
    ) throws -> SelectionChange {
        try recordingSteps(kind.rawValue) {
            try $0.change(kind, of: selection, ignoringMissing: ignoringMissing)
        }
    }
}
