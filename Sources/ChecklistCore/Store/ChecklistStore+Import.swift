import GRDB

extension ChecklistStore {
    // MARK: - Import

    /// Adds the document's items at the end of their lists, in one transaction. Each list of
    /// the document goes to the list of that name (created with the document's mode when
    /// missing; an existing list keeps its mode), or every item to `list` when one is given;
    /// items the document puts in no list go to `defaultList`. Items get new IDs and
    /// timestamps. In a single-choice list, one imported checked item unchecks the others
    /// there; several are refused.
    @discardableResult
    public func importDocument(
        _ document: ImportDocument, into list: ListName? = nil,
        defaultList: ListName = .defaultList
    ) throws -> ImportSummary {
        let groups = try document.groups(into: list, defaultList: defaultList)
        guard !groups.isEmpty else { return ImportSummary(itemCount: 0, lists: []) }
        if let server { return try server.importGroups(groups, author: author) }
        return try recordingChange("import") { change in
            var count = 0
            var uncheckedOthers = 0
            for group in groups {
                let listID = try change.listForAdding(
                    named: group.name, mode: group.mode ?? .multiple)
                if try group.unchecksOthers(inListOfMode: change.listRow(listID).mode) {
                    uncheckedOthers += try change.uncheckOthers(in: listID, keeping: nil)
                }
                count += try change.append(
                    group.entries.map(\.title.text), checked: false,
                    selection: group.entries.map(\.isSelected), to: listID
                ).count
            }
            return ImportSummary(
                itemCount: count, lists: groups.map(\.name), uncheckedOthers: uncheckedOthers)
        }
    }
}
