import ChecklistPostgres
import ChecklistSQLite
import ChecklistStore
import ChecklistSync
import Foundation
import Testing

/// The boundaries the code keeps by convention, checked on the source files themselves.
@Suite struct SourceBoundaryTests {
    private static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under Sources, by its path below Sources, with its text.
    private static func swiftFiles() throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            .sorted()
            .map {
                ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8))
            }
    }

    /// System calls go through one place per target: the file engine's `FileSystem`, the server
    /// engine's `LibPQ` (which opens PostgreSQL's client library), the command line's `Platform`, and
    /// the page server's command, its socket server (`SocketServer`) and its store's thread
    /// (`StoreThread`), the web socket's handshake (Foundation's base64) and the page's JSON
    /// (`JSONEncoder`), in the page server's library only. Nothing else imports Glibc, or
    /// Foundation (which would bring the system in another way, and its start-up cost), not
    /// even indented or one declaration of it (issue 51).
    @Test func onlyTheSystemBoundaryFilesImportTheSystem() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 50)
        let importing = files.filter { file in
            // Indented too (inside `#if canImport(Glibc)`), and a single declaration's import
            // (`import struct Foundation.Data`).
            file.text.split(separator: "\n").contains { line in
                let code = line.drop { $0 == " " || $0 == "\t" }
                return [
                    "import Glibc", "import Foundation", "import struct Foundation",
                    "import func Glibc", "import var Glibc", "import class Foundation",
                    "import enum Foundation",
                ].contains { code.hasPrefix($0) }
            }
        }.map(\.path)
        #expect(
            importing == [
                "ChecklistPostgres/LibPQ.swift", "ChecklistSQLite/FileSystem.swift",
                // `import struct Foundation.Data`: a blob to bind (GRDB's type for one; GRDB
                // links Foundation already).
                "ChecklistSQLite/SQLiteItemsTable.swift",
                "ChecklistServe/PageState.swift", "ChecklistServe/WebSocketFrames.swift",
                "checklist-serve/ServeCommand+Setup.swift", "checklist-serve/ServeCommand.swift",
                "checklist-serve/SocketServer+Accept.swift",
                "checklist-serve/SocketServer+Bytes.swift",
                "checklist-serve/SocketServer+Outbox.swift",
                "checklist-serve/SocketServer+Read.swift", "checklist-serve/SocketServer.swift",
                "checklist-serve/StoreThread.swift",
                "checklist/Platform+Terminal.swift", "checklist/Platform.swift",
            ])
    }

    /// A sync and a clone are conducted in `ChecklistSync` over a copy's side and a server's
    /// (`CopySide`, `SyncServer`). The compiler keeps the walls (issue 51): that target depends
    /// on `ChecklistModel` alone, `ChecklistPostgres` does not depend on GRDB or the file engine
    /// (a backup and a copy's pull go through the copy's side), and only `ChecklistSQLite`
    /// depends on GRDB (CI builds with `--explicit-target-dependency-import-check error`, so an
    /// undeclared import fails). What it cannot see is SQL written in the sync's strings.
    @Test func theSyncSpeaksNoSQL() throws {
        // The code, without its comments (which may name the sides' types).
        let files = try Self.swiftFiles().map { file in
            (
                path: file.path,
                text: file.text.split(separator: "\n").filter {
                    !$0.drop { $0 == " " }.hasPrefix("//")
                }.joined(separator: "\n")
            )
        }
        let sync = files.filter { $0.path.hasPrefix("ChecklistSync/") }
        #expect(sync.contains { $0.path.hasSuffix("/SyncConductor.swift") })
        for file in sync {
            for word in ["sql:", "SELECT ", "DELETE FROM", "INSERT INTO", "UPDATE "] {
                #expect(!file.text.contains(word), "\(file.path) holds \(word)")
            }
        }
    }

    /// Nothing in the libraries prints: the programs decide what reaches stdout and stderr.
    @Test func theLibrariesDoNotPrint() throws {
        let printing = try Self.swiftFiles().filter {
            !$0.path.hasPrefix("checklist/") && !$0.path.hasPrefix("checklist-serve/")
                && $0.text.contains("print(")
        }.map(\.path)
        #expect(printing == [])
    }

    /// Values are bound, never written into SQL text (STYLE; issue 50): no `sql:` string
    /// literal, one line or several, holds Swift interpolation. (GRDB's `literal:` binds what
    /// it interpolates, and stays allowed.)
    @Test func noSQLTextHoldsSwiftInterpolation() throws {
        let literal = try Regex(#"sql:\s*(?:"{3}(?s:.*?)"{3}|"(?:[^"\\\n]|\\.)*")"#)
        var found: [String] = []
        for file in try Self.swiftFiles() {
            for match in file.text.matches(of: literal)
            where match.output[0].substring?.contains(#"\("#) == true {
                let line = file.text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                found.append("\(file.path):\(line)")
            }
        }
        #expect(found == [])
    }

    /// A row of SQLite is read only through throwing paths (STYLE; issue 50): `row[0]` traps
    /// on a NULL or a value of another type, and a file given to us may be foreign or damaged.
    /// In every file that imports GRDB, no row is read by a number in brackets.
    @Test func noSQLiteRowIsReadByASubscriptThatTraps() throws {
        let subscripted = try Regex(#"(?:\brow|\bcopy|\$0)\[[0-9]+\]"#)
        var found: [String] = []
        for file in try Self.swiftFiles() where file.text.contains("import GRDB") {
            for match in file.text.matches(of: subscripted) {
                let line = file.text[..<match.range.lowerBound].count { $0 == "\n" } + 1
                found.append("\(file.path):\(line)")
            }
        }
        #expect(found == [])
    }
}
