import Foundation
import Testing

@Suite(.runsProcesses) final class ExitStatusTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try cli.run("add", "Tent", "Stove", "Map")
    }

    // MARK: - 3: an ID or list named does not exist

    @Test(arguments: ["check", "uncheck", "toggle", "delete"])
    func aMissingIDInABulkCommandChangesNothing(_ command: String) throws {
        try cli.run("check", "1")
        let before = try cli.databaseBytes()
        let result = try cli.run(command, "1-2,7,9")
        #expect(result.status == 3)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "checklist: no item with IDs 7, 9; nothing changed"
                + " (pass --ignore-missing to skip missing IDs)\n")
        #expect(try cli.databaseBytes() == before)
    }

    @Test func aMissingIDOnStdinChangesNothing() throws {
        let result = try cli.run("delete", "-", stdin: "1\n2\n44\n")
        #expect(result.status == 3)
        #expect(result.stderr.contains("44"))
        #expect(try cli.run("count").stdout == "0 3\n")
    }

    @Test func renamingAMissingItemIsNotFoundWithoutAnOptionItLacks() throws {
        let result = try cli.run("rename", "9", "x")
        #expect(result.status == 3)
        #expect(
            result.stderr == "checklist: no item with ID 9; nothing changed"
                + " (see `checklist list --all` for IDs)\n")
    }

    @Test func movingAMissingItemIsNotFoundWithoutAnOptionItLacks() throws {
        try cli.run("add", "Tent")
        for arguments in [["move", "9", "--to", "1"], ["move", "1", "--before", "9"]] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 3)
            #expect(
                result.stderr == "checklist: no item with ID 9; nothing changed"
                    + " (see `checklist list --all` for IDs)\n")
        }
    }

    @Test func ignoreMissingAppliesToTheIDsThatExist() throws {
        let result = try cli.run("check", "--ignore-missing", "2,3,40-41")
        #expect(result.status == 0)
        #expect(result.stderr == "checked 2 items (skipped missing IDs 40, 41)\n")
        #expect(try cli.run("count", "--checked").stdout == "2\n")
    }

    @Test(arguments: [
        ["list", "-l", "nope"], ["count", "-l", "nope"], ["check", "--all", "-l", "nope"],
        ["uncheck", "--all", "-l", "nope"], ["toggle", "--all", "-l", "nope"],
        ["delete", "--checked", "-l", "nope"], ["check", "1", "-l", "nope"],
        ["delete", "1", "--list", "nope"], ["rename", "1", "x", "-l", "nope"],
    ])
    func aMissingListIsNotFound(_ arguments: [String]) throws {
        let before = try cli.databaseBytes()
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 3)
        #expect(
            result.stderr == "checklist: no list named 'nope'; see `checklist lists`,"
                + " or add an item to create it\n")
        #expect(try cli.databaseBytes() == before)
    }

    @Test func aMissingListFromTheEnvironmentIsNotFound() throws {
        let result = try cli.run("check", "1", environment: ["CHECKLIST_LIST": "nope"])
        #expect(result.status == 3)
    }

    // MARK: - 64: usage errors

    @Test(arguments: ["abc", "0", "-1", "7-3", "1-", "99999999999999999999", "1,,2", "1.5", ""])
    func aMalformedIDIsAUsageErrorAndChangesNothing(_ expression: String) throws {
        let before = try cli.databaseBytes()
        for command in ["check", "uncheck", "toggle", "delete"] {
            let result = try cli.run(command, expression)
            #expect(result.status == 64, "\(command) \(expression)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("checklist: "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        }
        #expect(try cli.databaseBytes() == before)
    }

    @Test func aMalformedIDOnStdinIsAUsageError() throws {
        let result = try cli.run("check", "-", stdin: "1 2 three\n")
        #expect(result.status == 64)
        #expect(
            result.stderr == "checklist: invalid ID 'three': an ID is a positive whole number"
                + " (up to 9223372036854775807), a range like 3-7, or a list like 1,4,9-11\n")
        #expect(try cli.run("count", "--checked").stdout == "0\n")
    }

    @Test func aMalformedIDAmongGoodOnesChangesNothing() throws {
        let result = try cli.run("delete", "1", "2", "x")
        #expect(result.status == 64)
        #expect(try cli.run("count").stdout == "0 3\n")
    }

    @Test(arguments: ["check", "uncheck", "toggle", "delete", "rm"])
    func noIDsIsAUsageErrorNeverAll(_ command: String) throws {
        let result = try cli.run(command)
        #expect(result.status == 64)
        #expect(try cli.run("count").stdout == "0 3\n")
    }

    @Test func emptyStdinGivesNoIDsAndChangesNothing() throws {
        let result = try cli.run("delete", "-", stdin: "")
        #expect(result.status == 0)
        #expect(result.stderr == "deleted 0 items\n")
        #expect(try cli.run("count").stdout == "0 3\n")
    }

    @Test func idsTogetherWithAllIsAUsageError() throws {
        #expect(try cli.run("check", "--all", "1").status == 64)
        #expect(try cli.run("delete", "--checked", "1").status == 64)
    }

    @Test(arguments: ["", "   ", "a\nb", "line\r"])
    func aBadTitleIsAUsageError(_ title: String) throws {
        let result = try cli.run("add", "Lamp", title)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(try cli.run("count").stdout == "0 3\n")
        #expect(try cli.run("rename", "1", title).status == 64)
    }

    @Test func aBadLineOnStdinNamesItsLine() throws {
        let result = try cli.run(["add", "-"], stdin: Data([0x41, 0x0A, 0xC3, 0x28, 0x0A]))
        #expect(result.status == 64)
        #expect(result.stderr == "checklist: line 2 of the input is not valid UTF-8 text\n")
    }

    @Test func addWithoutTitlesIsAUsageError() throws {
        #expect(try cli.run("add").status == 64)
    }

    @Test(arguments: [
        ["frobnicate"], ["list", "--frob"], ["check", "--everything"], ["list", "--format", "xml"],
        ["rename", "1"], ["rename", "1-2", "x"], ["count", "--checked", "--unchecked"],
        ["list", "--list", ""],
    ])
    func unknownCommandsAndFlagsAreUsageErrors(_ arguments: [String]) throws {
        let result = try cli.run(arguments, stdin: Data())
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("checklist: "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
    }

    /// issue 29, 16: --db takes a file or a postgresql:// URI, and its help says so.
    @Test func theDatabaseOptionsHelpNamesTheServerURI() throws {
        for line in [["check", "--help"], ["lists", "add", "--help"], ["--help"]] {
            let help = try cli.run(line, stdin: Data()).stdout
            #expect(help.contains("postgresql://"), "\(line)")
            #expect(!help.contains("The database file"), "\(line)")
        }
    }

    @Test func helpAndVersionSucceed() throws {
        let help = try cli.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("check"))
        let subcommandHelp = try cli.run("check", "--help")
        #expect(subcommandHelp.status == 0)
        #expect(subcommandHelp.stdout.contains("1,4,9-11"))
        #expect(try cli.run("--version").stdout == "1.0.0\n")
    }

    @Test func completionScriptsAreGenerated() throws {
        let result = try cli.run("--generate-completion-script", "bash")
        #expect(result.status == 0)
        #expect(result.stdout.contains("uncheck"))
    }
}
