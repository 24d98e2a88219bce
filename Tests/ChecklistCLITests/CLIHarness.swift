import Foundation
import Testing

/// Runs the built `checklist` binary in a temporary folder of its own: the database, HOME and
/// XDG_DATA_HOME all live there, no CHECKLIST_* variable is inherited, and stdin is explicit.
final class CLI {
    let folder: URL
    var databasePath: String { folder.appendingPathComponent("checklist.db").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("checklist-cli-\(UUID().uuidString)")
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
        ]
        if usesDefaultDatabase { variables["CHECKLIST_DB"] = databasePath }
        for (name, value) in environment { variables[name] = value }
        return try CLI.execute(
            CLI.binary, arguments, stdin: stdin, environment: variables, in: folder)
    }

    /// Runs a shell pipeline; `checklist` in it names the built binary.
    func pipeline(_ script: String) throws -> Result {
        let variables = [
            "HOME": folder.appendingPathComponent("home").path,
            "CHECKLIST_DB": databasePath, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "CHECKLIST": CLI.binary.path,
        ]
        let shellScript = "checklist() { \"$CHECKLIST\" \"$@\"; }\n" + script
        return try CLI.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", shellScript], stdin: Data(),
            environment: variables, in: folder)
    }

    /// The file's bytes, for "nothing changed" checks.
    func databaseBytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: databasePath))
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

    /// Output goes to files, not pipes, so a large output can never block the child while we
    /// wait for it.
    private static func execute(
        _ executable: URL, _ arguments: [String], stdin: Data, environment: [String: String],
        in folder: URL
    ) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HarnessError(
                "the checklist binary is missing at \(executable.path); run swift build")
        }
        let id = UUID().uuidString
        let inputURL = folder.appendingPathComponent("stdin-\(id)")
        let outputURL = folder.appendingPathComponent("stdout-\(id)")
        let errorURL = folder.appendingPathComponent("stderr-\(id)")
        try stdin.write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        defer {
            for url in [inputURL, outputURL, errorURL] {
                try? FileManager.default.removeItem(at: url)
            }
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = folder
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try input.close()
        try output.close()
        try error.close()
        let stdoutData = try Data(contentsOf: outputURL)
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self),
            stdoutBytes: stdoutData)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
