import ChecklistModel
import ChecklistTransfer

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
        return try recordingSteps("import") { try $0.importGroupsWithFields(groups) }
    }
}
