import Foundation
import Testing

/// Promise 5: a full disk or a read-only file or folder gives exit 74 and a clear message, and
/// the data already there stays intact and readable.
@Suite(.runsProcesses) final class ResourceFaultTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try StoredState.makeDatabase(cli, items: 200)
    }

    @Test(.fileOnly) func aFullDiskFailsCleanly() throws {
        let size = try FileManager.default.attributesOfItem(atPath: cli.databasePath)[.size] as? Int
        let titles = (1...20000).map { "a title long enough to need many pages \($0)" }
        // prlimit caps the size of any file the command writes, as a full disk would.
        let result = try cli.pipeline(
            "prlimit --fsize=\((size ?? 0) + 65536) \"$CHECKLIST\" add -l big - < titles.txt",
            files: ["titles.txt": titles.joined(separator: "\n")])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.hasPrefix("checklist: cannot use \(cli.databasePath): "))
        #expect(
            result.stderr.hasSuffix(
                "writing to the disk failed (is it full, or a file-size limit reached?);"
                    + " nothing changed; free some space and try again\n"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try StoredState.integrity(at: cli.databasePath) == "ok")
        #expect(try cli.run("count", "-l", "big").stdout == "0 200\n")
    }

    @Test(.fileOnly) func aReadOnlyFileFailsCleanly() throws {
        try expectUnwritable(fileMode: 0o644, folderMode: 0o755)
    }

    @Test(.fileOnly) func aReadOnlyFolderFailsCleanly() throws {
        try expectUnwritable(fileMode: 0o666, folderMode: 0o755)
    }

    @Test(.fileOnly) func aReadOnlyFileInAWritableFolderGetsNoJournalFilesBesideIt() throws {
        try expectUnwritable(fileMode: 0o444, folderMode: 0o777)
    }

    /// Runs a write as a user who may not write the file or its folder. Tests run as root here,
    /// who may write anything, so the command runs as `nobody`; elsewhere the modes alone do it.
    private func expectUnwritable(fileMode: Int, folderMode: Int) throws {
        let folder = cli.folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let path = folder.appendingPathComponent("checklist.db").path
        try FileManager.default.copyItem(atPath: cli.databasePath, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: path)
        try FileManager.default.setAttributes(
            [.posixPermissions: folderMode], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        let asUser = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try cli.pipeline("\(asUser)\"$CHECKLIST\" check 1-10 --db '\(path)'")
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.hasPrefix("checklist: cannot use \(path): "), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
        #expect(mode as? Int == fileMode)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(suffix) was left")
        }
        let read = try cli.pipeline("\(asUser)\"$CHECKLIST\" count -l big --db '\(path)'")
        #expect(read.stdout == "0 200\n", "the same user can still read it: \(read)")
    }
}
