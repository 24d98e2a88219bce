import GRDB

/// Where `move` puts an item.
public enum MoveTarget: Hashable, Sendable {
    /// A 1-based place in the destination list.
    case position(Int64)
    /// Just before another item (in that item's list).
    case before(ItemID)
    /// Just after another item (in that item's list).
    case after(ItemID)
    /// At the end of the destination list.
    case end
}

/// What `move` did.
public struct MoveSummary: Hashable, Sendable {
    /// The list the item is in now.
    public var list: String
    /// Its 1-based place there.
    public var position: Int64
    /// False when the item was already there.
    public var moved: Bool
    /// Items a single-choice destination unchecked because the moved item is checked.
    public var uncheckedOthers: Int

    public init(list: String, position: Int64, moved: Bool, uncheckedOthers: Int) {
        self.list = list
        self.position = position
        self.moved = moved
        self.uncheckedOthers = uncheckedOthers
    }
}

extension ChecklistStore {
    // MARK: - Moving items

    /// Moves an item to another place in its list, or into another list (`list`). The stored
    /// positions only order a list: the item takes a free position between its new neighbours,
    /// or the items from its new place on shift down by one, so a move near the end of a long
    /// list touches few rows. A checked item moved into a single-choice list unchecks the item
    /// checked there.
    @discardableResult
    public func move(_ id: ItemID, to target: MoveTarget, inList list: String? = nil) throws
        -> MoveSummary
    {
        try write { db in
            let journal = try Journal.begin("move", now: try timestamp(db), db)
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT listId, isSelected, position FROM items WHERE id = ?",
                    arguments: [id])
            else { throw ChecklistError.itemNotFound(id) }
            let sourceID: Int64 = try row.decode(atIndex: 0)
            let isSelected: Bool = try row.decode(atIndex: 1)
            let place = Place(listID: sourceID, position: try row.decode(atIndex: 2), id: id)
            let destinationID = try destinationList(of: id, target, list, db) ?? sourceID
            let destination = try listName(destinationID, db)

            let others = Neighbours(listID: destinationID, moving: id)
            let index = try insertionIndex(for: target, among: others, list: destination, db)
            if destinationID == sourceID, try others.count(before: place, db) == index {
                try journal.finish("", itemCount: 0)
                return MoveSummary(
                    list: destination, position: Int64(index + 1), moved: false,
                    uncheckedOthers: 0)
            }
            let position = try others.makeRoom(at: index, journal, db)
            try journal.recordItems(where: "id = ?", [id])
            try db.execute(
                sql: "UPDATE items SET listId = ?, position = ?, updatedAt = ? WHERE id = ?",
                arguments: [destinationID, position, journal.now, id])
            var uncheckedOthers = 0
            if try isSelected && destinationID != sourceID
                && listMode(destinationID, db) == .single
            {
                uncheckedOthers = try uncheckOthers(in: destinationID, keeping: id, journal, db)
            }
            try journal.finish(
                "moved item \(id) to position \(index + 1) of \(quoted(destination))",
                itemCount: 1 + uncheckedOthers)
            return MoveSummary(
                list: destination, position: Int64(index + 1), moved: true,
                uncheckedOthers: uncheckedOthers)
        }
    }

    /// The list a move goes to, when not the item's own: `list`, or the anchor item's list
    /// (which must then be `list`).
    private func destinationList(
        of id: ItemID, _ target: MoveTarget, _ list: String?, _ db: Database
    ) throws -> Int64? {
        let named = try list.map { try existingList(named: $0, db) }
        let anchor: ItemID
        switch target {
        case .before(let other), .after(let other): anchor = other
        case .position, .end: return named
        }
        guard anchor != id else {
            throw ChecklistError.invalidInput("cannot move item \(id) next to itself")
        }
        guard
            let anchorList = try Int64.fetchOne(
                db, sql: "SELECT listId FROM items WHERE id = ?", arguments: [anchor])
        else { throw ChecklistError.itemNotFound(anchor) }
        if let named, let list, named != anchorList {
            throw ChecklistError.itemNotInList(anchor, list: list)
        }
        return anchorList
    }

    /// Where the item goes among the other items of the destination, from 0.
    private func insertionIndex(
        for target: MoveTarget, among others: Neighbours, list: String, _ db: Database
    ) throws -> Int {
        let count = try others.count(db)
        switch target {
        case .end:
            return count
        case .position(let position):
            guard position >= 1, position <= Int64(count) + 1 else {
                throw ChecklistError.positionOutOfRange(position, list: list, itemCount: count + 1)
            }
            return Int(position) - 1
        case .before(let other), .after(let other):
            let anchor = try others.place(of: other, db)
            let before = try others.count(before: anchor, db)
            if case .after = target { return before + 1 }
            return before
        }
    }
}

/// An item's place in list order: by position, then by ID (positions may tie after edits made
/// outside the program).
private struct Place {
    var listID: Int64
    var position: Int64
    var id: ItemID
}

/// The items of a list other than the one being moved, in list order.
private struct Neighbours {
    let listID: Int64
    let moving: ItemID

    func count(_ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM items WHERE listId = ? AND id != ?",
            arguments: [listID, moving]) ?? 0
    }

    /// How many of them come before `place`.
    func count(before place: Place, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db,
            sql: """
                SELECT count(*) FROM items WHERE listId = ? AND id != ?
                AND (position < ? OR (position = ? AND id < ?))
                """, arguments: [listID, moving, place.position, place.position, place.id]) ?? 0
    }

    func place(of id: ItemID, _ db: Database) throws -> Place {
        let position =
            try Int64.fetchOne(db, sql: "SELECT position FROM items WHERE id = ?", arguments: [id])
            ?? 0
        return Place(listID: listID, position: position, id: id)
    }

    /// The stored position for an item placed at `index`: a free one between its neighbours,
    /// else the next item's, after shifting that item and the ones after it down by one.
    func makeRoom(at index: Int, _ journal: Journal, _ db: Database) throws -> Int64 {
        let previous = index == 0 ? 0 : try position(at: index - 1, db) ?? 0
        guard let next = try position(at: index, db) else { return previous + 1 }
        if next - previous > 1 { return previous + 1 }
        let shifted = "listId = ? AND id != ? AND position >= ?"
        try journal.recordItems(where: shifted, [listID, moving, next])
        try db.execute(
            sql: "UPDATE items SET position = position + 1 WHERE \(shifted)",
            arguments: [listID, moving, next])
        return next
    }

    private func position(at index: Int, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db,
            sql: """
                SELECT position FROM items WHERE listId = ? AND id != ?
                ORDER BY position, id LIMIT 1 OFFSET ?
                """, arguments: [listID, moving, index])
    }
}
