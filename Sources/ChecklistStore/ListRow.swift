import ChecklistModel

/// A list's row, for the steps that need its name and mode.
package struct ListRow {
    package var id: Int64
    package var name: ListName
    package var mode: ListMode

    package init(id: Int64, name: ListName, mode: ListMode) {
        self.id = id
        self.name = name
        self.mode = mode
    }
}
