import GRDB

/// What an import did.
public struct ImportSummary: Hashable, Sendable {
    /// How many items were added.
    public var itemCount: Int
    /// The lists they went to, in the file's order.
    public var lists: [String]
    /// Items of single-choice lists unchecked because an imported item there is checked.
    public var uncheckedOthers: Int = 0
}

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
        _ document: ImportDocument, into list: String? = nil,
        defaultList: String = Checklist.defaultName
    ) throws -> ImportSummary {
        var groups: [(name: String, mode: ListMode?, entries: [ImportDocument.Entry])] = []
        for documentList in document.lists {
            let name = list ?? documentList.name ?? defaultList
            try Checklist.validateName(name)
            // Names compare byte by byte, as SQLite compares them (Swift's == would merge "é"
            // and "e" + U+0301).
            if let index = groups.firstIndex(where: { $0.name.utf8.elementsEqual(name.utf8) }) {
                groups[index].entries += documentList.items
            } else {
                groups.append((name, documentList.mode, documentList.items))
            }
        }
        // Several lists merged into one `list` carry no one mode; the one list of a file does.
        if list != nil && document.lists.count > 1 {
            for index in groups.indices { groups[index].mode = nil }
        }
        guard !groups.isEmpty else { return ImportSummary(itemCount: 0, lists: []) }
        return try write { db in
            let journal = try Journal.begin("import", now: try timestamp(db), db)
            var count = 0
            var uncheckedOthers = 0
            for group in groups {
                let listID = try listForAdding(
                    named: group.name, mode: group.mode ?? .multiple, journal, db)
                let checked = group.entries.filter(\.isSelected).count
                if try checked > 0 && listMode(listID, db) == .single {
                    guard checked == 1 else {
                        throw ChecklistError.severalChecked(list: group.name, ids: IDSet())
                    }
                    uncheckedOthers += try uncheckOthers(in: listID, keeping: nil, journal, db)
                }
                count += try append(
                    group.entries.map(\.title.text), checked: false,
                    selection: group.entries.map(\.isSelected), to: listID, journal, db
                ).count
            }
            let names = groups.map { quoted($0.name) }.joined(separator: ", ")
            try journal.finish(
                "imported \(countedItems(count)) into \(names)", itemCount: count + uncheckedOthers)
            return ImportSummary(
                itemCount: count, lists: groups.map(\.name), uncheckedOthers: uncheckedOthers)
        }
    }
}
