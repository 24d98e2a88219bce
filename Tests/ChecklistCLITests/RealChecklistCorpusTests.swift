import Foundation
import Testing

/// `import --lenient` on real checklists from public repositories, through the binary, against
/// what a person reading each rendered file expects (`RealChecklists.json`). The files are not
/// in this repository: CHECKLIST_REAL_CHECKLISTS names a folder holding them, and without it the
/// suite is skipped (CI has no copy and no network).
@Suite(
    .enabled(
        if: RealChecklistCorpus.folder != nil,
        "CHECKLIST_REAL_CHECKLISTS names no folder of real checklists"),
    .runsProcesses)
struct RealChecklistCorpusTests {
    @Test func everyFileOfTheManifestIsInTheFolderWithItsRecordedBytes() throws {
        let folder = try #require(RealChecklistCorpus.folder)
        for entry in RealChecklistCorpus.entries {
            let url = folder.appendingPathComponent(entry.file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                Issue.record("missing from \(folder.path): \(entry.file)")
                continue
            }
            #expect(
                SHA256.hex(data) == entry.sha256,
                "\(entry.file) is not the file the expectations were written for")
        }
    }

    @Test(arguments: RealChecklistCorpus.entries)
    func lenientImportTakesTheTasksAReaderSees(_ entry: RealChecklist) throws {
        let file = try RealChecklistCorpus.verifiedFile(entry)
        let cli = try CLI()

        let result = try cli.run(["import", "--lenient", file.path], stdin: Data())
        #expect(result.status == 0, "\(result)")

        let items = try importedItems(cli)
        #expect(items.count == entry.items)
        #expect(items.filter(\.isSelected).count == entry.checked)
        #expect(Set(items.map(\.list)).count == entry.lists)
        let shown = Set(items.map { "\($0.list)|\($0.title)" })
        for expected in entry.titles where !shown.contains(expected) {
            let list = String(expected.prefix { $0 != "|" })
            let inList = items.filter { $0.list == list }.prefix(12).map(\.title)
            Issue.record("no item \(expected); the list \(list) holds \(inList)")
        }
    }

    @Test(arguments: RealChecklistCorpus.entries)
    func dryRunSaysWhatItWouldImportAndLeavesTheDatabaseAsItWas(_ entry: RealChecklist) throws {
        let file = try RealChecklistCorpus.verifiedFile(entry)
        let cli = try CLI()
        try cli.run("add", "-q", "Existing")
        let before = try databaseFiles(cli)

        let result = try cli.run(["import", "--lenient", "--dry-run", file.path], stdin: Data())

        #expect(result.status == 0, "\(result)")
        let summary = result.stdoutLines.last ?? ""
        #expect(summary.hasPrefix("would import \(entry.items) item"), "\(summary)")
        #expect(try databaseFiles(cli) == before)
    }

    // MARK: - Helpers

    private struct ImportedItem: Decodable {
        var list: String
        var title: String
        var isSelected: Bool
    }

    private func importedItems(_ cli: CLI) throws -> [ImportedItem] {
        let listed = try cli.run("list", "--all", "--format", "json")
        #expect(listed.status == 0, "\(listed)")
        return try JSONDecoder().decode([ImportedItem].self, from: listed.stdoutBytes)
    }

    /// The database and any -wal, -shm or -journal beside it, by name, with their bytes.
    private func databaseFiles(_ cli: CLI) throws -> [String: Data] {
        let name = URL(fileURLWithPath: cli.databasePath).lastPathComponent
        var files: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)
        where entry.hasPrefix(name) {
            files[entry] = try Data(contentsOf: cli.folder.appendingPathComponent(entry))
        }
        return files
    }
}

/// Runs whether or not the real files are here: the manifest must decode and say enough for
/// the corpus tests to check, and the digest they compare with must be right.
@Suite struct RealChecklistManifestTests {
    @Test func theManifestNamesEachFileOnceWithItsDigestAndWhatToExpect() {
        let entries = RealChecklistCorpus.entries
        #expect(entries.count >= 12)
        #expect(Set(entries.map(\.file)).count == entries.count)
        for entry in entries {
            #expect(entry.sha256.count == 64 && entry.sha256.allSatisfy(\.isHexDigit), "\(entry)")
            #expect(entry.commit.count == 40, "\(entry)")
            #expect((2...4).contains(entry.titles.count), "\(entry)")
            #expect(entry.titles.allSatisfy { $0.contains("|") }, "\(entry)")
            #expect(entry.checked <= entry.items && entry.lists <= entry.items, "\(entry)")
        }
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            String(repeating: "a", count: 1_000),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"
        ),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theDigestIsSHA256(_ text: String, _ digest: String) {
        #expect(SHA256.hex(Data(text.utf8)) == digest)
    }
}

/// One real file and what a reader expects of it (an entry of `RealChecklists.json`).
struct RealChecklist: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var repository: String
    var path: String
    var commit: String
    var licence: String
    var sha256: String
    var shape: String
    var items: Int
    var checked: Int
    var lists: Int
    var titles: [String]
    var note: String?

    var testDescription: String { file }
}

enum RealChecklistCorpus {
    /// The folder CHECKLIST_REAL_CHECKLISTS names, if it names one.
    static let folder: URL? = {
        guard let path = ProcessInfo.processInfo.environment["CHECKLIST_REAL_CHECKLISTS"],
            !path.isEmpty
        else { return nil }
        return URL(fileURLWithPath: path, isDirectory: true)
    }()

    /// The manifest's entries; empty when it cannot be read, which the manifest test reports.
    static let entries: [RealChecklist] = {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("RealChecklists.json")
        struct Manifest: Decodable { var files: [RealChecklist] }
        guard let data = FileManager.default.contents(atPath: manifest.path) else { return [] }
        return (try? JSONDecoder().decode(Manifest.self, from: data).files) ?? []
    }()

    /// The entry's file in the folder; an error when it is missing or its bytes are not the
    /// ones the expectations were written for.
    static func verifiedFile(_ entry: RealChecklist) throws -> URL {
        guard let folder else { throw HarnessError("CHECKLIST_REAL_CHECKLISTS is not set") }
        let url = folder.appendingPathComponent(entry.file)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw HarnessError("\(entry.file) is missing from \(folder.path)")
        }
        let digest = SHA256.hex(data)
        guard digest == entry.sha256 else {
            throw HarnessError(
                "\(entry.file) has SHA-256 \(digest), not \(entry.sha256): it is not the file"
                    + " the expectations were written for (\(entry.repository) \(entry.path)"
                    + " at \(entry.commit))")
        }
        return url
    }
}
