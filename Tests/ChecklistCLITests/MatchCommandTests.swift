import Foundation
import Testing

/// `list --match` and `count --match` through the binary.
@Suite(.runsProcesses) final class MatchCommandTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
        try cli.run(
            ["add", "-q", "-l", "camping", "-"],
            stdin: Data(
                """
                Big TENT
                Tent pegs
                Straße map
                \u{E9}t\u{E9} jacket
                Stove

                """.utf8))
        try cli.run(
            ["add", "-q", "-l", "trip", "-"],
            stdin: Data("ÉTÉ hat\ne\u{301}te\u{301} shoes\nМОСКВА guide\nSmall tent\n".utf8))
        _ = try cli.run("check", "2,6", "-q")
    }

    @Test func listMatchKeepsTitlesContainingTheTextInAnyCase() throws {
        let result = try cli.run("list", "-l", "camping", "--match", "tent")
        #expect(result.status == 0)
        #expect(result.stdout == "[ ] 1 Big TENT\n[x] 2 Tent pegs\n")
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("STRASSE", "3\n"), ("ÉTÉ", "4\n6\n7\n"), ("e\u{301}t\u{E9}", "4\n6\n7\n"),
        ("москва", "8\n"), ("TENT", "1\n2\n9\n"), ("zzz", ""),
    ])
    func listMatchFoldsCaseAndCanonicalFormsInEveryList(_ text: String, _ ids: String) throws {
        let result = try cli.run("list", "--all", "--match", text, "--format", "ids")
        #expect(result.status == 0)
        #expect(result.stdout == ids)
    }

    @Test func matchCombinesWithCheckedAndUnchecked() throws {
        #expect(
            try cli.run("list", "--all", "--checked", "--match", "été").stdout
                == "trip:\n[x] 6 ÉTÉ hat\n")
        #expect(
            try cli.run("list", "--all", "--unchecked", "--match", "TENT", "--format", "ids").stdout
                == "1\n9\n")
        #expect(try cli.run("count", "--all", "--match", "tent").stdout == "1 3\n")
        #expect(try cli.run("count", "-l", "trip", "--match", "été", "--checked").stdout == "1\n")
        #expect(try cli.run("count", "-l", "trip", "--match", "ÉTÉ", "--unchecked").stdout == "1\n")
    }

    @Test func jsonKeepsEachItemsPlaceInItsList() throws {
        let result = try cli.run("list", "-l", "trip", "--match", "tent", "--format", "json")
        #expect(result.stdout.contains(#""id":9,"isSelected":false,"list":"trip","position":4"#))
        #expect(result.stdout.hasPrefix("[\n{") && result.stdout.hasSuffix("}\n]\n"))
    }

    @Test func matchedIDsPipeIntoCheck() throws {
        let result = try cli.pipeline(
            "checklist list --all --match tent --format ids | checklist check -")
        #expect(result.status == 0)
        #expect(result.stderr == "checked 2 items (1 already checked)\n")
        #expect(
            try cli.run("list", "--all", "--checked", "--format", "ids").stdout == "1\n2\n6\n9\n")
    }

    @Test func matchOnAMissingListIsAnError() throws {
        #expect(try cli.run("list", "-l", "nope", "--match", "x").status == 3)
        #expect(try cli.run("count", "-l", "nope", "--match", "x").status == 3)
    }
}
