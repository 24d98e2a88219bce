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

    func string(_ column: Int32) -> String {
        String(decoding: bytes(column), as: UTF8.self)
    }

    /// A bigint column: ASCII digits, perhaps a minus sign.
    func int64(_ column: Int32) -> Int64 {
        var value: Int64 = 0
        var negative = false
        for byte in bytes(column) {
            if byte == UInt8(ascii: "-") {
                negative = true
            } else {
                value = value &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
            }
        }
        return negative ? -value : value
    }

    /// A boolean column: `t` or `f`.
    func bool(_ column: Int32) -> Bool {
        bytes(column).first == UInt8(ascii: "t")
    }
}
