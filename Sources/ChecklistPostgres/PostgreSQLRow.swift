import ChecklistModel

/// One row of a query's result, its values read in place (see `PostgreSQLConnection.forEachRow`).
/// Made and moved only by the connection's reads.
struct PostgreSQLRow {
    let library: LibPQ
    let result: LibPQ.Result?
    var index: Int32

    /// The value's text bytes (empty for NULL), valid while the row's call lasts.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let value = library.getvalue(result, index, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(
            start: value, count: Int(library.getlength(result, index, column)))
    }

    /// Whether the value is NULL.
    func isNull(_ column: Int32) -> Bool {
        library.getisnull(result, index, column) == 1
    }

    func string(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    /// A bigint column.
    func int64(_ column: Int32) throws(ChecklistError) -> Int64 {
        try PostgreSQLValues.int64(bytes(column))
    }

    /// A boolean column: `t` or `f`.
    func bool(_ column: Int32) throws(ChecklistError) -> Bool {
        try PostgreSQLValues.bool(bytes(column))
    }

    /// A list's mode.
    func mode(_ column: Int32) throws(ChecklistError) -> ListMode {
        try PostgreSQLValues.mode(string(column))
    }
}
