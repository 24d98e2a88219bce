import ChecklistModel

/// An item as a copy's journal and its table know it: its place (list and position) and the
/// value of each field merged by value (`MergedField.valued`), which a merge compares.
package struct CopyItem: Equatable, Sendable {
    var id: ItemID
    var listID: Int64
    var position: Int64
    var values: [MergedField: FieldValue]

    /// Makes one from its parts.
    package init(id: ItemID, listID: Int64, position: Int64, values: [MergedField: FieldValue]) {
        self.id = id
        self.listID = listID
        self.position = position
        self.values = values
    }

    /// Its title (a conflict over an item names it).
    var title: String { values[.title]?.text ?? "" }
}

/// A list as a copy knows it.
package struct CopyList: Equatable, Sendable {
    var id: Int64
    var name: String
    var mode: ListMode

    /// Makes one from its parts.
    package init(id: Int64, name: String, mode: ListMode) {
        self.id = id
        self.name = name
        self.mode = mode
    }
}

/// A list an edit names, as the copy knows it: the server's ID when the list came from there
/// (nil for one made offline), and its mode.
package struct CopyListRef: Equatable, Sendable {
    package var id: Int64? = nil
    package var mode: ListMode
}

/// One edit of a copy's change, as `sync` sends it: what the change did to one field of one
/// item or list, with lists named (lists merge by name).
package enum CopyEdit: Equatable, Sendable {
    case createList(name: String, mode: ListMode)
    case renameList(from: String, to: String)
    case setMode(list: String, mode: ListMode)
    case deleteList(name: String)
    /// An item made, in its list at its position, with the value of every field merged by value.
    case create(ItemID, list: String, position: Int64, values: [MergedField: FieldValue])
    /// A field merged by value set (checked, title).
    case set(ItemID, MergedField, FieldValue)
    /// A new place: list and position; `from`, the list it was in before the change (the same
    /// when the change only reordered that list, as a move within it renumbers the others).
    case place(ItemID, list: String, position: Int64, from: String)
    case delete(ItemID)

    /// A check or an uncheck.
    static func check(_ id: ItemID, _ value: Bool) -> CopyEdit { .set(id, .checked, .bool(value)) }
    /// A new title.
    static func retitle(_ id: ItemID, _ title: String) -> CopyEdit {
        .set(id, .title, .text(title))
    }
}

extension CopyEdit {
    /// The edit with its item's ID replaced where `ids` gives a new one (an add that took a new
    /// ID at sync, and every later edit of that item).
    func renumbered(_ ids: [ItemID: ItemID]) -> CopyEdit {
        guard !ids.isEmpty else { return self }
        switch self {
        case .create(let id, let list, let position, let values):
            return .create(ids[id] ?? id, list: list, position: position, values: values)
        case .set(let id, let field, let value): return .set(ids[id] ?? id, field, value)
        case .place(let id, let list, let position, let from):
            return .place(ids[id] ?? id, list: list, position: position, from: from)
        case .delete(let id): return .delete(ids[id] ?? id)
        case .createList, .renameList, .setMode, .deleteList: return self
        }
    }
}

/// A change made on a copy and not yet sent: its journal entry and its edits.
package struct CopyChange: Equatable, Sendable {
    package var entry: Change
    package var edits: [CopyEdit]
    /// The lists its edits name, as the copy knows them: the server's list of that ID (so a
    /// list renamed or moved there is still found), or, for a list made offline, none (lists
    /// made offline merge by name), with its mode (a list deleted elsewhere comes back so).
    package var lists: [String: CopyListRef] = [:]

    /// The change as a sync sends it: `renumbered`, and its time `time` (the copy's clock as
    /// the sync reads it) when the journal's is not a time at all (a file changed by hand: it
    /// would be stored on the server and printed by every `history`).
    func sent(_ ids: [ItemID: ItemID], at time: String) -> CopyChange {
        var change = renumbered(ids)
        if !ISOTime.isValid(change.entry.createdAt) { change.entry.createdAt = time }
        return change
    }

    /// The change with its adds' IDs replaced where `ids` gives new ones, and its history line
    /// naming the new ID of a single item (`added 1 item to 'camping' (ID 3004)`).
    func renumbered(_ ids: [ItemID: ItemID]) -> CopyChange {
        guard !ids.isEmpty else { return self }
        var change = self
        change.edits = edits.map { $0.renumbered(ids) }
        for edit in edits {
            guard let old = edit.itemID, let new = ids[old] else { continue }
            let before = Array("(ID \(old))".utf8)
            var bytes = Array(change.entry.description.utf8)
            if let start = bytes.indices.first(where: { bytes[$0...].starts(with: before) }) {
                bytes.replaceSubrange(start..<(start + before.count), with: "(ID \(new))".utf8)
                change.entry.description = String(decoding: bytes, as: UTF8.self)
            }
        }
        return change
    }
}

/// What one journal entry recorded, as a copy's journal holds it (`migrations/0002`).
package struct JournalRecords: Equatable, Sendable {
    var entry: Change
    /// Items as they were before the change (changed or deleted).
    package var items: [CopyItem] = []
    /// Items whose selection the change set, with their selection before it.
    package var selections: [(id: ItemID, isSelected: Bool)] = []
    /// Items the change created.
    package var added: [ClosedRange<ItemID>] = []
    /// Lists as they were before the change (`nil` name: a list the change created).
    package var lists: [(id: Int64, before: CopyList?)] = []

    /// Makes one from its parts.
    package init(
        entry: Change, items: [CopyItem] = [], selections: [(id: ItemID, isSelected: Bool)] = [],
        added: [ClosedRange<ItemID>] = [], lists: [(id: Int64, before: CopyList?)] = []
    ) {
        self.entry = entry
        self.items = items
        self.selections = selections
        self.added = added
        self.lists = lists
    }

    package static func == (left: JournalRecords, right: JournalRecords) -> Bool {
        left.entry == right.entry && left.items == right.items
            && left.selections.map(\.id) == right.selections.map(\.id)
            && left.selections.map(\.isSelected) == right.selections.map(\.isSelected)
            && left.added == right.added && left.lists.map(\.id) == right.lists.map(\.id)
            && left.lists.map(\.before) == right.lists.map(\.before)
    }
}

