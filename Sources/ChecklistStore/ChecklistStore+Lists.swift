import ChecklistModel

extension ChecklistStore {
    // MARK: - Managing lists

    /// Creates an empty list.
    @discardableResult
    public func addList(named name: ListName, mode: ListMode = .multiple) throws -> ListChange {
        try recordingSteps("lists add") { try $0.addList(named: name, mode: mode) }
    }

    /// Renames a list; its items stay in it. Renaming it to its own name changes nothing.
    @discardableResult
    public func renameList(_ name: ListName, to newName: ListName) throws -> ListChange {
        try recordingSteps("lists rename") { try $0.renameList(name, to: newName) }
    }

    /// How many items a list holds (for a confirmation prompt before deleting it).
    public func itemCount(ofList name: ListName) throws -> Int {
        try read { try $0.itemCount(inList: try $0.existingList(named: name)) }
    }

    /// Deletes a list. One with items is refused unless `withItems`; then its items go too.
    /// With `expecting`, nothing changes unless exactly that many items would be deleted.
    @discardableResult
    public func deleteList(named name: ListName, withItems: Bool = false, expecting: Int? = nil)
        throws -> ListChange
    {
        try recordingSteps("lists delete") {
            try $0.deleteList(named: name, withItems: withItems, expecting: expecting)
        }
    }

    /// Sets a list's mode. Making a list single-choice while several of its items are checked
    /// is refused unless `keeping` names the one to keep checked (the others are unchecked).
    @discardableResult
    public func setMode(_ mode: ListMode, ofList name: ListName, keeping: ItemID? = nil) throws
        -> ListChange
    {
        if keeping != nil && mode != .single {
            throw ChecklistError.invalidInput("only a single-choice list keeps one item checked")
        }
        return try recordingSteps("lists mode") {
            try $0.setMode(mode, ofList: name, keeping: keeping)
        }
    }

    /// Copies a list: a new list `destination` with the source's mode and its items' titles in
    /// the same order, checked as in the source unless `unchecked`. New IDs; one transaction;
    /// `undo` removes the copy. An existing `destination` is refused.
    @discardableResult
    public func copyList(_ source: ListName, to destination: ListName, unchecked: Bool = false)
        throws -> ListCopy
    {
        try recordingSteps("lists copy") {
            try $0.copyList(source, to: destination, unchecked: unchecked)
        }
    }
}
