import Foundation
import Testing

/// A program some tests run that a developer's machine may lack, and the Debian package that
/// installs it. A suite or test that needs one is skipped without it, with one line naming the
/// package, on a developer's machine; under CI (`CI=true`, as `.ci/run` runs) it always runs, so
/// a missing tool fails it instead of hiding it (and `.ci/run` also fails on the skip line).
struct RequiredTool: Sendable {
    /// The command looked up on `PATH`.
    let command: String
    /// The Debian package that installs it.
    let package: String
    /// What the tests do with it, for the skip line.
    let purpose: String

    static let zsh = RequiredTool(command: "zsh", package: "zsh", purpose: "zsh completion tests")
    static let fish = RequiredTool(
        command: "fish", package: "fish", purpose: "fish completion tests")
    static let tmux = RequiredTool(
        command: "tmux", package: "tmux", purpose: "edit mode's terminal tests")
    static let script = RequiredTool(
        command: "script", package: "bsdutils", purpose: "tests on a pseudo-terminal")
    static let sqlite3 = RequiredTool(
        command: "sqlite3", package: "sqlite3", purpose: "tests that query the file directly")
    static let curl = RequiredTool(command: "curl", package: "curl", purpose: "serve's HTTP tests")
    static let iptables = RequiredTool(
        command: "iptables", package: "iptables",
        purpose: "the silent-network test (drops a port's packets on loopback)")
    static let python3 = RequiredTool(
        command: "python3", package: "python3", purpose: "helper scripts of the tests")
    static let psql = RequiredTool(
        command: "psql", package: "postgresql-client", purpose: "PostgreSQL server tests")

    /// Whether `command` is an executable file in a folder of `PATH`.
    var isInstalled: Bool {
        // The system folders too: a user's PATH may leave out /usr/sbin (iptables).
        let path =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").contains { folder in
            FileManager.default.isExecutableFile(atPath: "\(folder)/\(command)")
        }
    }

    /// The one line a skipped test shows. `.ci/run` fails when it finds this text in the log.
    var skipLine: Comment {
        "\(RequiredTool.skipMarker) \(command) is not installed (apt-get install \(package)): \(purpose)"
    }

    static let skipMarker = "missing tool:"

    /// Whether this run is CI's, where every tool must be there.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
}

extension Trait where Self == ConditionTrait {
    /// Runs only where every tool is installed, or under CI (where a missing one then fails).
    static func needs(_ tools: RequiredTool...) -> ConditionTrait {
        let missing = tools.first { !$0.isInstalled }
        return .enabled(if: RequiredTool.isCI || missing == nil, missing?.skipLine ?? "")
    }
}

@Suite struct RequiredToolTests {
    @Test func aToolOnThePathIsInstalledAndOneNowhereIsNot() {
        #expect(RequiredTool(command: "sh", package: "dash", purpose: "").isInstalled)
        let absent = RequiredTool(command: "no-such-tool-\(getpid())", package: "x", purpose: "y")
        #expect(!absent.isInstalled)
        #expect(
            "\(absent.skipLine)"
                == "missing tool: no-such-tool-\(getpid()) is not installed (apt-get install x): y")
    }
}