/// The edits of a copy's unsent changes, read from its journal: the journal keeps what each
/// change touched as it was before; what it was after is the next change's record of it, or the
/// row as it is now. So a command on a copy writes nothing beyond its usual journal, and sync
/// still sends each field's edit at the time it was made.
package enum CopyEdits {
    /// The edits of each change in `records` (oldest first), given the items they touched and
    /// every list as they are now.
    package static func derive(
        _ records: [JournalRecords], currentItems: [CopyItem], currentLists: [CopyList]
    ) -> [CopyChange] {
        var items: [ItemID: CopyItem] = [:]
        for item in currentItems { items[item.id] = item }
        var lists: [Int64: CopyList] = [:]
        for list in currentLists { lists[list.id] = list }
        var changes: [CopyChange] = []
        // Lists these changes made: unknown to the server (their IDs are the copy's own).
        let madeHere = Set(
            records.flatMap { record in record.lists.filter { $0.before == nil }.map(\.id) })
        // Newest first: `items` and `lists` hold the state after the change being read.
        for record in records.reversed() {
            let after = items
            let listsAfter = lists
            var touched: [ItemID] = []
            for item in record.items {
                items[item.id] = item
                touched.append(item.id)
            }
            for selection in record.selections {
                items[selection.id]?.values[.checked] = .bool(selection.isSelected)
                touched.append(selection.id)
            }
            for range in record.added {
                for id in range {
                    items[id] = nil
                    touched.append(id)
                }
            }
            var listEdits: [CopyEdit] = []
            var deletedLists: [CopyEdit] = []
            for (id, before) in record.lists {
                let now = listsAfter[id]
                lists[id] = before
                switch (before, now) {
                case (nil, let now?): listEdits.append(.createList(name: now.name, mode: now.mode))
                case (let before?, nil): deletedLists.append(.deleteList(name: before.name))
                case (let before?, let now?):
                    if before.name != now.name {
                        listEdits.append(.renameList(from: before.name, to: now.name))
                    }
                    if before.mode != now.mode {
                        listEdits.append(.setMode(list: now.name, mode: now.mode))
                    }
                case (nil, nil): break
                }
            }
            var refs: [String: CopyListRef] = [:]
            func refer(_ list: CopyList) {
                refs[list.name] = CopyListRef(
                    id: madeHere.contains(list.id) ? nil : list.id, mode: list.mode)
            }
            for (id, before) in record.lists {
                if let before { refer(before) }
                if let now = listsAfter[id] { refer(now) }
            }
            // A list's name after the change (for an item's place), else before it.
            func name(_ listID: Int64) -> String {
                guard let list = listsAfter[listID] ?? lists[listID] else { return "" }
                refer(list)
                return list.name
            }
            var itemEdits: [CopyEdit] = []
            var seen = Set<ItemID>()
            for id in touched.sorted() where seen.insert(id).inserted {
                itemEdits += edits(from: items[id], to: after[id], id: id, listName: name)
            }
            changes.append(
                CopyChange(
                    entry: record.entry, edits: listEdits + itemEdits + deletedLists, lists: refs))
        }
        return changes.reversed()
    }

    /// What turned `before` into `after`, field by field.
    static func edits(
        from before: CopyItem?, to after: CopyItem?, id: ItemID, listName: (Int64) -> String
    ) -> [CopyEdit] {
        switch (before, after) {
        case (nil, let after?):
            return [
                .create(
                    id, list: listName(after.listID), position: after.position,
                    values: after.values)
            ]
        case (_?, nil):
            return [.delete(id)]
        case (let before?, let after?):
            var edits: [CopyEdit] = []
            for field in MergedField.valued {
                if let value = after.values[field], before.values[field] != value {
                    edits.append(.set(id, field, value))
                }
            }
            if before.listID != after.listID || before.position != after.position {
                edits.append(
                    .place(
                        id, list: listName(after.listID), position: after.position,
                        from: listName(before.listID)))
            }
            return edits
        case (nil, nil):
            return []
        }
    }
}

extension CopyEdit {
    /// The list a create puts its item in.
    package var listName: String? {
        guard case .create(_, let list, _, _) = self else { return nil }
        return list
    }

    /// The edit with the lists its item edits name renamed as `names` says.
    package func naming(_ names: [String: String]) -> CopyEdit {
        switch self {
        case .create(let id, let list, let position, let values):
            .create(id, list: names[list] ?? list, position: position, values: values)
        case .place(let id, let list, let position, let from):
            .place(id, list: names[list] ?? list, position: position, from: names[from] ?? from)
        default: self
        }
    }

    /// The item the edit is of, if any.
    package var itemID: ItemID? {
        switch self {
        case .create(let id, _, _, _), .set(let id, _, _), .place(let id, _, _, _),
            .delete(let id):
            id
        case .createList, .renameList, .setMode, .deleteList: nil
        }
    }
}
