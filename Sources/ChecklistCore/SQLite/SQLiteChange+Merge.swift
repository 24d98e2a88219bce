import GRDB

extension SQLiteChange {
    /// A file keeps no stamp per field: an item's checked field was last set by the newest
    /// journal entry whose records show it changing (`OfflineCopy.edits`), at that entry's time
    /// and by its author. Only items changed at `time` or later are looked up there: an item
    /// whose time of change is earlier was last checked earlier still. An item changed later
    /// whose check the journal no longer holds (it keeps the newest 50 entries) takes the
    /// earlier of its time of change and the journal's oldest entry, by no author: a tap made
    /// before that loses rather than undo what it cannot see.
    func checkMergeView(of ids: [ItemID], since time: String) throws -> MergeView {
        guard !ids.isEmpty else { return MergeView() }
        var view = MergeView()
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT i.id, o.id FROM items AS i
                JOIN lists AS l ON l.id = i.listId AND l.mode = 'single'
                JOIN items AS o ON o.listId = i.listId AND o.isSelected AND o.id <> i.id
                WHERE i.id IN (SELECT value FROM json_each(?))
                """, arguments: [SQLiteItemsTable.jsonArray(ids)])
        {
            view.choices[row[0], default: []].append(row[1])
        }
        let all = Set(ids).union(view.choices.values.joined())
        var updated: [ItemID: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT i.id, l.name, i.title, i.isSelected, i.position, i.updatedAt
                FROM items AS i JOIN lists AS l ON l.id = i.listId
                WHERE i.id IN (SELECT value FROM json_each(?))
                """, arguments: [SQLiteItemsTable.jsonArray(all.sorted())])
        {
            let id: ItemID = row[0]
            updated[id] = row[5]
            view.items[id] = ServerItem(
                id: id, list: row[1], title: row[2], isSelected: row[3], position: row[4],
                checkedStamp: Stamp(time: row[5], author: ""), titleStamp: Stamp(""),
                placeStamp: Stamp(""))
        }
        let recent = Set(updated.filter { $0.value >= time }.keys)
        if !recent.isEmpty {
            var stamps: [ItemID: Stamp] = [:]
            for change in try OfflineCopy.edits(of: recent, in: db) {
                let stamp = Stamp(time: change.entry.createdAt, author: change.entry.author ?? "")
                for edit in change.edits {
                    switch edit {
                    case .check(let id, _), .create(let id, _, _, _, _): stamps[id] = stamp
                    default: continue
                    }
                }
            }
            let oldest = try String.fetchOne(db, sql: "SELECT min(createdAt) FROM changes")
            for id in recent {
                view.items[id]?.checkedStamp =
                    stamps[id]
                    ?? Stamp(time: [updated[id], oldest].compactMap { $0 }.min() ?? "", author: "")
            }
        }
        let missing = ids.filter { view.items[$0] == nil }
        if !missing.isEmpty {
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT r.itemId, c.author, c.createdAt FROM changedItems AS r
                    JOIN changes AS c ON c.id = r.changeId
                    WHERE r.itemId IN (SELECT value FROM json_each(?))
                    ORDER BY r.changeId
                    """, arguments: [SQLiteItemsTable.jsonArray(missing)])
            {
                view.deletedBy[row[0]] = (row[1] ?? "", row[2])
            }
        }
        return view
    }
}
