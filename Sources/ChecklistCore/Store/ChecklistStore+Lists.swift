import GRDB

extension ChecklistStore {
    // MARK: - Managing lists

    /// Creates an empty list.
    @discardableResult
    public func addList(named name: ListName, mode: ListMode = .multiple) throws -> ListChange {
        if let server { return try server.addList(named: name, mode: mode, author: author) }
        return try recordingChange("lists add") { change in
            if try change.lists.id(named: name) != nil {
                throw ChecklistError.listExists(name.text)
            }
            _ = try change.createList(named: name, mode: mode)
            return .added(name, mode: mode)
        }
    }

    /// Renames a list; its items stay in it. Renaming it to its own name changes nothing.
    @discardableResult
    public func renameList(_ name: ListName, to newName: ListName) throws -> ListChange {
        if let server { return try server.renameList(name, to: newName, author: author) }
        return try recordingChange("lists rename") { change in
            let listID = try change.lists.existing(named: name)
            guard name != newName else { return .renamed(name, to: newName, changed: false) }
            if try change.lists.id(named: newName) != nil {
                throw ChecklistError.listExists(newName.text)
            }
            try change.recordList(listID)
            try change.db.execute(
                literal: """
                    UPDATE lists SET name = \(newName), updatedAt = \(change.now)
                    WHERE id = \(listID)
                    """)
            return .renamed(name, to: newName, changed: true)
        }
    }

    /// How many items a list holds (for a confirmation prompt before deleting it).
    public func itemCount(ofList name: ListName) throws -> Int {
        if let server { return try server.itemCount(ofList: name) }
        return try read { db in
            guard let listID = try SQLiteListsTable(db).id(named: name) else {
                throw ChecklistError.listNotFound(name.text)
            }
            return try SQLiteItemsTable(db).count(inList: listID)
        }
    }

    /// Deletes a list. One with items is refused unless `withItems`; then its items go too.
    /// With `expecting`, nothing changes unless exactly that many items would be deleted.
    @discardableResult
    public func deleteList(named name: ListName, withItems: Bool = false, expecting: Int? = nil)
        throws -> ListChange
    {
        if let server {
            return try server.deleteList(
                named: name, withItems: withItems, expecting: expecting, author: author)
        }
        return try recordingChange("lists delete") { change in
            let listID = try change.lists.existing(named: name)
            let count = try change.items.count(inList: listID)
            if count > 0 && !withItems {
                throw ChecklistError.listNotEmpty(name.text, itemCount: count)
            }
            if let expecting, expecting != count {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: count)
            }
            try change.recordItems(where: "listId = \(listID)")
            try change.recordList(listID)
            // The items go with the list (ON DELETE CASCADE).
            try change.db.execute(literal: "DELETE FROM lists WHERE id = \(listID)")
            return .deleted(name, itemCount: count)
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
}

extension ChecklistStore {
    /// Copies a list: a new list `destination` with the source's mode and its items' titles in
    /// the same order, checked as in the source unless `unchecked`. New IDs; one transaction;
    /// `undo` removes the copy. An existing `destination` is refused.
    @discardableResult
    public func copyList(_ source: ListName, to destination: ListName, unchecked: Bool = false)
        throws -> ListCopy
    {
        if let server {
            return try server.copyList(
                source, to: destination, unchecked: unchecked, author: author)
        }
        return try recordingChange("lists copy") { change in
            let list = try change.listRow(try change.lists.existing(named: source))
            if try change.lists.id(named: destination) != nil {
                throw ChecklistError.listExists(destination.text)
            }
            let copyID = try change.createList(named: destination, mode: list.mode)
            // One statement, in list order; AUTOINCREMENT gives consecutive IDs under the
            // write lock, so the copy is recorded as one range.
            let count = try change.items.copy(
                list: list.id,
                setting: [
                    "listId": "\(copyID)", "isSelected": "\(unchecked ? 0 : 1) * isSelected",
                    "position": "row_number() OVER (ORDER BY position, id)",
                    "createdAt": "\(change.now)", "updatedAt": "\(change.now)",
                ])
            if count > 0 {
                let lastID = change.db.lastInsertedRowID
                try change.recordAdded((lastID - Int64(count) + 1)...lastID)
            }
            return ListCopy(source: source, destination: destination, itemCount: count)
        }
    }
}
