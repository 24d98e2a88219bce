/// `import` on a server: `ChecklistStore.importDocument`'s rules, in PostgreSQL's SQL.
extension ServerStore {
    func importGroups(_ groups: [ImportDocument.Group], author: String) throws -> ImportSummary {
        try recordingChange("import", author: author) { change in
            var count = 0
            var uncheckedOthers = 0
            for group in groups {
                let listID = try change.listForAdding(
                    named: group.name, mode: group.mode ?? .multiple, self)
                if try group.unchecksOthers(inListOfMode: change.listMode(listID).mode) {
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
