import ChecklistModel

/// The server's values read as their columns' types. A value that is not what its column
/// holds (a row edited outside checklist) is `malformedServerValue`, never a default: a list's
/// mode read as "multiple" for anything unknown, or an ID read as 0, would act on the wrong
/// rows.
enum PostgreSQLValues {
    /// A bigint or integer: ASCII digits, perhaps after a minus sign, that fit.
    static func int64(_ bytes: some Collection<UInt8>) throws(ChecklistError) -> Int64 {
        var value: Int64 = 0
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { throw malformed(bytes, "a whole number") }
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                throw malformed(bytes, "a whole number")
            }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(
                Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { throw malformed(bytes, "a whole number") }
            value = sum
        }
        return negative ? -value : value
    }

    /// A boolean: `t` or `f`.
    static func bool(_ bytes: some Collection<UInt8>) throws(ChecklistError) -> Bool {
        if bytes.elementsEqual("t".utf8) { return true }
        if bytes.elementsEqual("f".utf8) { return false }
        throw malformed(bytes, "true or false")
    }

    /// A list's mode: `multiple` or `single`.
    static func mode(_ text: String) throws(ChecklistError) -> ListMode {
        guard let mode = ListMode(rawValue: text) else {
            throw malformed(text.utf8, "a list's mode (multiple or single)")
        }
        return mode
    }

    static func malformed(_ bytes: some Collection<UInt8>, _ expected: String) -> ChecklistError {
        .malformedServerValue(
            value: String(decoding: bytes.prefix(64), as: UTF8.self), expected: expected)
    }
}

/// A row of `PostgreSQLConnection.query`, read column by column as `PostgreSQLValues` reads.
extension [String?] {
    func int64(_ column: Int) throws(ChecklistError) -> Int64 {
        try PostgreSQLValues.int64(try text(column).utf8)
    }

    func int(_ column: Int) throws(ChecklistError) -> Int {
        Int(try int64(column))
    }

    func bool(_ column: Int) throws(ChecklistError) -> Bool {
        try PostgreSQLValues.bool(try text(column).utf8)
    }

    func mode(_ column: Int) throws(ChecklistError) -> ListMode {
        try PostgreSQLValues.mode(try text(column))
    }

    /// A value that is not NULL.
    func text(_ column: Int) throws(ChecklistError) -> String {
        guard column < count, let value = self[column] else {
            throw .malformedServerValue(value: "NULL", expected: "a value")
        }
        return value
    }
}

/// The rows of `PostgreSQLConnection.query`.
extension [[String?]] {
    /// The one row a statement returns (a count, a counter, the state's row).
    func onlyRow() throws(ChecklistError) -> [String?] {
        guard let row = first else {
            throw .malformedServerValue(value: "no row", expected: "a row")
        }
        return row
    }
}
