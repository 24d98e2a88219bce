import Foundation
import Testing

/// Runs the built `checklist` binary in a temporary folder of its own: the database, HOME and
/// XDG_DATA_HOME all live there, no CHECKLIST_* variable is inherited, and stdin is explicit.
final class CLI {
    let folder: URL
    /// The database the commands use (`CHECKLIST_DB`): this folder's file, or, when the suite
    /// runs against the server engine (`CHECKLIST_TEST_ENGINE=postgres`), a new database on
    /// the test server.
    let databasePath: String

    /// Whether the contract tests run against a PostgreSQL server instead of a file: the same
    /// test bodies, the other engine. `.ci/run` runs the contract suites both ways.
    static let usesServer =
        ProcessInfo.processInfo.environment["CHECKLIST_TEST_ENGINE"] == "postgres"

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("checklist-cli-\(UUID().uuidString)")
        databasePath =
            Self.usesServer
            ? try TestServer.freshDatabase() : folder.appendingPathComponent("checklist.db").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: Data

        var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
        var stdoutLines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
                String.init)
        }
    }

    /// Runs `checklist ARGUMENTS` with `CHECKLIST_DB` set to this folder's database (unless
    /// `environment` says otherwise).
    @discardableResult
    func run(
        _ arguments: String..., stdin: String = "", environment: [String: String] = [:]
    ) throws -> Result {
        try run(arguments, stdin: Data(stdin.utf8), environment: environment)
    }

    @discardableResult
    func run(
        _ arguments: [String], stdin: Data, environment: [String: String] = [:],
        usesDefaultDatabase: Bool = true
    ) throws -> Result {
        var variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("xdg").path,
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            // The author changes record, whoever runs the tests.
            "LOGNAME": "me",
        ]
        if usesDefaultDatabase { variables["CHECKLIST_DB"] = databasePath }
        for (name, value) in environment { variables[name] = value }
        return try CLI.execute(
            CLI.binary, arguments, stdin: stdin, environment: variables, in: folder)
    }

    /// Runs a shell pipeline; `checklist` in it names the built binary. `files` are written
    /// into the folder first.
    func pipeline(_ script: String, files: [String: String] = [:]) throws -> Result {
        for (name, contents) in files {
            try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        }
        let variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "CHECKLIST_DB": databasePath, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "CHECKLIST": CLI.binary.path, "LOGNAME": "me",
        ]
        let shellScript = "checklist() { \"$CHECKLIST\" \"$@\"; }\n" + script
        return try CLI.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", shellScript], stdin: Data(),
            environment: variables, in: folder)
    }

    /// Runs a command line as a user types it at a shell prompt: `checklist` is found on PATH,
    /// the database is the default one under HOME (no CHECKLIST_DB), and stderr goes into the
    /// same stream as stdout, in the order they were written.
    func asUser(_ commandLine: String) throws -> Result {
        let bin = folder.appendingPathComponent("bin")
        let home = folder.appendingPathComponent("home")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent("checklist"), withDestinationURL: CLI.binary)
        }
        let variables = [
            "HOME": home.path, "PATH": bin.path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
            // The README's examples are ana's.
            "LOGNAME": "ana",
        ]
        return try CLI.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec 2>&1\n" + commandLine], stdin: Data(),
            environment: variables, in: folder)
    }

    /// A folder holding only `checklist`, a link to the built binary: put first on PATH, it
    /// lets a shell find the program by its name, as a completion script expects.
    func binFolder() throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        if !FileManager.default.fileExists(atPath: bin.path) {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: bin.appendingPathComponent("checklist"), withDestinationURL: CLI.binary)
        }
        return bin
    }

    /// The file's bytes, for "nothing changed" checks.
    func databaseBytes() throws -> Data {
        // On a server: every row of the schema, its counters and revision included.
        if Self.usesServer { return Data(try TestServer.dump(databasePath).utf8) }
        return try Data(contentsOf: URL(fileURLWithPath: databasePath))
    }

    /// The built binary, next to the test bundle in the build products folder. Fails (never
    /// skips) when it is missing.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CHECKLIST_BIN"] {
            return URL(fileURLWithPath: path)
        }
        let products = Bundle.main.bundleURL
        let candidates = [
            products.appendingPathComponent("checklist"),
            products.deletingLastPathComponent().appendingPathComponent("checklist"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("checklist"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? candidates[0]
    }()

    /// Starts `checklist ARGUMENTS` without waiting for it.
    func start(
        _ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]
    ) throws -> Running {
        var variables = [
            "HOME": folder.appendingPathComponent("home").path, "CHECKLIST_DB": databasePath,
            "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LOGNAME": "me",
        ]
        for (name, value) in environment { variables[name] = value }
        return try Running(
            CLI.binary, arguments, stdin: stdin, environment: variables, in: folder)
    }

    /// Starts a shell script without waiting for it; `"$CHECKLIST"` names the binary.
    func startScript(_ script: String) throws -> Running {
        let variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "CHECKLIST_DB": databasePath, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "CHECKLIST": CLI.binary.path, "LOGNAME": "me",
        ]
        return try Running(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script], stdin: Data(),
            environment: variables, in: folder)
    }

    static func execute(
        _ executable: URL, _ arguments: [String], stdin: Data, environment: [String: String],
        in folder: URL
    ) throws -> Result {
        try Running(executable, arguments, stdin: stdin, environment: environment, in: folder)
            .finish()
    }

    /// A started process. Output goes to files, not pipes, so a large output can never block
    /// the child while the test waits for it.
    final class Running {
        let child: ChildProcess
        private let files: [URL]
        private var isFinished = false

        init(
            _ executable: URL, _ arguments: [String], stdin: Data,
            environment: [String: String], in folder: URL
        ) throws {
            guard FileManager.default.isExecutableFile(atPath: executable.path) else {
                throw HarnessError(
                    "the checklist binary is missing at \(executable.path); run swift build")
            }
            let id = UUID().uuidString
            files = ["stdin", "stdout", "stderr"].map {
                folder.appendingPathComponent("\($0)-\(id)")
            }
            try stdin.write(to: files[0])
            child = try ChildProcess(
                executable.path, arguments, environment: environment, in: folder.path,
                stdin: files[0].path, stdout: files[1].path, stderr: files[2].path)
            ChildProcesses.current?.add(child.pid)
        }

        /// What the process wrote on stdout so far.
        func stdoutSoFar() -> String {
            String(decoding: (try? Data(contentsOf: files[1])) ?? Data(), as: UTF8.self)
        }

        /// Sends SIGKILL.
        func kill() {
            Foundation.kill(child.pid, SIGKILL)
        }

        /// A test that threw before `finish` leaves no process running, nor a zombie.
        deinit {
            guard !isFinished else { return }
            ChildProcesses.current?.remove(child.pid)
            Foundation.kill(child.pid, SIGKILL)
            _ = try? child.wait()
        }

        /// Waits for the process and returns what it did.
        func finish() throws -> Result {
            isFinished = true
            // Out of the hang guard's set once it ended, before its pid may be another's.
            let status = try child.wait { ChildProcesses.current?.remove(child.pid) }
            defer { for url in files { try? FileManager.default.removeItem(at: url) } }
            let stdoutData = try Data(contentsOf: files[1])
            return Result(
                status: status,
                stdout: String(decoding: stdoutData, as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self),
                stdoutBytes: stdoutData)
        }
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
