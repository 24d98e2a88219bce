import GRDB

extension ChecklistStore {
    // MARK: - Managing lists

    /// Creates an empty list.
    public func addList(named name: String, mode: ListMode = .multiple) throws {
        try write { db in
            let journal = try Journal.begin("lists add", now: try timestamp(db), db)
            if try listID(named: name, db) != nil { throw ChecklistError.listExists(name) }
            _ = try createList(named: name, mode: mode, journal, db)
            try journal.finish("created list \(quoted(name)) (\(mode.rawValue))", itemCount: 0)
        }
    }

    /// Renames a list; its items stay in it.
    public func renameList(_ name: String, to newName: String) throws {
        try write { db in
            let journal = try Journal.begin("lists rename", now: try timestamp(db), db)
            let listID = try existingList(named: name, db)
            guard !name.utf8.elementsEqual(newName.utf8) else { return try journal.finish("", itemCount: 0) }
            if try self.listID(named: newName, db) != nil {
                throw ChecklistError.listExists(newName)
            }
            try journal.recordList(listID)
            try db.execute(
                sql: "UPDATE lists SET name = ?, updatedAt = ? WHERE id = ?",
                arguments: [newName, journal.now, listID])
            try journal.finish(
                "renamed list \(quoted(name)) to \(quoted(newName))", itemCount: 0)
        }
    }

    /// How many items a list holds (for a confirmation prompt before deleting it).
    public func itemCount(ofList name: String) throws -> Int {
        try read { db in
            let listID = try existingList(named: name, db)
            return try Int.fetchOne(
                db, sql: "SELECT count(*) FROM items WHERE listId = ?", arguments: [listID]) ?? 0
        }
    }

    /// Deletes a list. One with items is refused unless `withItems`; then its items go too.
    /// With `expecting`, nothing changes unless exactly that many items would be deleted.
    /// Returns how many items were deleted.
    @discardableResult
    public func deleteList(named name: String, withItems: Bool = false, expecting: Int? = nil)
        throws -> Int
    {
        try write { db in
            let journal = try Journal.begin("lists delete", now: try timestamp(db), db)
            let listID = try existingList(named: name, db)
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM items WHERE listId = ?", arguments: [listID]
                ) ?? 0
            if count > 0 && !withItems { throw ChecklistError.listNotEmpty(name, itemCount: count) }
            if let expecting, expecting != count {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: count)
            }
            try journal.recordItems(where: "listId = ?", [listID])
            try journal.recordList(listID)
            // The items go with the list (ON DELETE CASCADE).
            try db.execute(sql: "DELETE FROM lists WHERE id = ?", arguments: [listID])
            try journal.finish(
                "deleted list \(quoted(name)) with \(countedItems(count))", itemCount: count)
            return count
        }
    }

    /// Sets a list's mode. Making a list single-choice while several of its items are checked
    /// is refused unless `keeping` names the one to keep checked (the others are unchecked).
    /// Returns how many items were unchecked.
    @discardableResult
    public func setMode(_ mode: ListMode, ofList name: String, keeping: ItemID? = nil) throws
        -> Int
    {
        if keeping != nil && mode != .single {
            throw ChecklistError.invalidInput("only a single-choice list keeps one item checked")
        }
        return try write { db in
            let journal = try Journal.begin("lists mode", now: try timestamp(db), db)
            let listID = try existingList(named: name, db)
            var unchecked = 0
            if let keeping {
                let isInList =
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM items WHERE id = ? AND listId = ?)",
                        arguments: [keeping, listID]) ?? false
                guard isInList else { throw ChecklistError.itemNotInList(keeping, list: name) }
                unchecked = try uncheckOthers(in: listID, keeping: keeping, journal, db)
                try journal.recordSelections(where: "id = ? AND isSelected = 0", [keeping])
                try db.execute(
                    sql: "UPDATE items SET isSelected = 1, updatedAt = ? WHERE id = ?"
                        + " AND isSelected = 0",
                    arguments: [journal.now, keeping])
            } else if mode == .single {
                let checked = try ItemID.fetchAll(
                    db, sql: "SELECT id FROM items WHERE listId = ? AND isSelected = 1 ORDER BY id",
                    arguments: [listID])
                if checked.count > 1 {
                    throw ChecklistError.severalChecked(list: name, ids: IDSet(ids: checked))
                }
            }
            if try listMode(listID, db) != mode {
                try journal.recordList(listID)
                try db.execute(
                    sql: "UPDATE lists SET mode = ?, updatedAt = ? WHERE id = ?",
                    arguments: [mode.rawValue, journal.now, listID])
            }
            try journal.finish(
                "set list \(quoted(name)) to \(mode.rawValue)"
                    + (unchecked > 0 ? " (unchecked \(countedItems(unchecked)))" : ""),
                itemCount: unchecked)
            return unchecked
        }
    }
}
