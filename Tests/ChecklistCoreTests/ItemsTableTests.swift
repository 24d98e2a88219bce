import GRDB
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistSQLite

/// One list of columns drives every statement that copies whole item rows (issue 16): with a
/// column added to a scratch schema and to the list, the journal records it, undo's restore
/// writes it back, and a copy between lists carries it.
@Suite struct ItemsTableTests {
    /// A migrated in-memory database whose items (and journal) have one more column, `remark`.
    private func scratch() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try SQLiteSchema.migrate(queue)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE items ADD COLUMN remark TEXT NOT NULL DEFAULT ''")
            try db.execute(
                sql: "ALTER TABLE changedItems ADD COLUMN remark TEXT NOT NULL DEFAULT ''")
            try db.execute(
                sql: """
                    INSERT INTO lists (id, name, mode, createdAt, updatedAt)
                    VALUES (1, 'camping', 'multiple', 'then', 'then'), (2, 'copy', 'multiple', 'now', 'now');
                    INSERT INTO changes (id, command, description, itemCount, createdAt)
                    VALUES (1, 'test', 'test', 1, 'now');
                    """)
        }
        return queue
    }

    private let columns = SQLiteItemsTable.storedColumns + ["remark"]

    @Test func aColumnAddedToTheListIsJournaledAndRestoredByUndo() throws {
        let queue = try scratch()
        try queue.write { db in
            let table = SQLiteItemsTable(db, columns: columns)
            let ids = try #require(
                try table.append(
                    ["Tent", "Stove"], checked: false, selection: nil, to: 1, now: "t"))
            try db.execute(
                sql: "UPDATE items SET remark = 'blue one' WHERE id = ?",
                arguments: [ids.lowerBound])
            try table.record(where: "id = \(ids.lowerBound)", inChange: 1)
            try db.execute(
                sql: "UPDATE items SET remark = 'changed', title = 'x' WHERE id = ?",
                arguments: [ids.lowerBound])
            try table.restore(recordedIn: 1)
            let row = try #require(
                try Row.fetchOne(
                    db, sql: "SELECT title, remark FROM items WHERE id = ?",
                    arguments: [ids.lowerBound]))
            #expect(row["title"] as String == "Tent")
            #expect(row["remark"] as String == "blue one", "restored from the journal by the list")
        }
    }

    @Test func aCopyBetweenListsCarriesTheAddedColumn() throws {
        let queue = try scratch()
        try queue.write { db in
            let table = SQLiteItemsTable(db, columns: columns)
            _ = try table.append(["Tent"], checked: false, selection: [true], to: 1, now: "t")
            try db.execute(sql: "UPDATE items SET remark = 'blue one'")
            let copied = try table.copy(
                list: 1, setting: ["listId": "2", "createdAt": "'now'", "updatedAt": "'now'"])
            #expect(copied == 1)
            let remarks = try String.fetchAll(db, sql: "SELECT remark FROM items WHERE listId = 2")
            #expect(remarks == ["blue one"])
            #expect(
                try Bool.fetchOne(db, sql: "SELECT isSelected FROM items WHERE listId = 2") == true)
        }
    }

    @Test func withoutTheColumnInTheListUndoWouldLoseIt() throws {
        // The same steps with the stored columns only: the remark is not restored. This is what
        // forgetting a column in one hand-written statement did; now one list decides.
        let queue = try scratch()
        try queue.write { db in
            let table = SQLiteItemsTable(db)
            let ids = try #require(
                try table.append(["Tent"], checked: false, selection: nil, to: 1, now: "t"))
            try db.execute(sql: "UPDATE items SET remark = 'blue one'")
            try table.record(where: "id = \(ids.lowerBound)", inChange: 1)
            try db.execute(sql: "UPDATE items SET remark = 'changed'")
            try table.restore(recordedIn: 1)
            #expect(try String.fetchOne(db, sql: "SELECT remark FROM items") == "changed")
        }
    }

    @Test func titlesAndStatesGoInAsPairs() throws {
        let queue = try scratch()
        try queue.write { db in
            let titles = ["Tent", "1 quote \" and \\ backslash", "0 zero first", "é"]
            let states = [true, false, true, false]
            _ = try SQLiteItemsTable(db).append(
                titles, checked: false, selection: states, to: 1, now: "t")
            let rows = try Row.fetchAll(db, sql: "SELECT title, isSelected FROM items ORDER BY id")
            #expect(rows.map { $0["title"] as String } == titles)
            #expect(rows.map { $0["isSelected"] as Bool } == states)
        }
    }
}
