import ChecklistModel

extension ImportDocument {
    /// The items an import puts into one list.
    public struct Group: Sendable {
        public var name: ListName
        /// The file's mode for the list; nil when it says none, or when several of its lists
        /// go into one list given with `--list` (they carry no one mode).
        public var mode: ListMode?
        public var entries: [Entry]

        /// The single-choice rule of an import, for both engines: into a list of `mode`
        /// single, one checked item unchecks the others there (true), several are refused.
        package func unchecksOthers(inListOfMode mode: ListMode) throws -> Bool {
            let checked = entries.filter(\.isSelected).count
            guard checked > 0 && mode == .single else { return false }
            guard checked == 1 else {
                throw ChecklistError.severalChecked(list: name.text, ids: IDSet())
            }
            return true
        }
    }

    /// The lists an import fills, in the file's order: every item in `list` when one is
    /// given, items in no list in `defaultList`. Names are checked as `--list` checks them and
    /// compared byte for byte, as the store compares them. The one rule for `import` and its
    /// `--dry-run`.
    public func groups(into list: ListName? = nil, defaultList: ListName = .defaultList)
        throws(ChecklistError) -> [Group]
    {
        var groups: [Group] = []
        var indexByName: [ListName: Int] = [:]
        for documentList in lists {
            var name = list ?? defaultList
            if list == nil, let named = documentList.name { name = try ListName(named) }
            if let index = indexByName[name] {
                groups[index].entries += documentList.items
            } else {
                indexByName[name] = groups.count
                groups.append(
                    Group(name: name, mode: documentList.mode, entries: documentList.items))
            }
        }
        if list != nil && lists.count > 1 {
            for index in groups.indices { groups[index].mode = nil }
        }
        return groups
    }
}
