import GRDB

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
        let author = anyone ? nil : self.author
        if let server {
            return try server.write {
                try PostgreSQLUndo(connection: $0).undo(by: author, onlyIn: list?.id)
            }
        }
        return try write { db in
            guard try db.tableExists("changes") else { throw ChecklistError.nothingToUndo }
            return try SQLiteUndo(db: db).undo(by: author, onlyIn: list?.id)
        }
    }
}
