import ChecklistModel

/// A statement for the server whose values are all bound as parameters: written as a string
/// with interpolations, each interpolated value (an ID, a count, a text, a truth value, an
/// array of IDs) becomes the next `$n` and its text goes beside the statement, never into it.
/// SQL of the program's own (a declared column's name, a fragment built by another query) is
/// interpolated with `sql:`, or as a `PostgreSQLQuery`, whose parameters come along.
///
/// Every single-statement call of `PostgreSQLConnection` takes one, so a value cannot be
/// pasted into a statement's text by accident; a query interpolated into a plain `String`
/// stops the program (`description`).
package struct PostgreSQLQuery: ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The text, a marker where each parameter goes (see `statement`).
    fileprivate var text: String
    fileprivate(set) var parameters: [String?]

    /// Marks a parameter's place in `text`; no SQL the program writes holds it.
    fileprivate static let marker: Unicode.Scalar = "\u{1}"

    package init(stringLiteral value: String) {
        self.text = value
        self.parameters = []
    }

    package init(stringInterpolation: StringInterpolation) {
        self.text = stringInterpolation.text
        self.parameters = stringInterpolation.parameters
    }

    /// The statement as the server takes it, with `$1`, `$2`… in the markers' places.
    package var statement: String {
        guard !parameters.isEmpty else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + parameters.count * 3)
        var number = 0
        for scalar in text.unicodeScalars {
            if scalar == Self.marker {
                number += 1
                result += "$\(number)"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    package var description: String {
        preconditionFailure("a PostgreSQLQuery was interpolated into a String: \(text)")
    }

    /// This query and `other`, joined by `separator` (SQL).
    package func joined(with other: PostgreSQLQuery, by separator: String) -> PostgreSQLQuery {
        var joined = self
        joined.text += separator + other.text
        joined.parameters += other.parameters
        return joined
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var text = ""
        fileprivate var parameters: [String?] = []

        package init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 3)
        }

        package mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        private mutating func bind(_ value: String?) {
            text.unicodeScalars.append(PostgreSQLQuery.marker)
            parameters.append(value)
        }

        package mutating func appendInterpolation(_ value: Int64) { bind(String(value)) }
        package mutating func appendInterpolation(_ value: Int) { bind(String(value)) }
        package mutating func appendInterpolation(_ value: Bool) { bind(value ? "t" : "f") }
        /// A text value, bound (`text:`): a plain `\(string)` does not compile, so SQL of
        /// the program's own (`sql:`) and a value are never taken for each other.
        package mutating func appendInterpolation(text value: String?) { bind(value) }

        @available(*, unavailable, message: "say which: \\(text: value) or \\(sql: fragment)")
        package mutating func appendInterpolation(_ value: String) {}

        /// IDs as one `bigint[]` parameter.
        package mutating func appendInterpolation(ids: some Sequence<Int64>) {
            bind("{" + ids.map(String.init).joined(separator: ",") + "}")
            text += "::bigint[]"
        }

        /// SQL of the program's own, as it is.
        package mutating func appendInterpolation(sql: String) {
            text += sql
        }

        /// Queries, with their parameters, comma-separated.
        package mutating func appendInterpolation(list queries: [PostgreSQLQuery]) {
            for (index, query) in queries.enumerated() {
                if index > 0 { text += ", " }
                appendInterpolation(query)
            }
        }

        /// Another query, with its parameters.
        package mutating func appendInterpolation(_ query: PostgreSQLQuery) {
            text += query.text
            parameters += query.parameters
        }
    }
}
