import Foundation
import Testing

/// The PostgreSQL server the tests use, named by CHECKLIST_TEST_POSTGRES (`.ci/run` starts one
/// with `.ci/postgres.sh start` and always sets it). Without it, the server suites are skipped
/// with a message that says so.
enum TestServer {
    static let uri: String? = {
        let value = ProcessInfo.processInfo.environment["CHECKLIST_TEST_POSTGRES"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// Whether the server suites run: with a server named, or always under CI, where a missing
    /// server (or `psql`) fails them instead of skipping them.
    static let isAvailable = RequiredTool.isCI || (uri != nil && RequiredTool.psql.isInstalled)
    static let missing =
        uri == nil
        ? "\(RequiredTool.skipMarker) no PostgreSQL server: CHECKLIST_TEST_POSTGRES is not set"
            + " (apt-get install postgresql postgresql-client; then"
            + " export CHECKLIST_TEST_POSTGRES=$(bash .ci/postgres.sh start))"
        : "\(RequiredTool.psql.skipLine)"

    /// `UPDATE checklist.items SET` the stamp of `field` (a merged field's name) to the SQL
    /// `value`, as a statement outside checklist writes it (`migrations/postgresql/0012`); a
    /// `WHERE` may follow.
    static func settingStamp(_ field: String, to value: String) -> String {
        "UPDATE checklist.items SET stamps = stamps || jsonb_build_object('\(field)',"
            + " jsonb_build_object('stamp', (\(value))::text))"
    }

    /// A new, empty database on the server; returns its URI (the server's URI with the
    /// database name replaced).
    static func freshDatabase() throws -> String {
        let uri = try #require(uri)
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql(uri, "CREATE DATABASE \(name)")
        return uri.replacingOccurrences(of: "/postgres?", with: "/\(name)?")
    }

    /// Every row of the database's `checklist` schema, table by table (empty when there is no
    /// schema): what "nothing changed" compares on a server.
    static func dump(_ uri: String) throws -> String {
        let tables = try psql(
            uri,
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'checklist'"
                + " AND table_name <> 'migrations' ORDER BY 1")
        var text = ""
        for table in tables.split(separator: "\n") {
            text +=
                "\(table):\n" + (try psql(uri, "SELECT * FROM checklist.\(table) ORDER BY 1, 2"))
        }
        return text
    }

    /// Runs SQL through `psql`; returns its unaligned output.
    @discardableResult
    static func psql(_ uri: String, _ sql: String) throws -> String {
        let result = try CLI.execute(
            URL(fileURLWithPath: "/usr/bin/psql"),
            [uri, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql], stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
            in: FileManager.default.temporaryDirectory)
        guard result.status == 0 else {
            throw TestServerError(message: "psql failed: \(result.stderr)")
        }
        return result.stdout
    }

    struct TestServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
