import ChecklistModel

/// `lists add|rename|delete|copy`: their rules, once, over an engine's steps.
extension ChangeSteps {
    /// A name no list has yet.
    private func requireFree(_ name: ListName) throws {
        if try reads.listID(named: name) != nil { throw ChecklistError.listExists(name.text) }
    }

    func addList(named name: ListName, mode: ListMode) throws -> ListChange {
        try requireFree(name)
        _ = try createList(named: name, mode: mode)
        return .added(name, mode: mode)
    }

    /// Renaming a list to its own name changes nothing.
    func renameList(_ name: ListName, to newName: ListName) throws -> ListChange {
        let listID = try existingList(named: name)
        guard name != newName else { return .renamed(name, to: newName, changed: false) }
        try requireFree(newName)
        try renameList(listID, to: newName)
        return .renamed(name, to: newName, changed: true)
    }

    /// A list with items is refused unless `withItems`; with `expecting`, nothing changes
    /// unless exactly that many items would go.
    func deleteList(named name: ListName, withItems: Bool, expecting: Int?) throws -> ListChange {
        let listID = try existingList(named: name)
        let count = try reads.itemCount(inList: listID)
        if count > 0 && !withItems {
            throw ChecklistError.listNotEmpty(name.text, itemCount: count)
        }
        if let expecting, expecting != count {
            throw ChecklistError.unexpectedCount(expected: expecting, actual: count)
        }
        try deleteList(listID)
        return .deleted(name, itemCount: count)
    }

    /// A new list `destination` with the source's mode and a copy of its items.
    func copyList(_ source: ListName, to destination: ListName, unchecked: Bool) throws
        -> ListCopy
    {
        let list = try listRow(try existingList(named: source))
        try requireFree(destination)
        let copyID = try createList(named: destination, mode: list.mode)
        let count = try copyItems(ofList: list.id, into: copyID, unchecked: unchecked)
        return ListCopy(source: source, destination: destination, itemCount: count)
    }
}
