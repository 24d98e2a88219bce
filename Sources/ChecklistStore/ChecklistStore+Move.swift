import ChecklistModel

extension ChecklistStore {
    // MARK: - Moving items

    /// Moves an item to another place in its list, or into another list (`list`); the rule is
    /// `ChangeSteps.move`'s. Moving an item to its own place changes nothing.
    @discardableResult
    public func move(_ id: ItemID, to target: MoveTarget, inList list: ListName? = nil) throws
        -> MoveSummary
    {
        try recordingSteps("move") { try $0.move(id, to: target, inList: list) }
    }
}

/// Where an item is: its list, its sort key and its selection. (An item's place in list order
/// is by position, then by ID: positions may tie after edits made outside the program.)
package struct ItemPlace {
    package var id: ItemID
    var listID: Int64
    package var position: Int64
    var isSelected: Bool

    package init(id: ItemID, listID: Int64, position: Int64, isSelected: Bool) {
        self.id = id
        self.listID = listID
        self.position = position
        self.isSelected = isSelected
    }
}
