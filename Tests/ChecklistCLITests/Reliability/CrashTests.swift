import Foundation
import Testing

/// Promise 2: a command killed with SIGKILL at any moment leaves the database consistent, with
/// its change all there or not at all. 4 commands × 8 random moments = 32 trials.
@Suite(.runsProcesses) final class CrashTests {
    static let items = 200_000
    static let trials = 8

    enum Command: String, CaseIterable, CustomStringConvertible {
        case checkRange, deleteChecked, uncheckAll, addFromStdin

        var description: String { rawValue }
    }

    @Test(.fileOnly, arguments: Command.allCases)
    func aKilledCommandIsAllOrNothing(_ command: Command) throws {
        let cli = try CLI()
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        try StoredState.makeDatabase(cli, items: Self.items)
        try prepare(command, cli)
        let base = cli.folder.appendingPathComponent("base.db").path
        try FileManager.default.copyItem(atPath: cli.databasePath, toPath: base)
        let (arguments, stdin) = invocation(command)

        // How long the whole command takes, so the kills land throughout it.
        let started = Date()
        let full = try cli.start(arguments, stdin: stdin).finish()
        let duration = Date().timeIntervalSince(started)
        try #require(full.status == 0, "\(full)")

        var outcomes: [String: Int] = [:]
        for trial in 0..<Self.trials {
            try restore(base, to: cli.databasePath)
            let delay = Double.random(in: 0...duration, using: &random)
            let process = try cli.start(arguments, stdin: stdin)
            Thread.sleep(forTimeInterval: delay)
            process.kill()
            _ = try process.finish()
            let context = "\(command) trial \(trial), kill after \(delay) s, seed \(seed)"
            #expect(try StoredState.integrity(at: cli.databasePath) == "ok", "\(context)")
            let state = try outcome(command, cli)
            #expect(state != nil, "a partial change: \(context)")
            outcomes[state ?? "partial", default: 0] += 1
        }
        // Which trials caught the command before or after its commit is up to timing; both
        // outcomes are correct, a partial one never is.
        #expect(outcomes["partial"] == nil, "\(outcomes)")
        print("CrashTests \(command): \(outcomes.sorted { $0.key < $1.key }), seed \(seed)")
    }

    private func prepare(_ command: Command, _ cli: CLI) throws {
        switch command {
        case .checkRange, .addFromStdin: break
        case .deleteChecked:
            try StoredState.execute("UPDATE items SET isSelected = id % 2", at: cli.databasePath)
        case .uncheckAll:
            try StoredState.execute("UPDATE items SET isSelected = 1", at: cli.databasePath)
        }
    }

    private func invocation(_ command: Command) -> ([String], Data) {
        switch command {
        case .checkRange: (["check", "-q", "1-\(Self.items)"], Data())
        case .deleteChecked: (["delete", "-q", "--checked", "-l", "big"], Data())
        case .uncheckAll: (["uncheck", "-q", "--all", "-l", "big"], Data())
        case .addFromStdin:
            (
                ["add", "-q", "-l", "big", "-"],
                Data((1...50_000).map { "new \($0)" }.joined(separator: "\n").utf8)
            )
        }
    }

    /// "before" or "after" when the state is one of the two, nil for anything in between.
    private func outcome(_ command: Command, _ cli: CLI) throws -> String? {
        let items = try StoredState.items(at: cli.databasePath)
        let checked = items.filter(\.isSelected).count
        switch (command, items.count, checked) {
        case (.checkRange, Self.items, 0): return "before"
        case (.checkRange, Self.items, Self.items): return "after"
        case (.deleteChecked, Self.items, Self.items / 2): return "before"
        case (.deleteChecked, Self.items / 2, 0): return "after"
        case (.uncheckAll, Self.items, Self.items): return "before"
        case (.uncheckAll, Self.items, 0): return "after"
        case (.addFromStdin, Self.items, 0): return "before"
        case (.addFromStdin, Self.items + 50_000, 0): return "after"
        default: return nil
        }
    }

    private func restore(_ base: String, to path: String) throws {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        try FileManager.default.copyItem(atPath: base, toPath: path)
    }
}
