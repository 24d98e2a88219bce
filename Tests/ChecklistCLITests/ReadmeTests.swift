import Foundation
import Testing

@Suite(.runsProcesses) struct ReadmeTests {
    static let commands = [
        "add", "list", "ls", "check", "uncheck", "toggle", "delete", "rm",
        "rename", "set", "move", "count", "lists", "undo", "history", "export", "import", "backup",
        "clone", "sync", "copies", "edit", "pick", "serve",
    ]
    static let listsSubcommands = [
        "lists add", "lists rename", "lists delete", "lists mode", "lists copy",
    ]

    @Test(arguments: commands + listsSubcommands)
    func everySubcommandIsInTheReadmeOrTheManual(_ command: String) throws {
        #expect(try Documentation.allText().contains("checklist \(command)"))
    }

    /// The manual's `sqlite3` recipe, as written there, while `checklist toggle` writes in a
    /// loop: every read succeeds (without `.timeout`, 59 of 200 said "database is locked").
    @Test(.fileOnly, .needs(.sqlite3)) func theManualsSQLiteRecipeReadsWhileChecklistWrites() throws
    {
        let readme = try Documentation.allText()
        let recipe = try #require(
            readme.split(separator: "\n").first { $0.hasPrefix("$ sqlite3 ") }.map {
                String($0.dropFirst(2))
            })
        #expect(recipe.contains(".timeout"))
        // The database the reader exported, as every command takes it (issue 48).
        #expect(recipe.contains("${CHECKLIST_DB:-"))
        let cli = try CLI()
        try cli.run("add", "-l", "trip", "Tent", "Stove", "-q")
        try cli.run("check", "1", "-q")
        let writer = try cli.startScript(
            "while [ ! -e stop ]; do \"$CHECKLIST\" toggle 2 -q || exit 1; done")
        let reads = try cli.pipeline(
            """
            failed=0
            for i in $(seq 1 200); do
                \(recipe) > /dev/null 2>> errors || failed=$((failed + 1))
            done
            touch stop
            echo $failed
            """)
        let wrote = try writer.finish()
        #expect(reads.stdout == "0\n", "\(reads)")
        #expect(wrote.status == 0, "\(wrote)")
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
