import Foundation
import Testing

/// Promise 1: 8 processes × 300 mixed commands on one database at once: no lock errors, and
/// the end state is exactly what a model of all the commands predicts.
@Suite(.runsProcesses) final class ConcurrencyTests {
    let cli: CLI

    init() throws {
        cli = try CLI()
    }

    static let writers = 8
    static let commandsPerWriter = 300
    static let itemsPerWriter = 12

    @Test func eightProcessesCreatingOneDatabaseAtOnceAllSucceed() throws {
        // The switch to WAL takes an exclusive lock for which SQLite calls no busy handler:
        // before the opener retried it, about one first write in sixty failed with "busy".
        let rounds = try cli.startScript(
            """
            for round in $(seq 1 40); do
                db="round-$round.db"
                for i in 1 2 3 4 5 6 7 8; do
                    CHECKLIST_DB="$db" "$CHECKLIST" add -q -l x "item $i" > /dev/null &
                done
                wait
                count=$(CHECKLIST_DB="$db" "$CHECKLIST" list -l x --format ids | wc -l)
                [ "$count" -eq 8 ] || echo "round $round: $count items"
            done
            """
        ).finish()
        #expect(rounds.status == 0)
        #expect(rounds.stdout == "")
        #expect(rounds.stderr == "")
    }

    @Test func readersNeverTakeAGrowingDatabaseForADamagedOne() throws {
        // A checkpoint writes the new page count in the file's header before the pages that
        // grow the file; a reader looking at the file in between must not call it truncated.
        let titles = (1...20000).map { "a longer title for item \($0) to grow the file\n" }.joined()
        try Data(titles.utf8).write(to: cli.folder.appendingPathComponent("titles.txt"))
        let writer = try cli.startScript(
            """
            for i in $(seq 1 15); do
                "$CHECKLIST" add -q - < titles.txt > /dev/null || { touch writer-done; exit 1; }
            done
            touch writer-done
            """)
        // The reader runs for as long as the writer does.
        let reader = try cli.startScript(
            """
            while [ ! -e writer-done ]; do
                "$CHECKLIST" count > /dev/null || { echo "a read failed" >&2; exit 1; }
            done
            """)
        let read = try reader.finish()
        let wrote = try writer.finish()
        #expect(read.status == 0, "\(read)")
        #expect(wrote.status == 0, "\(wrote)")
    }

    @Test(.fileOnly) func concurrentWritersLoseNothing() throws {
        let seed = SeededGenerator.seed()
        var random = SeededGenerator(seed: seed)
        // Each writer owns a list of items; all of them also append to one shared list, whose
        // length must add up to the number of appends.
        var models: [WriterModel] = []
        for writer in 0..<Self.writers {
            let titles = (0..<Self.itemsPerWriter).map { "w\(writer) item \($0)" }
            let added = try cli.run(["add", "-q", "-l", "w\(writer)"] + titles, stdin: Data())
            let ids = added.stdout.split(separator: "\n").compactMap { Int64($0) }
            try #require(ids.count == Self.itemsPerWriter)
            models.append(WriterModel(writer: writer, ids: ids, titles: titles))
        }
        let scripts = (0..<Self.writers).map { writer in
            (0..<Self.commandsPerWriter).map { step in
                models[writer].nextCommand(step: step, using: &random)
            }
        }
        let running = try scripts.map { commands in
            try cli.startScript(
                commands.map { "\"$CHECKLIST\" \($0) -q || echo \"exit $?: \($0)\" >&2" }
                    .joined(separator: "\n"))
        }
        for (writer, process) in running.enumerated() {
            let result = try process.finish()
            #expect(result.stderr == "", "writer \(writer), seed \(seed): \(result.stderr)")
        }

        let stored = try StoredState.items(at: cli.databasePath)
        for model in models {
            let mine = stored.filter { $0.list == "w\(model.writer)" }
            #expect(mine.map(\.id) == model.expectedIDs, "writer \(model.writer), seed \(seed)")
            #expect(mine.map(\.title) == model.expectedTitles, "seed \(seed)")
            #expect(mine.map(\.isSelected) == model.expectedSelection, "seed \(seed)")
        }
        let shared = stored.filter { $0.list == "shared" }
        let appended = models.flatMap(\.sharedTitles)
        #expect(shared.count == appended.count, "seed \(seed)")
        #expect(Set(shared.map(\.title)) == Set(appended), "seed \(seed)")
        #expect(shared.map(\.position) == Array(1...Int64(appended.count)), "seed \(seed)")
        #expect(try StoredState.integrity(at: cli.databasePath) == "ok")
    }
}

/// What one writer's commands should leave behind.
struct WriterModel {
    let writer: Int
    private var items: [(id: Int64, title: String, isSelected: Bool)]
    private(set) var sharedTitles: [String] = []

    init(writer: Int, ids: [Int64], titles: [String]) {
        self.writer = writer
        items = zip(ids, titles).map { ($0, $1, false) }
    }

    var expectedIDs: [Int64] { items.map(\.id) }
    var expectedTitles: [String] { items.map(\.title) }
    var expectedSelection: [Bool] { items.map(\.isSelected) }

    /// Picks a command, applies it to the model, and returns it as shell words.
    mutating func nextCommand(step: Int, using random: inout SeededGenerator) -> String {
        let list = "w\(writer)"
        let roll = Int.random(in: 0..<100, using: &random)
        guard !items.isEmpty, roll >= 20 else {
            let title = "w\(writer) shared \(step)"
            sharedTitles.append(title)
            return "add -l shared '\(title)'"
        }
        let index = Int.random(in: 0..<items.count, using: &random)
        let id = items[index].id
        switch roll {
        case 20..<40:
            items[index].isSelected = true
            return "check \(id)"
        case 40..<55:
            items[index].isSelected = false
            return "uncheck \(id)"
        case 55..<75:
            items[index].isSelected.toggle()
            return "toggle \(id)"
        case 75..<85:
            items[index].title = "w\(writer) renamed \(step)"
            return "rename \(id) '\(items[index].title)'"
        case 85..<90 where items.count > 3:
            items.remove(at: index)
            return "delete \(id)"
        case 90..<95:
            for i in items.indices { items[i].isSelected = true }
            return "check --all -l \(list)"
        default:
            for i in items.indices { items[i].isSelected = false }
            return "uncheck --all -l \(list)"
        }
    }
}
