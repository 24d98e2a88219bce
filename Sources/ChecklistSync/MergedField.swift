import ChecklistModel

/// A value of an item's field, as a merge compares it and a sync writes it: one per stored
/// type of an item's column.
package enum FieldValue: Hashable, Sendable {
    case bool(Bool)
    case integer(Int64)
    case text(String)

    /// The value's text, for a text field (a title); nil for another.
    package var text: String? { if case .text(let text) = self { text } else { nil } }
    /// The value's truth, for a boolean field (the selection); nil for another.
    package var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
}

/// An item's field as offline copies merge it, declared once: its stored column, how it merges
/// and how a conflict line names an edit of it. `CopyEdits` finds a copy's edits over these
/// fields, `SyncMerge` decides each by its rule, and the server's sync reads and writes them.
/// The server keeps, under each field's name in an item's `stamps`, the stamp of the edit that
/// set it and the revision it was set at; its stamping trigger reads the same fields from
/// `checklist.merged_fields` (`migrations/postgresql/0012`; a test compares the two).
///
/// Every field of `StoredTables.itemFields` is merged by one of them, or is the place (list and
/// position, merged as one: `CopyEdit.place`), or is kept by each side (`notMerged`): a test
/// fails on a stored field declared without saying which
/// (`SyncMergeTests.everyStoredFieldOfAnItemSaysHowItMerges`).
package struct MergedField: Hashable, Sendable {
    /// How a field's edits merge.
    enum Rule: Sendable {
        /// The selection: the latest edit wins, and a single-choice list keeps only its latest
        /// check.
        case choice
        /// The latest edit wins.
        case latest
        /// The list and position, as one place: the latest move wins, and a new order of a
        /// list never brings back an item moved out of it elsewhere.
        case place
    }

    /// Its name in the server's stamp and revision columns and in the merge.
    package let name: String
    /// Its stored columns (the place's: list and position).
    let columns: [StoredColumn]
    let rule: Rule
    /// What an edit that set it to a value did, in a conflict line (`check`, `rename to 'Tarp'`).
    let words: @Sendable (FieldValue) -> String

    package static func == (left: MergedField, right: MergedField) -> Bool {
        left.name == right.name
    }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The one column of a field merged by value.
    package var column: StoredColumn { columns[0] }

    package static let checked = MergedField(
        name: "checked", columns: [StoredTables.isSelected], rule: .choice,
        words: { $0.bool == true ? "check" : "uncheck" })
    static let title = MergedField(
        name: "title", columns: [StoredTables.title], rule: .latest,
        words: { "rename to \(Phrase.quoted($0.text ?? ""))" })
    package static let place = MergedField(
        name: "place", columns: [StoredTables.listID, StoredTables.position], rule: .place,
        words: { _ in "move" })

    /// A field shown beyond `Item`'s own (`ShownField`: a quantity, a note): the latest edit
    /// wins, told as "change of the quantity to 5".
    static func latest(_ column: StoredColumn) -> MergedField? {
        guard let shown = column.shown else { return nil }
        return MergedField(
            name: shown.name, columns: [column], rule: .latest,
            words: { value in
                let text =
                    switch value {
                    case .integer(let number): String(number)
                    case .text(let text): text
                    case .bool(let flag): String(flag)
                    }
                return "change of the \(shown.name) to \(shown.phrase(text))"
            })
    }

    /// The fields merged by value, in the order a change's edits name them: the selection,
    /// the title, then every declared shown field (`StoredTables.moreShownItemFields`).
    package static let valued: [MergedField] =
        [checked, title] + StoredTables.moreShownItemFields.compactMap(latest)
    /// Every merged field: the server keeps a stamp and a revision for each.
    package static let all: [MergedField] = valued + [place]
    /// The item's stored fields each side keeps as its own: the times of its making and its
    /// last change.
    static let notMerged = [StoredTables.createdAt, StoredTables.updatedAt]
}

extension FieldValue {
    /// Reads a value of `type` through `integer`, `text` and `bool`, the readers of one row.
    package static func read(
        _ type: StoredType, integer: () throws -> Int64, text: () throws -> String,
        bool: () throws -> Bool
    ) throws -> FieldValue {
        switch type {
        case .boolean: .bool(try bool())
        case .integer, .ids: .integer(try integer())
        case .text: .text(try text())
        }
    }
}
