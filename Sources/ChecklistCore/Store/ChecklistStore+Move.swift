import GRDB

extension ChecklistStore {
    // MARK: - Moving items

    /// Moves an item to another place in its list, or into another list (`list`). The stored
    /// positions only order a list: the item takes a free position between its new neighbours,
    /// or the items from its new place on shift down by one, so a move near the end of a long
    /// list touches few rows. A checked item moved into a single-choice list unchecks the item
    /// checked there. Moving an item to its own place changes nothing.
    @discardableResult
    public func move(_ id: ItemID, to target: MoveTarget, inList list: ListName? = nil) throws
        -> MoveSummary
    {
        if let server { return try server.move(id, to: target, inList: list, author: author) }
        return try recordingChange("move") { change in
            guard let item = try change.items.place(of: id) else {
                throw ChecklistError.itemNotFound(id)
            }
            let destinationID = try destinationList(of: id, target, list, change) ?? item.listID
            let destination = try change.listRow(destinationID)
            let others = Neighbours(listID: destinationID, moving: id)
            let index = try insertionIndex(for: target, among: others, list: destination, change)
            let summary = MoveSummary(
                id: id, list: destination.name, position: Int64(index + 1), moved: true,
                uncheckedOthers: 0)
            if destinationID == item.listID, try others.count(before: item, change.db) == index {
                return MoveSummary(
                    id: id, list: destination.name, position: Int64(index + 1), moved: false,
                    uncheckedOthers: 0)
            }
            let position = try others.makeRoom(at: index, change)
            try change.recordItems(where: "id = \(id)")
            try change.db.execute(
                literal: """
                    UPDATE items SET listId = \(destinationID), position = \(position),
                        updatedAt = \(change.now)
                    WHERE id = \(id)
                    """)
            guard item.isSelected && destinationID != item.listID && destination.mode == .single
            else { return summary }
            var moved = summary
            moved.uncheckedOthers = try change.uncheckOthers(in: destinationID, keeping: id)
            return moved
        }
    }

    /// The list a move goes to, when not the item's own: `list`, or the anchor item's list
    /// (which must then be `list`).
    private func destinationList(
        of id: ItemID, _ target: MoveTarget, _ list: ListName?, _ change: ChangeTransaction
    ) throws -> Int64? {
        let named = try list.map { try change.lists.existing(named: $0) }
        let anchor: ItemID
        switch target {
        case .before(let other), .after(let other): anchor = other
        case .position, .end: return named
        }
        guard anchor != id else {
            throw ChecklistError.invalidInput("cannot move item \(id) next to itself")
        }
        guard let anchorPlace = try change.items.place(of: anchor) else {
            throw ChecklistError.itemNotFound(anchor)
        }
        if let named, let list, named != anchorPlace.listID {
            throw ChecklistError.itemNotInList(anchor, list: list.text)
        }
        return anchorPlace.listID
    }

    /// Where the item goes among the other items of the destination, from 0.
    private func insertionIndex(
        for target: MoveTarget, among others: Neighbours, list: ListRow,
        _ change: ChangeTransaction
    ) throws -> Int {
        let count = try others.count(change.db)
        switch target {
        case .end:
            return count
        case .position(let position):
            guard position >= 1, position <= Int64(count) + 1 else {
                throw ChecklistError.positionOutOfRange(
                    position, list: list.name.text, itemCount: count + 1)
            }
            return Int(position) - 1
        case .before(let other), .after(let other):
            guard let anchor = try change.items.place(of: other) else {
                throw ChecklistError.itemNotFound(other)
            }
            let before = try others.count(before: anchor, change.db)
            if case .after = target { return before + 1 }
            return before
        }
    }
}

/// An item's place in list order: by position, then by ID (positions may tie after edits made
/// outside the program).
/// Where an item is: its list, its sort key and its selection.
struct ItemPlace: FetchableRecord {
    var id: ItemID
    var listID: Int64
    var position: Int64
    var isSelected: Bool

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        listID = try row.decode(forColumn: "listId")
        position = try row.decode(forColumn: "position")
        isSelected = try row.decode(forColumn: "isSelected")
    }

}

/// The items of a list other than the one being moved, in list order.
private struct Neighbours {
    let listID: Int64
    let moving: ItemID

    private var others: SQL { "listId = \(listID) AND id != \(moving)" }

    func count(_ db: Database) throws -> Int {
        try SQLRequest<Int>(literal: "SELECT count(*) FROM items WHERE \(others)").fetchOne(db)
            ?? 0
    }

    /// How many of them come before `place`.
    func count(before place: ItemPlace, _ db: Database) throws -> Int {
        try SQLRequest<Int>(
            literal: """
                SELECT count(*) FROM items WHERE \(others)
                AND (position < \(place.position)
                     OR (position = \(place.position) AND id < \(place.id)))
                """
        ).fetchOne(db) ?? 0
    }

    /// The stored position for an item placed at `index`: a free one between its neighbours,
    /// else the next item's, after shifting that item and the ones after it down by one.
    func makeRoom(at index: Int, _ change: ChangeTransaction) throws -> Int64 {
        let previous = index == 0 ? 0 : try position(at: index - 1, change.db) ?? 0
        guard let next = try position(at: index, change.db) else { return previous + 1 }
        if next - previous > 1 { return previous + 1 }
        let shifted: SQL = "\(others) AND position >= \(next)"
        try change.recordItems(where: shifted)
        try change.db.execute(literal: "UPDATE items SET position = position + 1 WHERE \(shifted)")
        return next
    }

    private func position(at index: Int, _ db: Database) throws -> Int64? {
        try SQLRequest<Int64>(
            literal: """
                SELECT position FROM items WHERE \(others)
                ORDER BY position, id LIMIT 1 OFFSET \(index)
                """
        ).fetchOne(db)
    }
}
