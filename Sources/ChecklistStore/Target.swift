import ChecklistModel

/// The items a resolved selection covers: conditions over an engine's items table (lone IDs in
/// one, each run of IDs in its own), plus the counts a summary needs.
package struct Target<Condition> {
    var conditions: [Condition]
    var matched: Int
    var missing: IDSet

    static var none: Target { Target(conditions: [], matched: 0, missing: IDSet()) }
}

/// A scope whose list was found: every list, or one by its ID.
package enum FoundScope: Equatable {
    case all
    case list(Int64)
}
