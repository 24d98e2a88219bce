import ChecklistModel

/// The steps `undo` is made of, each taken by an engine in its own SQL over its journal (a
/// file's `SQLiteUndo`, a server's `PostgreSQLUndo`), inside one write transaction. What undo reverts,
/// what it refuses and in which order are written once, in the extension below.
package protocol UndoSteps {
    associatedtype Conflicts: UndoConflictChecks

    /// The newest change of `author`, or of anyone when nil (a change recorded before authors
    /// were is anyone's).
    func newestChange(by author: String?) throws -> Change?
    /// How many changes the journal holds.
    func changeCount() throws -> Int
    /// The changes after `id`, newest first.
    func changes(after id: Int64) throws -> [Change]
    /// The checks of what undoing `target` would overwrite.
    func conflicts(undoing target: Int64) -> Conflicts
    /// Writes back what change `id` recorded (see the engines' `revertRecords`, such as
    /// `SQLiteUndo`'s, for `keepingUnchangedLists`).
    /// Returns false, having changed nothing, when a list name it would restore is taken.
    func revert(_ id: Int64, keepingUnchangedLists: Bool) throws -> Bool
    /// Removes the change from the journal (and tells the editors, on a server).
    func forget(_ id: Int64) throws
    /// The lists change `id` touched, by ID: those of the items it recorded, changed the
    /// selection of or added (where they are now), and the lists it recorded or created;
    /// with each list's name (as it is now, or as recorded for a list gone since).
    func listsTouched(by id: Int64) throws -> [(id: Int64, name: String)]
}

/// What undoing one change (the target) would overwrite of later changes by other authors; the
/// rules are written out on the file engine's `SQLiteUndoConflicts`, and each engine asks them
/// in its own SQL.
package protocol UndoConflictChecks {
    /// Whether the later change touched an item the target recorded or added.
    func sharesItems(with later: Int64) throws -> Bool
    /// Whether the later change touched a list the target created, changed or deleted.
    func sharesLists(with later: Int64) throws -> Bool
    /// After the revert: a single-choice list left with more than one checked item.
    func listWithSeveralChecked() throws -> Int64?
    /// The newest later change that touched the list's items.
    func newestTouching(list: Int64, among later: [Change]) throws -> Change?
    /// The newest later change that recorded or created a list.
    func newestListChange(among later: [Change]) throws -> Change?
    /// After the revert: restored items that share a position with later ones go before them.
    func makeRoomForRestoredItems() throws
}

extension UndoConflictChecks {
    /// The newest later change that stands in the way, and why.
    func first(among later: [Change]) throws -> (Change, UndoConflictReason)? {
        for change in later {
            if try sharesItems(with: change.id) { return (change, .sameItems) }
            if try sharesLists(with: change.id) { return (change, .sameLists) }
        }
        return nil
    }
}

extension UndoSteps {
    /// Reverts `author`'s newest change (or, nil, the newest of all) and removes it from the
    /// journal; returns it. Another author's later changes stay, unless they touched the same
    /// items or lists, or the revert would leave a single-choice list with two checked items:
    /// then `undoConflict` names the later change, and the caller's transaction rolls back.
    ///
    /// `list`: the undo is for that list only (the editor's `u`): a newest change that did not
    /// touch it is left alone, and `newestChangeElsewhere` names it.
    package func undo(by author: String?, onlyIn list: Int64? = nil) throws -> Change {
        guard let change = try newestChange(by: author) else {
            let others = try changeCount()
            if let author, others > 0 {
                throw ChecklistError.nothingToUndoBy(author: author, others: others)
            }
            throw ChecklistError.nothingToUndo
        }
        if let list {
            let touched = try listsTouched(by: change.id)
            if !touched.contains(where: { $0.id == list }) {
                throw ChecklistError.newestChangeElsewhere(change, lists: touched.map(\.name))
            }
        }
        return try undo(change)
    }

    /// Reverts `change` and removes it from the journal, by the rules above: for `undo`, the
    /// author's newest; for `sync`, the change a copy undid offline.
    package func undo(_ change: Change) throws -> Change {
        // Every later change is another author's (the target is this author's newest), or,
        // for a copy's undo, one the copy had not seen when it undid.
        let later = try changes(after: change.id)
        let conflicts = conflicts(undoing: change.id)
        if let (conflict, reason) = try conflicts.first(among: later) {
            throw ChecklistError.undoConflict(change, laterChange: conflict, reason)
        }
        guard try revert(change.id, keepingUnchangedLists: !later.isEmpty) else {
            // A list name another author has taken since, for one.
            let culprit = try conflicts.newestListChange(among: later) ?? later[0]
            throw ChecklistError.undoConflict(change, laterChange: culprit, .sameLists)
        }
        if !later.isEmpty {
            if let list = try conflicts.listWithSeveralChecked() {
                let culprit = try conflicts.newestTouching(list: list, among: later) ?? later[0]
                throw ChecklistError.undoConflict(change, laterChange: culprit, .singleChoice)
            }
            try conflicts.makeRoomForRestoredItems()
        }
        try forget(change.id)
        return change
    }
}

extension UndoSteps {
    /// The journal's entry `id`, if it holds it still.
    package func change(_ id: Int64) throws -> Change? {
        try changes(after: id - 1).last.flatMap { $0.id == id ? $0 : nil }
    }
}

/// The undo journal's reach, on every engine.
package enum UndoJournal {
    /// How many changes `undo` can walk back; older entries are dropped.
    package static let depth = 50
}
