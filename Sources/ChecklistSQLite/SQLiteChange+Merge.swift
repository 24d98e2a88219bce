import ChecklistModel
import ChecklistSync
import GRDB

extension SQLiteChange {
    /// A file keeps no stamp per field: an item's checked field was last set by the newest
    /// journal entry whose records show it changing (`SQLiteCopySide.edits`), at that entry's time
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
            view.choices[try row.decode(ItemID.self, atIndex: 0), default: []].append(
                try row.decode(atIndex: 1))
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
            let id: ItemID = try row.decode(atIndex: 0)
            let time: String = try row.decode(atIndex: 5)
            updated[id] = time
            view.items[id] = ServerItem(
                id: id, list: try row.decode(atIndex: 1), title: try row.decode(atIndex: 2),
                isSelected: try row.decode(atIndex: 3), position: try row.decode(atIndex: 4),
                checkedStamp: Stamp(time: time, author: ""), titleStamp: Stamp(""),
                placeStamp: Stamp(""))
        }
        let recent = Set(updated.filter { $0.value >= time }.keys)
        if !recent.isEmpty {
            var stamps: [ItemID: Stamp] = [:]
            for change in try SQLiteCopySide(db: db).edits(of: recent) {
                let stamp = Stamp(time: change.entry.createdAt, author: change.entry.author ?? "")
                for edit in change.edits {
                    switch edit {
                    case .set(let id, .checked, _), .create(let id, _, _, _): stamps[id] = stamp
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
                // A change recorded before authors were (NULL) is by no one named.
                let author: String? = try row.decode(atIndex: 1)
                view.deletedBy[try row.decode(atIndex: 0)] = (
                    author ?? "", try row.decode(atIndex: 2)
                )
            }
        }
        return view
    }
}
