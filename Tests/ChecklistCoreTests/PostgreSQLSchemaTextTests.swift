import Testing

@testable import ChecklistCore

/// The text the trust check is built from: literals, the functions' bodies as the migrations
/// wrote them, and the tables they create (found in the migrations' bytes).
@Suite struct PostgreSQLSchemaTextTests {
    @Test func aLiteralDoublesItsQuotesAndKeepsEveryOtherByte() {
        #expect(PostgreSQLSchema.literal("") == "''")
        #expect(PostgreSQLSchema.literal("it's") == "'it''s'")
        #expect(PostgreSQLSchema.literal("''") == "''''''")
        #expect(PostgreSQLSchema.literal("é\n'x'") == "'é\n''x'''")
    }

    @Test func aSearchFindsTheFirstPlaceAtOrAfterItsStart() {
        var text = "ab$$cd$$"
        var needle = "$$"
        text.withUTF8 { bytes in
            needle.withUTF8 { needle in
                #expect(PostgreSQLSchema.firstIndex(of: needle, in: bytes, from: 0) == 2)
                #expect(PostgreSQLSchema.firstIndex(of: needle, in: bytes, from: 3) == 6)
                #expect(PostgreSQLSchema.firstIndex(of: needle, in: bytes, from: 7) == nil)
            }
        }
        var short = "$"
        short.withUTF8 { bytes in
            needle.withUTF8 { needle in
                #expect(PostgreSQLSchema.firstIndex(of: needle, in: bytes, from: 0) == nil)
            }
        }
    }

    @Test func aFunctionsBodyIsWhatItsLastMigrationWroteBetweenItsDollarQuotes() throws {
        for name in ["stamp_item", "bury_items"] {
            let body = PostgreSQLSchema.functionBody(name)
            let last = try #require(
                PostgreSQLSchema.migrations.last { $0.sql.contains("FUNCTION checklist.\(name)()") }
            )
            #expect(last.sql.contains("$$" + body + "$$"))
            #expect(!body.contains("$$"))
            #expect(body.contains("BEGIN"))
        }
    }

    @Test func theTablesAreThoseEachCreateTableNames() {
        #expect(
            PostgreSQLSchema.tableNames(
                createdBy: "CREATE TABLE checklist.a_b (x int);\nCREATE TABLE checklist.cD(y int);"
                    + " CREATE TABLE other.z ();") == ["a_b", "cD"])
        #expect(PostgreSQLSchema.tableNames(createdBy: "") == [])
    }
}
