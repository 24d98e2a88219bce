import ChecklistModel

/// Rows of one stored table on their way from a server into a copy (a clone, a sync that
/// brings everything or what changed, a server's backup): their values' bytes kept together,
/// handed to the copy's side `RowBatch.rows` at a time, which binds them to one statement of
/// that many rows without copying them again (a statement a row was most of a clone's work:
/// callgrind, 2.2 of 3.0 billion instructions for 100,000 items).
package struct RowBatch {
    static let rows = 64
    package let table: StoredTable
    /// Whether the rows replace the copy's rows of the same key (the table's order).
    package let updating: Bool
    /// Whether each column is a boolean (its values are flags, written as 1 and 0).
    package let isBoolean: [Bool]
    /// The values' bytes, after one byte that no value uses (so the buffer is never empty).
    package private(set) var bytes: [UInt8] = [0]
    /// Each value, row after row: where its bytes start and how many, or `Value.null`,
    /// `Value.true`, `Value.false`.
    package private(set) var values: [(start: Int, count: Int)] = []

    package enum Value {
        package static let null = -1
        package static let `true` = -2
        package static let `false` = -3
    }

    package init(_ table: StoredTable, updating: Bool = false) {
        self.table = table
        self.updating = updating
        isBoolean = table.columns.map { $0.type == .boolean }
    }

    package var columns: Int { isBoolean.count }
    package var rowCount: Int { values.count / max(columns, 1) }
    package var isFull: Bool { values.count == Self.rows * columns }
    package var isEmpty: Bool { values.isEmpty }

    package mutating func appendNull() { values.append((0, Value.null)) }

    package mutating func append(flag: Bool) { values.append((0, flag ? Value.true : Value.false)) }

    package mutating func append(text: UnsafeRawBufferPointer) {
        values.append((bytes.count, text.count))
        bytes.append(contentsOf: text)
    }

    /// Empties the batch, keeping its storage for the next rows.
    package mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        bytes.removeSubrange(1...)
    }
}

/// Where a server's rows go: a copy's side (SQLite's: `SQLiteCopySide`).
package protocol RowDestination {
    /// Writes the batch's rows into its table, all of them or none.
    func take(_ batch: RowBatch) throws
}
