import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres

/// What the schema's code knows from the migrations' bytes: the tables they create, and those
/// they turn row-level security on for (which the trust check requires on).
@Suite struct PostgreSQLSchemaTextTests {
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

    @Test func theTablesAreThoseEachCreateTableNames() {
        #expect(
            PostgreSQLSchema.tableNames(
                createdBy: "CREATE TABLE checklist.a_b (x int);\nCREATE TABLE checklist.cD(y int);"
                    + " CREATE TABLE other.z ();") == ["a_b", "cD"])
        #expect(PostgreSQLSchema.tableNames(createdBy: "") == [])
    }

    @Test func theTablesWithRowLevelSecurityAreTheJournalsChanges() {
        #expect(
            PostgreSQLSchema.tablesWithRowSecurity.map(\.table) == [
                "changes", "changed_items", "changed_selections", "added_items", "changed_lists",
            ])
        #expect(
            PostgreSQLSchema.tablesWithRowSecurity.map(\.migration) == [
                "0002_change_author_policies", "0010_journal_rows_by_author",
                "0010_journal_rows_by_author", "0010_journal_rows_by_author",
                "0010_journal_rows_by_author",
            ])
        // A table an applied migration turned it on for, and only such a table, is refused.
        #expect(
            PostgreSQLTrust.rowSecurityProblems(
                off: "changes added_items", applied: ["0002_change_author_policies"])
                == ["row-level security is off on checklist.changes"])
        #expect(PostgreSQLTrust.rowSecurityProblems(off: nil, applied: ["x"]).isEmpty)
    }
}
