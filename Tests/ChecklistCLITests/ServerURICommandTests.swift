import Foundation
import Testing

/// `--db` and `CHECKLIST_DB` with a PostgreSQL URI, through the binary: what stands in the way
/// of reaching a server is reported with libpq's reason, and a URI is never taken for a file's
/// path. (What the commands do on a server: `ServerEngineTests`, `EngineDifferentialTests`.)
@Suite(.runsProcesses) final class ServerURICommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// The entries of the test's folder, to show that no file named like a URI appeared.
    private func folderEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).sorted()
    }

    @Test(arguments: [["list"], ["add", "Tent"], ["check", "1"], ["count"], ["lists"]])
    func anUnreachableServerIsExit74NamingItWithoutThePassword(_ command: [String]) throws {
        let before = try folderEntries()
        let result = try cli.run(
            ["--db", "postgresql://ana:s3cret@127.0.0.1:1/trips"] + command, stdin: Data())
        #expect(result.status == 74)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "checklist: cannot use postgresql://ana@127.0.0.1:1/trips: connection to server at \"127.0.0.1\", port 1 failed"
            ))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(!result.stderr.contains("s3cret"))
        #expect(try folderEntries() == before, "no file named like the URI")
    }

    @Test(arguments: [
        "postgresql://ana:se?cr3t@127.0.0.1:1/trips",
        "postgresql://127.0.0.1:1/trips?pass%77ord=se%3Fcr3t",
        "postgresql://ana:p@ss@se?cr3t@127.0.0.1:1/trips",
    ])
    func noFormOfPasswordIsShown(_ uri: String) throws {
        let result = try cli.run(["--db", uri, "list"], stdin: Data())
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("checklist: cannot use postgresql://"))
        for secret in ["se?cr3t", "se%3Fcr3t", "cr3t", "p@ss"] {
            #expect(!result.stderr.contains(secret), "\(result.stderr)")
        }
    }

    @Test func theEnvironmentVariableMayNameTheServer() throws {
        let result = try cli.run(
            ["add", "Tent"], stdin: Data(),
            environment: ["CHECKLIST_DB": "postgres:///trips?host=/nonexistent&password=s3cret"],
            usesDefaultDatabase: false)
        #expect(result.status == 74)
        #expect(
            result.stderr.hasPrefix(
                "checklist: cannot use postgres:///trips?host=/nonexistent: connection to server on socket"
            ))
        #expect(!result.stderr.contains("s3cret"))
    }

    @Test(arguments: [
        ["rename", "--db", "postgresql://ana:S3CRET@127.0.0.1:1/trips", "1", "-dash"],
        ["-q", "check", "--db", "postgresql://ana:S3CRET@127.0.0.1:1/trips", "1"],
        ["rename", "--db=postgresql://127.0.0.1:1/trips?password=S3CRET", "1", "-dash"],
    ])
    func usageHintsRepeatingTheCommandLineShowNoPassword(_ arguments: [String]) throws {
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 64, "\(result)")
        #expect(!result.stderr.contains("S3CRET"), "\(result.stderr)")
        #expect(result.stderr.contains("checklist "), "a hint: \(result.stderr)")
        // The item's ID, not the database, is what rename's hint repeats.
        if arguments.first == "rename" { #expect(result.stderr.contains("rename 1 -- '-dash'")) }
    }

    @Test func aPathThatOnlyLooksLikeAURIIsAFile() throws {
        let result = try cli.run("--db", "./postgres:x", "add", "Tent")
        #expect(result.status == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: cli.folder.appendingPathComponent("postgres:x").path))
        #expect(try cli.run("--db", "postgres:x", "list").stdout == "[ ] 1 Tent\n")
    }

    @Test(arguments: [
        "host=db.example password=Secret-123 dbname=trips", " user = ana password=Secret-123",
        "POSTGRESQL://ana:Secret-123@db/trips", "postgresql:/ana:Secret-123@db/trips",
        "postgres:/trips?password=Secret-123", "postgresq://ana:Secret-123@db/trips",
        "Postgres://ana:Secret-123@db/trips", " postgresql://ana:Secret-123@db/trips",
        "\tpostgres://ana:Secret-123@db/trips", "\n POSTGRESQL://ana:Secret-123@db/trips",
    ])
    func aMistypedServerIsRefusedAndNoFileIsMade(_ value: String) throws {
        for arguments in [["add", "Tent", "--db", value], ["list", "--db", value]] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 64, "\(value): \(result)")
            #expect(
                result.stderr.contains("postgresql://USER@HOST/DATABASE")
                    || result.stderr.contains("remove the white space before postgresql://"),
                "\(result)")
            #expect(!result.stderr.contains("Secret-123"), "\(result)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        }
        let made = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
        #expect(made.filter { !["home", "xdg", "checklist.db"].contains($0) }.isEmpty, "\(made)")
    }

    @Test func aPasswordWithAnUnencodedAtSlashAndQuestionMarkIsRefusedUnshown() throws {
        let result = try cli.run(
            "list", "--db", "postgresql://ben:Xy7@kq/L?m9@127.0.0.1:55432/trips")
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("postgresql://…"), "\(result)")
        #expect(result.stderr.contains("%40"), "\(result)")
        #expect(!result.stderr.contains("kq"), "\(result)")
        #expect(!result.stderr.contains("m9"), "\(result)")
    }
}
