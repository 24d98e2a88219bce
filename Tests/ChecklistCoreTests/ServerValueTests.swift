import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres

/// A server's values are read as their columns' types, and a value a column cannot hold for
/// this program is an error (exit 65), never a default (issue 30, 2).
@Suite struct ServerValueTests {
    @Test func wholeNumbersTruthValuesAndModesAreReadOrRefused() throws {
        #expect(try PostgreSQLValues.int64("12".utf8) == 12)
        #expect(try PostgreSQLValues.int64("-3".utf8) == -3)
        #expect(try PostgreSQLValues.int64("9223372036854775807".utf8) == .max)
        for bad in ["", "-", "1x", " 1", "1.5", "9223372036854775808", "12345678901234567890"] {
            #expect(throws: ChecklistError.self, "\(bad)") { try PostgreSQLValues.int64(bad.utf8) }
        }
        #expect(try PostgreSQLValues.bool("t".utf8) && !PostgreSQLValues.bool("f".utf8))
        #expect(throws: ChecklistError.self) { try PostgreSQLValues.bool("true".utf8) }
        #expect(try PostgreSQLValues.mode("single") == .single)
        #expect(
            throws: ChecklistError.malformedServerValue(
                value: "several", expected: "a list's mode (multiple or single)")
        ) { try PostgreSQLValues.mode("several") }
        let row: [String?] = ["7", nil]
        #expect(try row.int64(0) == 7)
        #expect(throws: ChecklistError.malformedServerValue(value: "NULL", expected: "a value")) {
            try row.int64(1)
        }
        #expect(throws: ChecklistError.self) { try row.text(2) }
        #expect(throws: ChecklistError.self) { try [[String?]]().onlyRow() }
    }

    /// A list whose mode was set to a word the program does not know (its CHECK dropped by
    /// hand): reading the lists says so, where a default read it as "multiple".
    @Test(.enabled(if: TestServer.runs, "\(TestServer.missing)"))
    func aListsUnknownModeIsAnErrorOnTheServer() throws {
        let store = try TestServer.freshStore()
        try store.add([try Title("Tent")], to: "camping")
        guard case .server(let server) = store.kind else {
            Issue.record("not a server store")
            return
        }
        _ = try server.connection.query(
            "ALTER TABLE checklist.lists DROP CONSTRAINT lists_mode_check")
        _ = try server.connection.query("UPDATE checklist.lists SET mode = 'several'")
        #expect(
            throws: ChecklistError.malformedServerValue(
                value: "several", expected: "a list's mode (multiple or single)")
        ) { try store.lists() }
        #expect(throws: ChecklistError.self) {
            try store.editorPage(list: "camping", around: .first, before: 0, after: 10)
        }
        #expect(
            ChecklistError.malformedServerValue(value: "x", expected: "y").answer.exitStatus
                == .dataError)
    }
}
