import Foundation
import Testing

/// Contract v5, "Offline copies (clarified)" (issue 47, part 2): lists keep their identity
/// across copies, as the editor and the page follow a list. An item added offline to a list
/// another copy renamed lands in the renamed list, which keeps its mode; a list deleted
/// elsewhere while a copy added to it comes back with its name and mode, and `sync` says so.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class OfflineCopyListTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
        #expect(try on(uri, "add", "-q", "-l", "camping", "Tent", "Stove", "Map").status == 0)
        #expect(try on(uri, "lists", "mode", "-q", "camping", "single").status == 0)
        for copy in ["ana", "bob"] {
            let cloned = try on(uri, "clone", "--as", copy, uri, path("\(copy).db"))
            #expect(cloned.status == 0, "\(cloned)")
        }
    }

    @Test func anItemAddedOfflineToAListRenamedElsewhereLandsInIt() throws {
        #expect(try on("bob.db", "lists", "rename", "-q", "camping", "trip").status == 0)
        try sync("bob.db")
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "Lantern").status == 0)
        #expect(try on("ana.db", "check", "-q", "2").status == 0)
        let anas = try sync("ana.db")
        #expect(anas.stdout == "", "\(anas)")
        #expect(try on(uri, "lists", "--format", "json").stdout.contains("\"trip\""))
        #expect(!(try on(uri, "lists", "--format", "json").stdout.contains("\"camping\"")))
        #expect(
            try on(uri, "list", "-l", "trip").stdout
                .hasSuffix("[ ] 3 Map\n[ ] 4 Lantern\n"))
        #expect(try mode(uri, "trip") == "single")
        try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func aListDeletedElsewhereComesBackWithWhatTheCopyAddedAndItsMode() throws {
        #expect(try on("bob.db", "lists", "delete", "-q", "--force", "camping").status == 0)
        try sync("bob.db")
        #expect(try on("ana.db", "add", "-q", "-l", "camping", "Lantern", "Rope").status == 0)
        let anas = try sync("ana.db")
        #expect(
            anas.stdout.hasPrefix(
                "list 'camping': a delete elsewhere lost to your add of 2 items to it, which"
                    + " brought it back ("), "\(anas)")
        #expect(try on(uri, "list", "-l", "camping").stdout == "[ ] 4 Lantern\n[ ] 5 Rope\n")
        #expect(try mode(uri, "camping") == "single")
        try sync("bob.db")
        try expectInStep("ana.db", "bob.db")
    }

    @Test func listsMadeOfflineOnTwoCopiesUnderOneNameStillMakeOne() throws {
        #expect(try on("ana.db", "add", "-q", "-l", "beach", "Towel").status == 0)
        #expect(try on("bob.db", "add", "-q", "-l", "beach", "Sunscreen").status == 0)
        try sync("ana.db")
        try sync("bob.db")
        try sync("ana.db")
        #expect(try on(uri, "list", "-l", "beach").stdout.contains(" Towel\n"))
        #expect(try on(uri, "list", "-l", "beach").stdout.contains(" Sunscreen\n"))
        try expectInStep("ana.db", "bob.db")
    }

    // MARK: - Helpers

    func path(_ name: String) -> String {
        cli.folder.appendingPathComponent(name).path
    }

    @discardableResult
    func on(_ database: String, _ arguments: String...) throws -> CLI.Result {
        try cli.run(
            arguments, stdin: Data(),
            environment: [
                "CHECKLIST_DB": database.hasPrefix("postgres") ? database : path(database)
            ])
    }

    @discardableResult
    func sync(_ copy: String) throws -> CLI.Result {
        let result = try on(copy, "sync")
        #expect(result.status == 0, "\(copy): \(result)")
        return result
    }

    func mode(_ database: String, _ list: String) throws -> String? {
        let json = try on(database, "lists", "--format", "json").stdout
        let lists = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        return lists?.first { $0["name"] as? String == list }?["mode"] as? String
    }

    func export(_ database: String) throws -> String {
        let result = try on(database, "export", "--all", "--format", "json")
        #expect(result.status == 0, "\(result)")
        return result.stdout
    }

    func expectInStep(_ copies: String...) throws {
        let server = try export(uri)
        for copy in copies { #expect(try export(copy) == server, "\(copy)") }
    }
}
