/// `move` on a server: `ChecklistStore+Move`'s rules, in PostgreSQL's SQL.
extension ServerStore {
    private struct Place {
        var id: ItemID
        var listID: Int64
        var position: Int64
        var isSelected: Bool
    }

    private func place(of id: ItemID, _ connection: ServerConnection) throws -> Place? {
        try connection.query(
            "SELECT list_id, position, is_selected FROM checklist.items WHERE id = \(id)"
        ).first.map {
            Place(
                id: id, listID: Int64($0[0] ?? "") ?? 0, position: Int64($0[1] ?? "") ?? 0,
                isSelected: $0[2] == "t")
        }
    }

    private func integer(_ sql: String, _ connection: ServerConnection) throws -> Int64? {
        try connection.query(sql).first?.first?.flatMap { Int64($0) }
    }

    func move(_ id: ItemID, to target: MoveTarget, inList list: ListName?, author: String) throws
        -> MoveSummary
    {
        try recordingChange("move", author: author) { change in
            let connection = change.connection
            guard let item = try place(of: id, connection) else {
                throw ChecklistError.itemNotFound(id)
            }
            let named = try list.map { name in
                guard let listID = try listID(name, connection) else {
                    throw ChecklistError.listNotFound(name.text)
                }
                return listID
            }
            var destinationID = named ?? item.listID
            var anchor: Place?
            switch target {
            case .before(let other), .after(let other):
                guard other != id else {
                    throw ChecklistError.invalidInput("cannot move item \(id) next to itself")
                }
                guard let found = try place(of: other, connection) else {
                    throw ChecklistError.itemNotFound(other)
                }
                if let named, let list, named != found.listID {
                    throw ChecklistError.itemNotInList(other, list: list.text)
                }
                anchor = found
                destinationID = found.listID
            case .position, .end: break
            }
            let destination = try change.listMode(destinationID)
            let others = "list_id = \(destinationID) AND id <> \(id)"
            func count(before place: Place) throws -> Int {
                Int(
                    try integer(
                        """
                        SELECT count(*) FROM checklist.items WHERE \(others)
                        AND (position < \(place.position)
                             OR (position = \(place.position) AND id < \(place.id)))
                        """, connection) ?? 0)
            }
            let total = Int(
                try integer("SELECT count(*) FROM checklist.items WHERE \(others)", connection) ?? 0)
            let index: Int
            switch target {
            case .end: index = total
            case .position(let position):
                guard position >= 1, position <= Int64(total) + 1 else {
                    throw ChecklistError.positionOutOfRange(
                        position, list: destination.name.text, itemCount: total + 1)
                }
                index = Int(position) - 1
            case .before, .after:
                let before = try count(before: anchor!)
                if case .after = target { index = before + 1 } else { index = before }
            }
            var summary = MoveSummary(
                id: id, list: destination.name, position: Int64(index + 1), moved: true,
                uncheckedOthers: 0)
            if destinationID == item.listID, try count(before: item) == index {
                summary.moved = false
                return summary
            }
            // A free position between the new neighbours, else the next one's after shifting.
            func position(at index: Int) throws -> Int64? {
                try integer(
                    "SELECT position FROM checklist.items WHERE \(others)"
                        + " ORDER BY position, id LIMIT 1 OFFSET \(index)", connection)
            }
            let previous = index == 0 ? 0 : try position(at: index - 1) ?? 0
            var newPosition = previous + 1
            if let next = try position(at: index), next - previous <= 1 {
                let shifted = "\(others) AND position >= \(next)"
                try change.recordItems(where: shifted)
                _ = try connection.query(
                    "UPDATE checklist.items SET position = position + 1 WHERE \(shifted)")
                newPosition = next
            }
            try change.recordItems(where: "id = \(id)")
            _ = try connection.query(
                """
                UPDATE checklist.items SET list_id = \(destinationID), position = \(newPosition),
                    updated_at = $1
                WHERE id = \(id)
                """, [change.now])
            if item.isSelected && destinationID != item.listID && destination.mode == .single {
                summary.uncheckedOthers = try change.uncheckOthers(in: destinationID, keeping: id)
            }
            return summary
        }
    }
}
