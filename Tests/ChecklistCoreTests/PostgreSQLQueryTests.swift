import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres

/// Every value of a server statement is a parameter: `PostgreSQLQuery` numbers them in order,
/// across nested fragments, and keeps the program's own SQL (`sql:`) in the text.
@Suite struct PostgreSQLQueryTests {
    @Test func valuesBecomeNumberedParametersInOrder() {
        let condition: PostgreSQLQuery = "list_id = \(Int64(7)) AND is_selected = \(true)"
        let query: PostgreSQLQuery = """
            UPDATE checklist.items SET \(sql: "title") = \(text: "a'b $1 \u{1}")
            WHERE (\(condition)) AND id = ANY(\(ids: [Int64(3), 5])) LIMIT \(2)
            """
        #expect(
            query.statement == """
                UPDATE checklist.items SET title = $1
                WHERE (list_id = $2 AND is_selected = $3) AND id = ANY($4::bigint[]) LIMIT $5
                """)
        #expect(query.parameters == ["a'b $1 \u{1}", "7", "t", "{3,5}", "2"])
    }

    @Test func joinedQueriesKeepTheirParametersInOrder() {
        let first: PostgreSQLQuery = "a = \(Int64(1))"
        let joined = first.joined(with: "b = \(Int64(2))", by: " AND ")
        #expect(joined.statement == "a = $1 AND b = $2")
        #expect(joined.parameters == ["1", "2"])
        #expect(("SELECT 1" as PostgreSQLQuery).statement == "SELECT 1")
    }

    /// A title that looks like SQL goes to the server as a value and comes back unchanged.
    @Test(.enabled(if: TestServer.runs, "\(TestServer.missing)"))
    func aValueIsNeverReadAsSQL() throws {
        let connection = try PostgreSQLConnection(try #require(TestServer.uri))
        let title = "x'); DROP TABLE nothing; -- $1 \u{1}"
        let rows = try connection.query("SELECT \(text: title)::text, \(Int64(42)) + 1")
        #expect(rows == [[title, "43"]])
    }
}
