import ChecklistModel
import ChecklistStore
import ChecklistSync
import GRDB
import GRDBSQLite

/// The SQLite engine: a file's database through GRDB, with its SQL in `SQLiteReads`,
/// `SQLiteChange`, `SQLiteEditorReads` and `SQLiteUndo`. Writes are IMMEDIATE transactions
/// (GRDB's default for writes), so two processes never both read and then race to upgrade
/// their locks.
package struct SQLiteEngine: StoreEngine {
    package let writer: any DatabaseWriter

    package var defaultAuthor: String { FileSystem.loginName }

    package func reading<T>(_ body: (any ReadSteps) throws -> T) throws -> T {
        try translatingErrors { try writer.read { try body(SQLiteReads(db: $0)) } }
    }

    package func recordingChange<Change: ChangeDescribing>(
        _ command: String, author: String, at time: String?,
        _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change {
        try translatingErrors {
            try writer.write { db in
                let change = try SQLiteChange(db, author: author, at: time)
                let result = try body(change)
                try change.finish(command, result)
                return result
            }
        }
    }

    package func editorRead<T>(_ body: (any EditorReads) throws -> T) throws -> T {
        try translatingErrors { try writer.read { try body(SQLiteEditorReads(db: $0)) } }
    }

    package func undo(by author: String?, onlyIn list: Int64?) throws -> Change {
        try translatingErrors {
            try writer.write { db in
                guard try db.tableExists("changes") else { throw ChecklistError.nothingToUndo }
                // On an offline copy, the file's user is the copy's author (see SQLiteChange).
                var author = author
                if author == FileSystem.loginName,
                    let copyAuthor = try String.fetchOne(db, sql: "SELECT author FROM syncState")
                {
                    author = copyAuthor
                }
                let change = try SQLiteUndo(db: db).undo(by: author, onlyIn: list)
                // On an offline copy, an undo of a change the server holds is sent by sync.
                try SQLiteCopySide(db: db).noteUndo(of: change, author: author)
                return change
            }
        }
    }

    /// The machine's clock, as SQLite writes a change's time.
    package func clock() throws -> String {
        try translatingErrors {
            try writer.read {
                try String.fetchOne($0, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')") ?? ""
            }
        }
    }

    /// SQLite's `data_version`: it changes when another connection commits a change.
    package func dataVersion() throws -> Int64 {
        try translatingErrors {
            try writer.read { try Int64.fetchOne($0, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    package func copy(
        to path: String, newFile: (String, (any CopySide) throws -> Void) throws -> Void
    ) throws {
        // VACUUM INTO cannot run inside a transaction; it reads one snapshot by itself.
        try writer.writeWithoutTransaction { db in
            try db.execute(literal: "VACUUM INTO \(SQLiteOpener.plainPath(path))")
        }
    }

    package var filePath: String? { writer.path }

    package func mayRecordOtherAuthors() -> Bool { true }

    package func replacePageLink(person: String, secretSHA256: String) throws {
        try translatingErrors {
            try writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO page_links (person, secretSHA256, createdAt)
                        VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                        ON CONFLICT (person) DO UPDATE
                        SET secretSHA256 = excluded.secretSHA256, createdAt = excluded.createdAt
                        """, arguments: [person, secretSHA256])
            }
        }
    }

    package func closeFile() throws -> Bool {
        try writer.close()
        return true
    }

    package func closeFile(thenExit exit: () -> Never) -> Never {
        writer.writeWithoutTransaction { db in
            let connection = db.sqliteConnection
            while let statement = sqlite3_next_stmt(connection, nil) {
                sqlite3_finalize(statement)
            }
            sqlite3_close(connection)
            exit()
        }
        exit()  // not reached: the access above ends the process
    }

    func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw ChecklistError(error, path: writer.path)
        } catch is RowDecodingError {
            // A value of another type, or a NULL, where the schema says otherwise: the file was
            // changed by something else than checklist.
            throw ChecklistError.corruptDatabase(path: writer.path)
        }
    }
}
