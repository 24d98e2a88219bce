import ChecklistModel

/// An item on the server as a merge sees it: its place, the value of each field merged by
/// value, and the stamp of the edit that set each field.
package struct ServerItem: Equatable, Sendable {
    package var id: ItemID
    var list: String
    var position: Int64
    package var values: [MergedField: FieldValue]
    /// Each field's stamp (`MergedField.all`, the place's included); a field missing here was
    /// never stamped (`Stamp("")`).
    var stamps: [MergedField: Stamp]
    /// For each field, whether its last edit reached the server after the syncing copy last
    /// brought the server's items (the server knows by the revision each field was set at):
    /// true, the copy had not seen it, whatever its stamp. A field not here is not known so (a
    /// page's taps, a field last set before the server kept revisions): then an edit stamped
    /// after what the copy had seen was unseen.
    package var unseenFields: [MergedField: Bool] = [:]

    package init(
        id: ItemID, list: String, position: Int64, values: [MergedField: FieldValue],
        stamps: [MergedField: Stamp]
    ) {
        self.id = id
        self.list = list
        self.position = position
        self.values = values
        self.stamps = stamps
    }

    /// An item with today's two fields merged by value (the tests' and a file's merge view).
    package init(
        id: ItemID, list: String, title: String, isSelected: Bool, position: Int64,
        checkedStamp: Stamp, titleStamp: Stamp, placeStamp: Stamp
    ) {
        self.init(
            id: id, list: list, position: position,
            values: [.checked: .bool(isSelected), .title: .text(title)],
            stamps: [.checked: checkedStamp, .title: titleStamp, .place: placeStamp])
    }

    package var title: String { values[.title]?.text ?? "" }
    package var isSelected: Bool { values[.checked]?.bool ?? false }
    func stamp(_ field: MergedField) -> Stamp { stamps[field] ?? Stamp("") }
    package var checkedStamp: Stamp {
        get { stamp(.checked) }
        set { stamps[.checked] = newValue }
    }
}

/// One edit that lost to another author's edit of the same field, made without seeing it: what
/// `sync` tells, one line each.
public struct SyncConflict: Equatable, Sendable {
    /// One side: what it did (`check`, `uncheck`, `rename to 'Tarp'`, `move`, `delete`), by
    /// whom and when (ISO 8601 UTC), and whether it is the syncing copy's.
    public struct Edit: Equatable, Sendable {
        public let what: String
        public let author: String?
        public let time: String?
        public let isYours: Bool

        /// An empty author or time (a stamp written empty outside checklist) is none.
        package init(what: String, author: String?, time: String?, isYours: Bool) {
            self.what = what
            self.author = author?.isEmpty == false ? author : nil
            self.time = time?.isEmpty == false ? time : nil
            self.isYours = isYours
        }
    }

    /// The item, or nil for a list's or a change's conflict.
    public let itemID: ItemID?

    /// The same conflict as the other side reads it.
    package var mirrored: SyncConflict {
        func flipped(_ edit: Edit) -> Edit {
            Edit(what: edit.what, author: edit.author, time: edit.time, isYours: !edit.isYours)
        }
        return SyncConflict(
            itemID: itemID, title: title, loser: flipped(loser), winner: flipped(winner))
    }
    /// The item's title; for a list, `list 'camping'`; for an undo, `change 7 (…)`.
    public let title: String
    public let loser: Edit
    public let winner: Edit

    /// Makes one from its parts.
    package init(itemID: ItemID?, title: String, loser: Edit, winner: Edit) {
        self.itemID = itemID
        self.title = title
        self.loser = loser
        self.winner = winner
    }
}

/// Items as a merge of checks reads them, inside the change's transaction: each with the stamp
/// of the edit that set its checked field (on a file, read from the undo journal: see
/// `SQLiteChange.checkMergeView`), the checked items of the same single-choice lists beside
/// them, and who deleted the missing ones, when the journal still says.
package struct MergeView {
    package var items: [ItemID: ServerItem] = [:]
    /// For an item of a single-choice list: the other items of that list checked now.
    package var choices: [ItemID: [ItemID]] = [:]
    package var deletedBy: [ItemID: (author: String, time: String)] = [:]

    /// Makes one from its parts.
    package init(
        items: [ItemID: ServerItem] = [:], choices: [ItemID: [ItemID]] = [:],
        deletedBy: [ItemID: (author: String, time: String)] = [:]
    ) {
        self.items = items
        self.choices = choices
        self.deletedBy = deletedBy
    }
}

/// What a page's tap comes to (`SyncMerge.tap`).
package enum TapDecision: Equatable, Sendable {
    /// The tap wins: check or uncheck the item.
    case apply
    /// The item already is as the tap left it.
    case holds
    /// A later edit (or a delete) wins; nothing changes.
    case lost(SyncConflict.Edit)
}

/// What a merge does with one of a copy's changes on the server.
package struct MergeDecision: Equatable, Sendable {
    package var creates: [CopyEdit] = []
    /// Fields merged by value that take the copy's value.
    package var sets: [(id: ItemID, field: MergedField, value: FieldValue)] = []
    package var places: [(id: ItemID, list: String, position: Int64)] = []
    /// Fields whose value stays but whose stamp moves to this later edit of the same value.
    package var restamped: [(id: ItemID, field: MergedField)] = []
    package var deletes: [ItemID] = []
    package var conflicts: [SyncConflict] = []

    /// The checks and unchecks among `sets`.
    package var checks: [(id: ItemID, value: Bool)] {
        sets.compactMap { set in
            set.field == .checked ? set.value.bool.map { (set.id, $0) } : nil
        }
    }

    package static func == (left: MergeDecision, right: MergeDecision) -> Bool {
        left.creates == right.creates && left.sets.map(\.id) == right.sets.map(\.id)
            && left.sets.map(\.field) == right.sets.map(\.field)
            && left.sets.map(\.value) == right.sets.map(\.value)
            && left.places.map(\.id) == right.places.map(\.id)
            && left.places.map(\.position) == right.places.map(\.position)
            && left.restamped.map(\.id) == right.restamped.map(\.id)
            && left.deletes == right.deletes && left.conflicts == right.conflicts
    }
}
