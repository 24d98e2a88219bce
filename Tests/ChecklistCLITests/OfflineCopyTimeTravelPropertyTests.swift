import ChecklistTestSupport
import Foundation
import Testing

/// Issue 47's property: whatever side goes back in time, nothing added is lost. Three copies and
/// the server take random adds and checks, random syncs, and random trips back in time: a copy's
/// file put back from a backup taken earlier, a copy duplicated with `cp` and both used, the
/// server restored from a dump (`pg_dump`/`pg_restore`; the next sync of a copy that saw what
/// it lost exits 75, and `sync --restore-server` gives it back). A model written here says which
/// items each side holds (the server, and what each copy holds and has not sent); after a last
/// round of syncs every copy equals the server, and the server holds each title the model says
/// exactly once (an add made on a copy after its backup and not sent before the backup was put
/// back is the user's to lose, and a server add no copy brought before the restore too).
/// `CHECKLIST_TEST_SEED=N` replays a run.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class OfflineCopyTimeTravelPropertyTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
    }

    /// What the model knows of one copy: the titles it holds, and those it has not sent.
    struct Copy {
        var file: String
        var holds: Set<String>
        var unsent: Set<String>
        var backup: (file: String, holds: Set<String>, unsent: Set<String>)?
    }

    @Test(arguments: 0..<2) func nothingAddedIsLostWhicheverSideGoesBack(_ run: Int) throws {
        let seed = SplitMix.seed() &+ UInt64(run)
        var random = SplitMix(seed: seed)
        var log: [String] = []
        func context() -> String { "seed \(seed)\n\(log.joined(separator: "\n"))" }
        #expect(try on(uri, ["add", "-q", "-l", "camping", "Tent", "Stove", "Map"]).status == 0)
        var server: Set<String> = ["Tent", "Stove", "Map"]
        var dump: (file: String, holds: Set<String>)?
        var copies: [Copy] = []
        for (index, author) in ["ana", "bob", "cy"].enumerated() {
            let file = path("copy\(index).db")
            #expect(try on(uri, ["clone", "--as", author, uri, file]).status == 0)
            copies.append(Copy(file: file, holds: server, unsent: [], backup: nil))
        }
        /// A sync of copy `index`, given back to a server that lost what it saw.
        func sync(_ index: Int) throws {
            var synced = try on(copies[index].file, ["sync", "-q"])
            if synced.status == 75 {
                log.append("sync \(index): 75, restore-server")
                synced = try on(copies[index].file, ["sync", "-q", "--restore-server"])
                server.formUnion(copies[index].holds)
            }
            #expect(synced.status == 0, "sync \(index): \(synced)\n\(context())")
            server.formUnion(copies[index].unsent)
            copies[index].holds = server
            copies[index].unsent = []
        }
        for step in 0..<40 {
            let index = random.next(copies.count)
            switch random.next(12) {
            case 0...3:
                let title = "s\(step)"
                let onServer = random.next(4) == 0
                let database = onServer ? uri : copies[index].file
                let added = try on(database, ["add", "-q", "-l", "camping", title])
                #expect(added.status == 0, "\(added)\n\(context())")
                if onServer {
                    server.insert(title)
                } else {
                    copies[index].holds.insert(title)
                    copies[index].unsent.insert(title)
                }
                log.append("\(onServer ? "server" : "copy \(index)") add \(title)")
            case 4:
                let ids = try on(copies[index].file, ["list", "-l", "camping", "--format", "ids"])
                    .stdout.split(separator: "\n")
                guard !ids.isEmpty else { continue }
                let id = String(ids[random.next(ids.count)])
                #expect(try on(copies[index].file, ["toggle", "-q", id]).status == 0)
                log.append("copy \(index) toggle \(id)")
            case 5...7:
                log.append("sync \(index)")
                try sync(index)
            case 8:
                let backup = path("backup\(index)-\(step).db")
                try FileManager.default.copyItem(atPath: copies[index].file, toPath: backup)
                copies[index].backup = (backup, copies[index].holds, copies[index].unsent)
                log.append("copy \(index) backed up")
            case 9:
                guard let backup = copies[index].backup else { continue }
                try FileManager.default.removeItem(atPath: copies[index].file)
                try FileManager.default.copyItem(atPath: backup.file, toPath: copies[index].file)
                copies[index].holds = backup.holds
                copies[index].unsent = backup.unsent
                log.append("copy \(index) put back from its backup")
            case 10:
                guard copies.count < 5 else { continue }
                let file = path("copy\(copies.count).db")
                try FileManager.default.copyItem(atPath: copies[index].file, toPath: file)
                copies.append(
                    Copy(
                        file: file, holds: copies[index].holds, unsent: copies[index].unsent,
                        backup: nil))
                log.append("copy \(index) duplicated as copy \(copies.count - 1)")
            default:
                if let saved = dump, random.next(2) == 0 {
                    try restoreServer(from: saved.file)
                    server = saved.holds
                    dump = nil
                    log.append("server restored")
                } else {
                    dump = (try dumpServer(step), server)
                    log.append("server dumped")
                }
            }
        }
        // A last round: every copy sends, then every copy brings what the others sent.
        for index in Array(copies.indices) + Array(copies.indices) { try sync(index) }
        let listed = try on(uri, ["list", "-l", "camping", "--format", "json"]).stdout
        let items =
            (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]) ?? []
        let titles = items.compactMap { $0["title"] as? String }
        #expect(titles.count == Set(titles).count, "a title twice: \(titles)\n\(context())")
        #expect(Set(titles) == server, "\(titles.sorted()) \(server.sorted())\n\(context())")
        let exported = try on(uri, ["export", "--all", "--format", "json"]).stdout
        for copy in copies {
            #expect(
                try on(copy.file, ["export", "--all", "--format", "json"]).stdout == exported,
                "\(copy.file)\n\(context())")
        }
    }

    private func on(_ database: String, _ arguments: [String]) throws -> CLI.Result {
        try cli.run(arguments, stdin: Data(), environment: ["CHECKLIST_DB": database])
    }

    private func path(_ name: String) -> String {
        cli.folder.appendingPathComponent(name).path
    }

    private func dumpServer(_ step: Int) throws -> String {
        let file = path("server-\(step).dump")
        try tool("/usr/bin/pg_dump", ["-Fc", "-f", file, uri])
        return file
    }

    private func restoreServer(from dump: String) throws {
        let name = try #require(uri.split(separator: "?").first?.split(separator: "/").last)
        let base = try #require(TestServer.uri)
        try TestServer.psql(base, "DROP DATABASE \(name) WITH (FORCE)")
        try TestServer.psql(base, "CREATE DATABASE \(name)")
        try tool("/usr/bin/pg_restore", ["--exit-on-error", "-d", uri, dump])
    }

    private func tool(_ executable: String, _ arguments: [String]) throws {
        let result = try CLI.execute(
            URL(fileURLWithPath: executable), arguments, stdin: Data(),
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], in: cli.folder)
        #expect(result.status == 0, "\(executable): \(result)")
    }
}
