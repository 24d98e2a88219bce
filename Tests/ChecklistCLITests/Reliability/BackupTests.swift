import Foundation
import Testing

/// Promise 9: `checklist backup PATH` writes a consistent copy, even under writers.
@Suite(.runsProcesses) final class BackupTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    @Test func forceReplacesOnlyARegularFile() throws {
        try cli.run("add", "Tent")
        let folder = cli.folder.path
        let target = folder + "/target.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link", withDestinationPath: target)
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        try FileManager.default.createDirectory(
            atPath: folder + "/dir", withIntermediateDirectories: false)
        var cases = [("link", "a symbolic link"), ("fifo", "a FIFO"), ("dir", "a directory")]
        // A device node of our own (the numbers of /dev/null), where we may make one (root).
        if mknod(folder + "/device", S_IFCHR | 0o600, (1 << 8) | 3) == 0 {
            cases.append(("device", "a device"))
        }
        for (name, kind) in cases {
            let path = folder + "/" + name
            var before = stat()
            lstat(path, &before)
            let result = try cli.run("backup", "--force", path)
            #expect(result.status == 74, "\(name): \(result)")
            #expect(
                result.stderr == "checklist: cannot use \(path): it is \(kind), not a file;"
                    + " give a file path for the backup\n")
            var after = stat()
            lstat(path, &after)
            #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino, "\(name)")
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy {
                !$0.contains(".partial-")
            })
    }

    @Test(.fileOnly) func aBackupTakenWhileOthersWriteIsConsistent() throws {
        try StoredState.makeDatabase(cli, items: 5000)
        // Writers flip the whole list back and forth while backups are taken: each backup
        // must show the list either all checked or all unchecked.
        let writers = try (0..<2).map { _ in
            try cli.startScript(
                "for i in 1 2 3 4 5 6 7 8; do \"$CHECKLIST\" toggle -q --all -l big || exit 1; done"
            )
        }
        var copies: [String] = []
        for index in 0..<4 {
            let path = cli.folder.appendingPathComponent("backup-\(index).db").path
            let result = try cli.run("backup", path)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr == "backed up the database to \(path)\n")
            copies.append(path)
        }
        for writer in writers {
            let result = try writer.finish()
            #expect(result.status == 0, "\(result)")
        }
        for path in copies {
            #expect(try StoredState.integrity(at: path) == "ok")
            let items = try StoredState.items(at: path)
            #expect(items.count == 5000)
            let checked = items.filter(\.isSelected).count
            #expect(checked == 0 || checked == 5000, "a torn copy: \(checked) checked")
            #expect(try cli.run("count", "--db", path, "-l", "big").status == 0)
        }
    }

    @Test func anExistingFileIsRefusedUnlessForced() throws {
        try cli.run("add", "Tent")
        let path = cli.folder.appendingPathComponent("existing.db").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let refused = try cli.run("backup", path)
        #expect(refused.status == 64)
        #expect(refused.stderr == "checklist: \(path) already exists; pass --force to replace it\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("keep me".utf8))
        #expect(try cli.run("backup", "--force", path).status == 0)
        #expect(try cli.run("list", "--db", path).stdout == "[ ] 1 Tent\n")
    }

    @Test func aBackupIsPrivate() throws {
        try cli.run("add", "Tent")
        let path = cli.folder.appendingPathComponent("private.db").path
        try cli.run("backup", path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o777 == 0o600)
    }

    @Test func backingUpAMissingDatabaseIsNotFoundAndWritesNothing() throws {
        let path = cli.folder.appendingPathComponent("typo-backup.db").path
        let result = try cli.run("backup", path)
        #expect(result.status == 3)
        #expect(
            result.stderr
                == "checklist: no database at \(cli.databasePath); nothing to back up"
                + " (pass --db or set CHECKLIST_DB to name the database)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}
