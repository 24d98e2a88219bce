import Foundation
import Testing

/// One contract, two engines: the same command lines against a SQLite file and against a
/// database on a PostgreSQL server give the same stdout, stderr and exit status, byte for byte
/// (timestamps aside, which are the clock's). A behaviour that differs is a bug. The author on
/// the file is the login name, set to the server's role, so `history` agrees too.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class EngineDifferentialTests {
    let file: CLI
    let server: CLI
    let serverURI: String

    init() throws {
        file = try CLI()
        server = try CLI()
        serverURI = try TestServer.freshDatabase()
    }

    /// A step: a command line and its standard input.
    struct Step: CustomStringConvertible, Sendable {
        var arguments: [String]
        var stdin: String = ""

        var description: String {
            arguments.joined(separator: " ")
                + (stdin.isEmpty ? "" : " <<< \(stdin.debugDescription)")
        }
    }

    static func steps(_ lines: String...) -> [Step] {
        lines.map { line in
            let parts = line.components(separatedBy: " <<< ")
            return Step(
                arguments: parts[0].split(separator: " ").map {
                    String($0).replacingOccurrences(of: "_", with: " ")
                },
                stdin: parts.count > 1 ? parts[1].replacingOccurrences(of: "\\n", with: "\n") : "")
        }
    }

    /// Scenarios in the contract's words (`_` stands for a space inside an argument).
    static let scenarios: [(String, [Step])] = [
        (
            "packing, checking and resetting",
            steps(
                "list", "count", "lists", "history", "add Tent Stove Map",
                "add -l camping Lamp Rope",
                "list", "list --all", "ls --format ids", "list --format json --all", "check 1,3",
                "check 1", "count", "count --checked", "count --unchecked", "list --checked",
                "list --unchecked --all", "uncheck --all", "toggle 1-3", "toggle --all",
                "check --all -l camping", "lists", "history", "history --format json",
                "history --format ids --limit 2")
        ),
        (
            "bulk cleanup and missing IDs",
            steps(
                "add A B C D E F", "check 2-4", "delete --checked", "list", "delete 9",
                "delete 1,9 --ignore-missing", "delete 1", "check 5-9",
                "check 5-9 --ignore-missing",
                "rm 5-6", "list --format json", "add G", "list --format ids", "count",
                "uncheck 99", "toggle 0", "check abc", "check", "check 5-9223372036854775807",
                "delete 2-10000000", "toggle 1-9223372036854775807 --ignore-missing",
                "list --format json")
        ),
        (
            "stdin and renames",
            steps(
                "add - <<< Sleeping bag\\n\\n  Head torch\\nMatches\\n", "check - <<< 1 3\\n",
                "list", "rename 2 Big_head_torch", "rename 2 Big_head_torch", "rename 9 X",
                "list --format json", "list -l nowhere", "count -l nowhere", "add -l x")
        ),
        (
            "single-choice lists",
            steps(
                "lists add size --mode single", "lists add size", "add -l size S M L", "check 2",
                "check 1", "check 1,3", "toggle 1,3", "toggle 3", "add -l size XL --checked",
                "add -l size XXL XS --checked", "list -l size", "uncheck --all -l size",
                "lists mode size multiple", "check --all -l size", "lists mode size single",
                "lists mode size single --keep 2", "lists mode size multiple --keep 2", "lists",
                "undo", "undo", "list -l size --format json")
        ),
        (
            "managing lists",
            steps(
                "add -l camping Tent Stove", "lists add empty", "lists rename camping trip",
                "lists rename trip trip", "lists rename empty trip", "lists rename nowhere x",
                "lists copy trip trip-2", "lists copy trip trip-3 --unchecked", "check 1",
                "lists copy trip trip-4", "lists copy nowhere x", "lists copy trip empty",
                "lists", "lists delete trip", "delete --checked -l trip --expect 5",
                "delete --checked -l trip --expect 1",
                "lists delete trip --force", "lists delete empty", "lists", "list --all",
                "undo", "undo", "lists", "list --all --format json", "history")
        ),
        (
            "moving items",
            steps(
                "add A B C D E", "add -l other X Y", "move 1 --to 3", "list", "move 5 --before 2",
                "move 2 --after 4", "move 3 --to 1", "move 3 --to 1", "move 3 --to 9",
                "move 9 --to 1", "move 1 --before 1", "move 2 --list other", "move 6 --before 3",
                "move 4 --before 7 --list default", "list --all", "lists add one --mode single",
                "add -l one Z --checked", "check 1", "move 1 --list one",
                "list --all --format json",
                "undo", "undo", "list --all")
        ),
        (
            "import and export",
            steps(
                "import - <<< ## camping\n- [ ] Tent\n- [x] Stove\n\n## trip\n<!-- checklist: mode=single -->\n- [x] Car\n",
                "import - <<< - [x] loose\n- [ ] ends\n", "import - --list trip <<< - [ ] Bus\n",
                "import - <<< ## trip\n- [x] Bike\n", "import - <<< ## trip\n- [x] a\n- [x] b\n",
                "import - <<< not a list\n", "list --all", "export --all",
                "export --all --format json",
                "export -l trip", "import - --dry-run <<< ## trip\\n- [ ] Van\\n", "undo",
                "list --all", "history")
        ),
        (
            "undo walks back",
            steps(
                "add Tent Stove", "check 1", "delete 1-2", "undo", "list", "undo", "list", "undo",
                "list", "undo", "undo --anyone", "history", "add Map", "list --format ids")
        ),
    ]

    @Test func longAndOddNamesAndTitlesAgree() throws {
        // A name no index entry could hold whole (it does not compress): 3,000 letters.
        var random = SeededGenerator(seed: 7)
        let long = String(
            (0..<3_000).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 26))) })
        let odd = [
            "{a,b}", "quote \" and \\ backslash", "NULL", " spaced ", "e\u{301}", "\u{E9}",
            "\u{1F600} tent",
        ]
        var steps = [
            Step(arguments: ["lists", "add", long]), Step(arguments: ["add", "-l", long] + odd),
            Step(arguments: ["add", "-"], stdin: odd.joined(separator: "\n")),
            Step(arguments: ["lists"]), Step(arguments: ["list", "--all", "--format", "json"]),
            Step(arguments: ["list", "--all", "--match", "E"]),
            Step(arguments: ["count", "--match", "\u{E9}"]),
            Step(arguments: ["export", "--all"]),
            Step(arguments: ["export", "--all", "--format", "json"]),
            Step(arguments: ["lists", "rename", long, "short"]), Step(arguments: ["undo"]),
        ]
        steps.append(Step(arguments: ["import", "-"], stdin: "## \(odd[0])\n- [x] \(odd[1])\n"))
        steps.append(Step(arguments: ["list", "--all"]))
        try expectSameOutput(steps)
    }

    @Test(arguments: scenarios.map(\.0))
    func theEnginesAgree(_ name: String) throws {
        let steps = try #require(Self.scenarios.first { $0.0 == name }?.1)
        try expectSameOutput(steps)
    }

    @Test func aBackupOfTheServerIsTheFileTheFileEngineWouldHave() throws {
        let commands = Self.steps(
            "add -l camping Tent Stove Map", "lists add size --mode single", "add -l size S M",
            "check 1,5", "delete 2", "rename 3 Big_map", "move 3 --to 1")
        try expectSameOutput(commands)
        let backup = server.folder.appendingPathComponent("offline.db").path
        let made = try server.run(
            ["backup", backup], stdin: Data(), environment: ["CHECKLIST_DB": serverURI])
        #expect(made.status == 0, "\(made)")
        // The copy opens as a file, with the same lists, IDs, history and authors, and undo
        // walks back as the server's would.
        let author = ["LOGNAME": "postgres"]
        for arguments in [
            ["list", "--all", "--format", "json"], ["history", "--format", "json"], ["lists"],
            ["undo"], ["undo"], ["list", "--all", "--format", "json"], ["add", "New"],
        ] {
            let offline = try server.run(
                arguments, stdin: Data(),
                environment: author.merging(["CHECKLIST_DB": backup]) { $1 })
            let onFile = try file.run(arguments, stdin: Data(), environment: author)
            #expect(offline.status == onFile.status, "\(arguments)")
            #expect(
                Self.normalized(offline.stdout) == Self.normalized(onFile.stdout), "\(arguments)")
            #expect(
                Self.normalized(offline.stderr) == Self.normalized(onFile.stderr), "\(arguments)")
        }
    }

    /// Random command lines from the contract's grammar: IDs, ranges, lists, filters, undo.
    @Test(arguments: [1, 2, 3])
    func randomCommandLinesAgree(_ round: UInt64) throws {
        let seed = SeededGenerator.seed() &+ round
        var random = SeededGenerator(seed: seed)
        var steps: [Step] = []
        for _ in 0..<40 { steps.append(Self.randomStep(&random)) }
        try expectSameOutput(steps, seed: seed)
    }

    static func randomStep(_ random: inout SeededGenerator) -> Step {
        func ids() -> String {
            let count = Int(random.next() % 3) + 1
            return (0..<count).map { _ in
                let first = random.next() % 12 + 1
                return random.next() % 3 == 0 ? "\(first)-\(first + random.next() % 4)" : "\(first)"
            }.joined(separator: ",")
        }
        let lists = ["default", "camping", "trip"]
        let list = lists[Int(random.next() % 3)]
        let extra = random.next() % 4 == 0 ? ["--ignore-missing"] : []
        switch random.next() % 14 {
        case 0, 1:
            var titles: [String] = []
            for _ in 0...(random.next() % 3) { titles.append("item \(random.next() % 100)") }
            return Step(
                arguments: ["add", "-l", list] + titles
                    + (random.next() % 5 == 0 ? ["--checked"] : []))
        case 2: return Step(arguments: ["check", ids()] + extra)
        case 3: return Step(arguments: ["uncheck", ids()] + extra)
        case 4: return Step(arguments: ["toggle", ids()] + extra)
        case 5: return Step(arguments: ["delete", ids()] + extra)
        case 6: return Step(arguments: ["check", "--all", "-l", list])
        case 7: return Step(arguments: ["uncheck", "--all", "-l", list])
        case 8: return Step(arguments: ["delete", "--checked", "-l", list])
        case 9:
            return Step(arguments: [
                "rename", "\(random.next() % 12 + 1)", "renamed \(random.next() % 9)",
            ])
        case 10: return Step(arguments: ["undo"])
        case 11: return Step(arguments: ["list", "--all", "--format", "json"])
        case 12: return Step(arguments: ["count", "-l", list])
        default: return Step(arguments: ["history", "--format", "json"])
        }
    }

    /// Runs every step on both engines and expects the same results, with the whole state
    /// compared after each step.
    private func expectSameOutput(_ steps: [Step], seed: UInt64? = nil) throws {
        let author = ["LOGNAME": "postgres"]
        for (index, step) in steps.enumerated() {
            let onFile = try file.run(
                step.arguments, stdin: Data(step.stdin.utf8), environment: author)
            let onServer = try server.run(
                step.arguments, stdin: Data(step.stdin.utf8),
                environment: ["CHECKLIST_DB": serverURI])
            let context = "step \(index + 1): \(step)" + (seed.map { " (seed \($0))" } ?? "")
            #expect(
                onServer.status == onFile.status, "\(context)\nfile: \(onFile)\nserver: \(onServer)"
            )
            #expect(
                Self.normalized(onServer.stdout) == Self.normalized(onFile.stdout), "\(context)")
            #expect(
                Self.normalized(onServer.stderr) == Self.normalized(onFile.stderr), "\(context)")
            if onServer.status != onFile.status { return }
        }
        let everything = ["list", "--all", "--format", "json"]
        #expect(
            Self.normalized(
                try server.run(everything, stdin: Data(), environment: ["CHECKLIST_DB": serverURI])
                    .stdout)
                == Self.normalized(
                    try file.run(everything, stdin: Data(), environment: author).stdout))
    }

    /// Timestamps are the clock's: the ISO form of JSON and the minutes of `history`, as the
    /// README's examples normalise them.
    static func normalized(_ text: String) -> String {
        ReadmeExample.normalized(text)
    }
}
