import ChecklistModel

extension ChecklistStore {
    // MARK: - Undo

    /// Reverts this store's author's newest change (or, `anyone`, the newest of all) and
    /// removes it from the history, so the next `undo` walks further back. Returns the change
    /// that was undone. Changes recorded before authors were kept count as anyone's.
    ///
    /// Another author's later changes stay, unless they touched the same items or lists, or
    /// the revert would leave a single-choice list with two checked items: then nothing
    /// changes and `undoConflict` names the later change.
    ///
    /// `list` (the editor's `u`): only when the change touched that list; otherwise nothing
    /// changes and `newestChangeElsewhere` names the change and the lists it touched.
    @discardableResult
    public func undo(anyone: Bool = false, onlyIn list: ListIdentity? = nil) throws -> Change {
        try engine.undo(by: anyone ? nil : author, onlyIn: list?.id)
    }
}
