import Foundation
import Testing

@Suite(.runsProcesses) struct ReadmeTests {
    static let commands = [
        "add", "list", "ls", "check", "uncheck", "toggle", "delete", "rm",
        "rename", "move", "count", "lists", "undo", "history", "export", "import", "backup",
        "edit",
    ]
    static let listsSubcommands = [
        "lists add", "lists rename", "lists delete", "lists mode", "lists copy",
    ]

    @Test(arguments: commands + listsSubcommands)
    func everySubcommandIsInTheReadme(_ command: String) throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("checklist \(command)"))
    }

    @Test func theCommandsCheckedHereAreTheBinarysCommands() throws {
        // ArgumentParser's machine-readable dump, not its help wording.
        let dump = try CLI().run("--experimental-dump-help").stdout
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let names = subcommands.flatMap { subcommand in
            [subcommand["commandName"] as? String ?? ""]
                + (subcommand["aliases"] as? [String] ?? [])
        }.filter { $0 != "help" }
        #expect(Set(names) == Set(Self.commands))
    }

    @Test(arguments: commands.filter { $0 != "ls" && $0 != "rm" } + listsSubcommands)
    func everySubcommandsHelpShowsAnExampleOfItself(_ command: String) throws {
        let help = try CLI().run(
            command.split(separator: " ").map(String.init) + ["--help"], stdin: Data())
        let example = help.stdout.split(separator: "\n").first { $0.hasPrefix("Example") }
        #expect(example?.contains("checklist \(command)") == true, "\(command): \(help.stdout)")
    }
}
