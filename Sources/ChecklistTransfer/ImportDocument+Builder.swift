import ChecklistModel

extension ImportDocument {
    /// Gathers items into lists by name, in order of first appearance.
    struct Builder {
        private(set) var lists: [List] = []
        /// Names as `ListName` compares them, byte by byte, as SQLite does ("é" and "e\u{301}"
        /// are two lists); looked up only, not checked (the import checks them).
        private var indexByName: [ListName: Int] = [:]
        private var unnamedIndex: Int?
        /// Items of one list usually come together, so the last lookup is kept.
        private var lastIndex: Int?

        /// The index of the list `name`, appending an empty one when it is new.
        mutating func index(of name: String?) -> Int {
            let key = name.map(ListName.init(lookingUp:))
            if let lastIndex, lists[lastIndex].name.map(ListName.init(lookingUp:)) == key {
                return lastIndex
            }
            let found: Int? = if let key { indexByName[key] } else { unnamedIndex }
            let index = found ?? lists.count
            if found == nil {
                lists.append(List(name: name, mode: nil, items: []))
                if let key {
                    indexByName[key] = index
                } else {
                    unnamedIndex = index
                }
            }
            lastIndex = index
            return index
        }

        /// The lines of the first two checked items of each list, by index: a single-choice
        /// list may check one.
        private var checkedLines: [[Int]] = []

        mutating func append(_ entry: Entry, toListAt index: Int, line: Int) {
            lists[index].items.append(entry)
            if entry.isSelected { noteChecked(at: [line], index) }
        }

        /// Sets a declared field (`Item.more`'s `field`) of the last item of the list at `index`.
        mutating func setField(_ field: Int, to value: String, ofLastIn index: Int) {
            guard let last = lists[index].items.indices.last else { return }
            if lists[index].items[last].more.isEmpty {
                lists[index].items[last].more = ItemField.defaults
            }
            lists[index].items[last].more[field] = value
        }

        /// The lists, after checking that no single-choice list checks two items (the second
        /// one is the bad line).
        func checkedLists() throws(ChecklistError) -> [List] {
            for (index, list) in lists.enumerated() where list.mode == .single {
                guard index < checkedLines.count, checkedLines[index].count > 1 else { continue }
                throw .malformedImport(
                    line: checkedLines[index][1],
                    reason:
                        "list \(Phrase.quoted(list.name ?? "")) takes one checked item (mode single),"
                        + " and this is a second one")
            }
            return lists
        }

        private mutating func noteChecked(at lines: [Int], _ index: Int) {
            while checkedLines.count <= index { checkedLines.append([]) }
            checkedLines[index] = Array((checkedLines[index] + lines).prefix(2))
        }

        /// Gives the list at `index` its mode, which a file may repeat but not change.
        mutating func setMode(_ mode: ListMode, at index: Int, line: Int) throws(ChecklistError) {
            switch lists[index].mode {
            case nil:
                lists[index].mode = mode
            case let earlier? where earlier != mode:
                let name = Phrase.quoted(lists[index].name ?? "")
                throw .malformedImport(
                    line: line,
                    reason: "conflicting modes for list \(name): \(earlier.rawValue),"
                        + " then \(mode.rawValue)")
            default:
                break
            }
        }

        /// Appends the lists of `other` after these, merging lists of the same name.
        mutating func append(contentsOf other: Builder) {
            guard !lists.isEmpty else {
                self = other
                return
            }
            for (otherIndex, list) in other.lists.enumerated() {
                let index = index(of: list.name)
                lists[index].items.append(contentsOf: list.items)
                lists[index].mode = lists[index].mode ?? list.mode
                if otherIndex < other.checkedLines.count {
                    noteChecked(at: other.checkedLines[otherIndex], index)
                }
            }
        }
    }
}
