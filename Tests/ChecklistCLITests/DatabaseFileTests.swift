import Foundation
import Testing

/// Where the database lives, what a read does to it, and files that are not ours.
@Suite(.runsProcesses) final class DatabaseFileTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func readCommandsOnAMissingDatabaseReadEmptyAndCreateNothing() throws {
        for arguments in [
            ["list"], ["list", "--format", "json"], ["count"], ["lists"], ["list", "--all"],
        ] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 0, "\(arguments)")
        }
        #expect(try cli.run("list", "--format", "json").stdout == "[]\n")
        #expect(try cli.run("count").stdout == "0 0\n")
        #expect(try cli.run("lists").stdout == "")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func changingCommandsOnAMissingDatabaseCreateNothing() throws {
        #expect(try cli.run("check", "1").status == 3)
        #expect(try cli.run("rename", "1", "x").status == 3)
        #expect(try cli.run("uncheck", "--all").stderr == "unchecked 0 items\n")
        #expect(try cli.run("delete", "--checked").stderr == "deleted 0 items\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func theFirstWriteCreatesTheFileAndItsFolders() throws {
        let path = cli.folder.appendingPathComponent("deep/er/lists.db").path
        let result = try cli.run("add", "--db", path, "Tent")
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try permissions(path) == 0o600)
        #expect(try permissions(cli.folder.appendingPathComponent("deep").path) == 0o700)
    }

    @Test func dbFlagWinsOverTheEnvironment() throws {
        let path = cli.folder.appendingPathComponent("flag.db").path
        try cli.run("add", "--db", path, "Tent")
        #expect(try cli.run("list").stdout == "")
        #expect(try cli.run("list", "--db", path).stdout == "[ ] 1 Tent\n")
    }

    @Test func withoutDbOrVariableTheDatabaseIsInXDGDataHome() throws {
        let result = try cli.run(["add", "Tent"], stdin: Data(), usesDefaultDatabase: false)
        #expect(result.status == 0)
        let path = cli.folder.appendingPathComponent("xdg/checklist/checklist.db").path
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutXDGDataHomeTheDatabaseIsUnderHome() throws {
        try cli.run(
            ["add", "Tent"], stdin: Data(), environment: ["XDG_DATA_HOME": ""],
            usesDefaultDatabase: false)
        let path = cli.folder.appendingPathComponent("home/.local/share/checklist/checklist.db")
            .path
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aTextFileIsNotAChecklistDatabaseAndIsLeftUntouched() throws {
        let path = cli.folder.appendingPathComponent("notes.txt").path
        try Data("shopping: milk, eggs\n".utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [["add", "Tent"], ["list"], ["check", "1"]] {
            let result = try cli.run(arguments + ["--db", path], stdin: Data())
            #expect(result.status == 65)
            #expect(
                result.stderr == "checklist: \(path) is not a checklist database; left it"
                    + " untouched (pass --db or set CHECKLIST_DB to use another file)\n")
        }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: path)) == Data("shopping: milk, eggs\n".utf8))
    }

    @Test(.fileOnly, .needs(.sqlite3)) func aNewerSchemaIsRefusedWith65AndLeftUntouched() throws {
        try cli.run("add", "Tent")
        let sql =
            "INSERT INTO grdb_migrations VALUES ('9999_future'); PRAGMA wal_checkpoint(TRUNCATE);"
        #expect(try cli.pipeline("sqlite3 \"$CHECKLIST_DB\" \"\(sql)\" >/dev/null").status == 0)
        let before = try cli.databaseBytes()
        for arguments in [["add", "Stove"], ["list"], ["check", "1"], ["count"]] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 65)
            #expect(
                result.stderr == "checklist: \(cli.databasePath) was written by a newer"
                    + " checklist; left it untouched (upgrade checklist to use it)\n")
        }
        #expect(try cli.databaseBytes() == before)
    }

    @Test(
        .fileOnly, .needs(.sqlite3),
        arguments: [
            "CREATE TRIGGER empty AFTER UPDATE ON items BEGIN DELETE FROM items; END",
            "CREATE TRIGGER again AFTER UPDATE ON items BEGIN UPDATE items SET title = title; END",
            "CREATE VIEW everything AS SELECT * FROM items",
        ])
    func aFileWithTriggersOrViewsItDidNotCreateIsNotAChecklistDatabase(_ sql: String) throws {
        try cli.run("add", "Tent", "Stove")
        let setUp = "PRAGMA recursive_triggers = ON; \(sql); PRAGMA wal_checkpoint(TRUNCATE);"
        #expect(try cli.pipeline("sqlite3 \"$CHECKLIST_DB\" \"\(setUp)\" >/dev/null").status == 0)
        let before = try cli.databaseBytes()
        for arguments in [["check", "1"], ["list"], ["count"], ["add", "Map"], ["undo"]] {
            let result = try cli.run(arguments, stdin: Data())
            #expect(result.status == 65, "\(arguments): \(result)")
            #expect(
                result.stderr == "checklist: \(cli.databasePath) is not a checklist database;"
                    + " left it untouched (pass --db or set CHECKLIST_DB to use another file)\n")
        }
        #expect(try cli.databaseBytes() == before)
    }

    @Test(.fileOnly) func aPathThatStartsWithFileColonIsAPathNotAURI() throws {
        // As a URI, `file:decoy.db?mode=memory` would be an empty in-memory database and
        // `file:other.db` the file other.db.
        let other = cli.folder.appendingPathComponent("other.db").path
        try cli.run("add", "Other", environment: ["CHECKLIST_DB": other])
        let otherBytes = try Data(contentsOf: URL(fileURLWithPath: other))
        for name in ["file:other.db", "file:decoy.db?mode=memory"] {
            #expect(try cli.run("add", "Tent", "--db", name).status == 0)
            #expect(try cli.run("list", "--db", name).stdout == "[ ] 1 Tent\n")
            let made = cli.folder.appendingPathComponent(name).path
            let mode = try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions]
            #expect(mode as? Int == 0o600, "\(name)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == otherBytes)
        // backup to such a name writes the whole copy there and leaves nothing else.
        let backup = try cli.run("backup", "--db", "file:other.db", "file:copy.db")
        #expect(backup.status == 0, "\(backup)")
        #expect(
            try cli.run("list", "--db", "file:copy.db").stdout == "[ ] 1 Tent\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
            .filter { $0.contains("partial") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(.fileOnly) func aDanglingSymbolicLinkIsRefusedAndItsTargetNeverMade() throws {
        let target = cli.folder.appendingPathComponent("shared/target.db").path
        try FileManager.default.createDirectory(
            atPath: cli.folder.appendingPathComponent("shared").path,
            withIntermediateDirectories: true)
        let link = cli.folder.appendingPathComponent("link.db").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try cli.run("add", "Tent", "--db", link)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("symbolic link to a file that does not exist"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test(.fileOnly) func aBackupOfADamagedDatabaseNamesTheDatabaseNotTheBackup() throws {
        let titles = (1...400).map { "item \($0) with a title long enough to fill pages" }
        try cli.run(["add", "-q", "-"], stdin: Data(titles.joined(separator: "\n").utf8))
        // Garbage over items' pages, written last (the 400 titles fill about 11 pages at the
        // end); the header and the schema's pages, written by the migrations, stay whole.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: cli.databasePath))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size - 4096 * 7)
        handle.write(Data(repeating: 0xA5, count: 4096 * 6))
        try handle.close()
        let target = cli.folder.appendingPathComponent("bk.db").path
        let result = try cli.run("backup", target)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr
                == "checklist: \(cli.databasePath) is damaged (database disk image is malformed),"
                + " so no backup was written; 'checklist export' may still save what it holds\n")
        #expect(!FileManager.default.fileExists(atPath: target))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
            .filter { $0.contains("partial") }
        #expect(leftovers.isEmpty)
    }

    @Test func aDirectoryCannotBeOpened() throws {
        let path = cli.folder.appendingPathComponent("adir").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try cli.run("add", "Tent", "--db", path)
        #expect(result.status == 74)
        #expect(
            result.stderr == "checklist: cannot use \(path): it is a directory;"
                + " pass --db with a file path\n")
    }

    private func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}

/// A read leaves nothing beside the database (v3: the third user's point 8).
@Suite(.runsProcesses) struct ReadLeavesNoFilesTests {
    /// `check`, `count` and `list` close their store and keep it until the process exits
    /// (`StoreLifetime`): closed, so nothing is left beside the file either.
    @Test(arguments: [
        ["list"], ["list", "--format", "json"], ["list", "--format", "ids"], ["count"],
        ["check", "1"], ["uncheck", "1"], ["toggle", "1"], ["lists"], ["history"],
        ["export", "--format", "json"],
    ])
    func aCommandLeavesNoWALOrSHMBesideADatabaseThatHadNone(_ arguments: [String]) throws {
        let cli = try CLI()
        try cli.run("add", "Tent", "-q")
        let beside = {
            ["-wal", "-shm"].filter {
                FileManager.default.fileExists(atPath: cli.databasePath + $0)
            }
        }
        #expect(beside().isEmpty, "a write removes them when it closes")
        #expect(try cli.run(arguments, stdin: Data()).status == 0)
        #expect(beside().isEmpty, "\(arguments)")
    }

    /// Another user who may read the file but not write it, in a folder they may write (a
    /// shared folder): their reads leave no files of theirs beside the owner's database.
    @Test(
        .fileOnly, .enabled(if: getuid() == 0, "runs the read as another user through setpriv"),
        arguments: [["list"], ["count"], ["lists"], ["history"], ["export"]])
    func anotherUsersReadLeavesNoFilesBesideTheDatabase(_ arguments: [String]) throws {
        let cli = try CLI()
        let shared = cli.folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: cli.folder.path)
        let path = shared.appendingPathComponent("owner.db").path
        try cli.run("add", "Tent", "-q", "--db", path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let words = arguments.joined(separator: " ")
        let result = try cli.pipeline(
            "setpriv --reuid=65534 --regid=65534 --clear-groups \"$CHECKLIST\" \(words) --db '\(path)'"
        )
        #expect(result.status == 0, "\(result)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: shared.path)
        #expect(beside == ["owner.db"], "\(arguments): \(beside)")
    }

    /// Issue 48, 16: on a full disk (a tmpfs of 600 KiB, filled), reads work and leave nothing
    /// beside the database; a write says the disk is full (74), changes nothing and leaves
    /// nothing either. Before, `list` and `count` failed with "disk I/O error (SQLite code
    /// 4874)" and left a `-wal` and a `-shm`.
    @Test(.fileOnly, .enabled(if: FullDisk.canMount, "mounts a small tmpfs (needs root)"))
    func onAFullDiskReadsWorkAndAWriteSaysTheDiskIsFull() throws {
        let cli = try CLI()
        let disk = try FullDisk(in: cli.folder)
        defer { disk.unmount() }
        let path = disk.folder + "/c.db"
        try cli.run("add", "-q", "-l", "camping", "Tent", "Stove", "--db", path)
        disk.fill()
        for arguments in [
            ["list", "-l", "camping"], ["count", "-l", "camping"], ["lists"], ["history"],
        ] {
            let read = try cli.run(arguments + ["--db", path], stdin: Data())
            #expect(read.status == 0, "\(arguments): \(read)")
            #expect(try disk.files() == ["c.db", "fill"], "\(arguments)")
        }
        #expect(
            try cli.run("list", "-l", "camping", "--db", path).stdout == "[ ] 1 Tent\n[ ] 2 Stove\n"
        )
        let write = try cli.run("check", "1", "--db", path)
        #expect(write.status == 74, "\(write)")
        #expect(write.stderr.contains("the disk is full"), "\(write.stderr)")
        #expect(try disk.files() == ["c.db", "fill"])
        disk.free()
        #expect(try cli.run("check", "-q", "1", "--db", path).status == 0)
        #expect(try cli.run("list", "-l", "camping", "--db", path).stdout.hasPrefix("[x] 1 Tent"))
    }
}

/// A small tmpfs, mounted in a test's folder, that can be filled to the last byte.
struct FullDisk {
    let folder: String

    /// Whether this process may mount one (root, with the capability a container may lack).
    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? FullDisk(in: FileManager.default.temporaryDirectory)
        else { return false }
        disk.unmount()
        return true
    }()

    init(in parent: URL) throws {
        folder = parent.appendingPathComponent("disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard Self.shell("mount -t tmpfs -o size=600k tmpfs '\(folder)'") == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    /// Writes a file until the disk has no byte left.
    func fill() {
        _ = Self.shell("dd if=/dev/zero of='\(folder)/fill' bs=4k 2>/dev/null")
    }

    func free() {
        try? FileManager.default.removeItem(atPath: folder + "/fill")
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    func unmount() {
        _ = Self.shell("umount '\(folder)'")
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func shell(_ script: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
