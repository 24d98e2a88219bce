import GRDB

/// The items a resolved selection covers: SQL conditions over `items`, plus the counts a
/// summary needs.
struct Target {
    var conditions: [SQL]
    var matched: Int
    var missing: IDSet
}

/// What `SQLiteChange.apply` runs over a target.
enum TargetStatement {
    /// `UPDATE items SET <assignments>`.
    case update(SQL)
    case delete
}
