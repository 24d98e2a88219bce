import Foundation
import Testing

/// `import --lenient`, `--split-level` and `--dry-run` through the binary.
@Suite(.runsProcesses) final class LenientImportTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    /// A release template as people write them: front matter, a comment, prose, nested and
    /// wrapped tasks under ### headings, a code sample holding a task line.
    static let template = """
        ---
        name: Release
        about: Steps for a release
        ---
        <!-- Replace X.Y.Z -->
        # Release X.Y.Z

        Before you start, read the guide.

        ### Prepare
        - [ ] Bump the version
          in every manifest
        - [x] Update the changelog
          - [ ] Link the pull requests

        ### Publish
        1. [ ] Tag
        2. [ ] Build
        ```sh
        - [ ] not a task
        ```
        - plain note

        """

    @Test func lenientImportTakesTheTasksAndCountsWhatItSkipped() throws {
        let result = try cli.pipeline(
            "checklist import --lenient release.md", files: ["release.md": Self.template])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "imported 5 items into 2 lists; skipped 11 lines"
                + " (front matter 4, code 3, prose 1, HTML 1, plain bullet 1, heading 1)\n")
        #expect(
            try cli.run("list", "--all").stdout == """
                Prepare:
                [ ] 1 Bump the version in every manifest
                [x] 2 Update the changelog
                [ ] 3 Update the changelog › Link the pull requests

                Publish:
                [ ] 4 Tag
                [ ] 5 Build

                """)
    }

    @Test func splitLevelAndListPickTheLists() throws {
        let files = ["release.md": Self.template]
        let split = try cli.pipeline(
            "checklist import --lenient --split-level 1 -q release.md && checklist lists",
            files: files)
        #expect(split.stdout == "Release X.Y.Z  1/5\n")
        let one = try cli.pipeline(
            "checklist import --lenient --list all -q release.md && checklist lists", files: files)
        #expect(one.stdout == "Release X.Y.Z  1/5\nall            1/5\n")
    }

    @Test func dryRunPrintsTheListsAndChangesNothing() throws {
        _ = try cli.run("add", "-q", "Existing")
        let before = try cli.databaseBytes()
        let result = try cli.pipeline(
            "checklist import --lenient --dry-run release.md", files: ["release.md": Self.template])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Prepare: 3 items
                Publish: 2 items
                would import 5 items into 2 lists; skipped 11 lines \
                (front matter 4, code 3, prose 1, HTML 1, plain bullet 1, heading 1)

                """)
        #expect(try cli.databaseBytes() == before)
    }

    @Test func dryRunCreatesNoDatabase() throws {
        let result = try cli.run(["import", "--dry-run", "-"], stdin: Data("## a\n- [ ] b\n".utf8))
        #expect(result.stdout == "a: 1 item\nwould import 1 item into 1 list\n")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func strictImportSaysWhenLenientWouldTakeTheFile() throws {
        let result = try cli.pipeline(
            "checklist import release.md", files: ["release.md": Self.template])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "checklist: line 1 of the import file: expected a task line like '- [ ] Tent',"
                + " a '## list' heading or a blank line; nothing was imported"
                + " (import --lenient takes the task lines of any Markdown)\n")
        let notText = try cli.run(["import", "-"], stdin: Data([0x2D, 0x20, 0xFF, 0x0A]))
        #expect(notText.stderr.hasSuffix("nothing was imported\n"))
    }

    @Test func windowsLineEndingsImport() throws {
        let text = "## Liste\r\n- [ ] Zelt\r\n  und Heringe\r\n* [x] Kocher\r\n"
        let result = try cli.run(["import", "--lenient", "-"], stdin: Data(text.utf8))
        #expect(result.stderr == "imported 2 items into 1 list\n")
        #expect(
            try cli.run("list", "-l", "Liste").stdout == "[ ] 1 Zelt und Heringe\n[x] 2 Kocher\n")
    }

    @Test(arguments: [["--split-level", "0"], ["--split-level", "7"], ["--split-level", "2"]])
    func splitLevelIsALevelAndNeedsLenient(_ options: [String]) throws {
        let lenient = options[1] == "2" ? [] : ["--lenient"]
        let result = try cli.run(["import", "-"] + lenient + options, stdin: Data())
        #expect(result.status == 64)
    }
}
