import ChecklistTestSupport
import Foundation
import Testing

/// Issue 31's seeded property test: three copies and the server itself take random commands
/// (add, check, uncheck, toggle, rename, delete, reset, delete --checked) with random syncs,
/// some of them killed (-9) mid-way; after a final round of syncs every copy equals the server,
/// and both equal a model of the merge rules written here, independently of the program's
/// merge code. `CHECKLIST_TEST_SEED=N` replays a run.
@Suite(.runsProcesses, .enabled(if: TestServer.isAvailable, "\(TestServer.missing)"))
final class OfflineCopyPropertyTests {
    let cli: CLI
    let uri: String

    init() throws {
        cli = try CLI()
        uri = try TestServer.freshDatabase()
    }

    /// The model: per item, each field's value and the logical time of the edit that set it
    /// (commands run one after another, so their order is their time on every machine's
    /// clock); a deleted item stays deleted.
    struct Field<Value: Equatable>: Equatable {
        var value: Value
        var time: Int
    }

    struct ModelItem: Equatable {
        var title: Field<String>
        var checked: Field<Bool>
    }

    enum Edit {
        case create(Int64, String, Int)
        case title(Int64, String, Int)
        case check(Int64, Bool, Int)
        case delete(Int64)
    }

    struct Model {
        var server: [Int64: ModelItem] = [:]
        var deleted: Set<Int64> = []
        /// Each copy's items as it sees them (title, checked), and its unsent edits.
        var views: [[Int64: (String, Bool)]] = []
        var pending: [[Edit]] = []

        /// Applies edits to the server by the rules: the later edit of a field wins; a delete
        /// wins over everything.
        mutating func apply(_ edit: Edit) {
            switch edit {
            case .create(let id, let title, let time):
                if server[id] == nil, !deleted.contains(id) {
                    server[id] = ModelItem(
                        title: Field(value: title, time: time),
                        checked: Field(value: false, time: time))
                }
            case .title(let id, let title, let time):
                if let item = server[id], time > item.title.time {
                    server[id]?.title = Field(value: title, time: time)
                }
            case .check(let id, let value, let time):
                if let item = server[id], time > item.checked.time {
                    server[id]?.checked = Field(value: value, time: time)
                }
            case .delete(let id):
                server[id] = nil
                deleted.insert(id)
            }
        }

        func serverView() -> [Int64: (String, Bool)] {
            server.mapValues { ($0.title.value, $0.checked.value) }
        }

        mutating func sync(_ copy: Int) {
            for edit in pending[copy] { apply(edit) }
            pending[copy] = []
            views[copy] = serverView()
        }
    }

    private func on(_ database: String, _ arguments: [String]) throws -> CLI.Result {
        try cli.run(arguments, stdin: Data(), environment: ["CHECKLIST_DB": database])
    }

    private func path(_ copy: Int) -> String {
        cli.folder.appendingPathComponent("copy\(copy).db").path
    }

    @Test(arguments: 0..<2) func copiesAndTheServerMergeAsTheModelSays(_ run: Int) throws {
        let seed = SplitMix.seed() &+ UInt64(run)
        var random = SplitMix(seed: seed)
        var model = Model()
        var time = 0
        // The server starts with three items; each copy is cloned from it.
        #expect(try on(uri, ["add", "-q", "Tent", "Stove", "Map"]).status == 0)
        time += 1
        for id in Int64(1)...3 {
            model.apply(.create(id, ["Tent", "Stove", "Map"][Int(id) - 1], time))
        }
        for copy in 0..<3 {
            #expect(
                try on(uri, ["clone", "--as", ["ana", "bob", "cy"][copy], uri, path(copy)]).status
                    == 0)
            model.views.append(model.serverView())
            model.pending.append([])
        }
        var log: [String] = []
        for step in 0..<45 {
            let actor = random.next(4)  // 0-2: a copy, 3: the server itself
            if actor < 3, random.next(4) == 0 {
                // A sync, one in three killed somewhere and finished by the next at once.
                if random.next(3) == 0 {
                    let delay = Double(random.next(60)) / 1000
                    _ = try cli.pipeline(
                        """
                        CHECKLIST_DB='\(path(actor))' checklist sync >/dev/null 2>&1 & pid=$!
                        sleep \(delay); kill -9 $pid 2>/dev/null; wait $pid; true
                        """)
                }
                let synced = try on(path(actor), ["sync", "-q"])
                #expect(synced.status == 0, "seed \(seed) step \(step): \(synced.stderr)")
                model.sync(actor)
                log.append("sync \(actor)")
                continue
            }
            time += 1
            let database = actor < 3 ? path(actor) : uri
            let view = actor < 3 ? model.views[actor] : model.serverView()
            let ids = view.keys.sorted()
            var edits: [Edit] = []
            var arguments: [String]
            let kind = ids.isEmpty ? 0 : random.next(8)
            let id = ids.isEmpty ? 0 : ids[random.next(ids.count)]
            switch kind {
            case 1:
                arguments = ["check", "-q", String(id)]
                if view[id]?.1 == false { edits.append(.check(id, true, time)) }
            case 2:
                arguments = ["uncheck", "-q", String(id)]
                if view[id]?.1 == true { edits.append(.check(id, false, time)) }
            case 3:
                arguments = ["toggle", "-q", String(id)]
                edits.append(.check(id, !(view[id]?.1 ?? false), time))
            case 4:
                let title = "t\(step)"
                arguments = ["rename", "-q", String(id), title]
                edits.append(.title(id, title, time))
            case 5:
                arguments = ["delete", "-q", String(id)]
                edits.append(.delete(id))
            case 6:
                arguments = ["uncheck", "-q", "--all"]
                for (id, item) in view where item.1 { edits.append(.check(id, false, time)) }
            case 7:
                arguments = ["delete", "-q", "--checked", "--yes"]
                for (id, item) in view where item.1 { edits.append(.delete(id)) }
            default:
                arguments = ["add", "a\(step)"]
            }
            let result = try on(database, arguments)
            #expect(
                result.status == 0,
                "seed \(seed) step \(step): \(actor) \(arguments) \(result.stderr)\n\(log.joined(separator: "\n"))"
            )
            if kind == 0 {
                guard let added = Int64(result.stdout.trimmingCharacters(in: .newlines)) else {
                    Issue.record("seed \(seed): add printed \(result.stdout)")
                    return
                }
                edits.append(.create(added, "a\(step)", time))
            }
            log.append("\(actor): \(arguments.joined(separator: " "))")
            if actor == 3 {
                for edit in edits { model.apply(edit) }
            } else {
                var local = model.views[actor]
                for edit in edits {
                    switch edit {
                    case .create(let id, let title, _): local[id] = (title, false)
                    case .title(let id, let title, _): local[id]?.0 = title
                    case .check(let id, let value, _): local[id]?.1 = value
                    case .delete(let id): local[id] = nil
                    }
                }
                model.views[actor] = local
                model.pending[actor] += edits
            }
        }
        // A final round: every copy sends, then every copy brings what the others sent.
        for copy in [0, 1, 2, 0, 1] {
            #expect(try on(path(copy), ["sync", "-q"]).status == 0)
            model.sync(copy)
        }
        let server = try on(uri, ["export", "--all", "--format", "json"]).stdout
        for copy in 0..<3 {
            #expect(
                try on(path(copy), ["export", "--all", "--format", "json"]).stdout == server,
                "seed \(seed): copy \(copy)")
        }
        // Every item as the model says: IDs, titles and states; none given twice.
        let listed = try on(uri, ["list", "--all", "--format", "json"]).stdout
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        var found: [Int64: (String, Bool)] = [:]
        for item in items {
            let id = Int64(item["id"] as? Int ?? -1)
            #expect(found[id] == nil, "seed \(seed): ID \(id) twice")
            found[id] = (item["title"] as? String ?? "", item["isSelected"] as? Bool ?? false)
        }
        let expected = model.serverView()
        #expect(
            found.keys.sorted() == expected.keys.sorted(),
            "seed \(seed)\n\(log.joined(separator: "\n"))")
        for (id, item) in expected {
            #expect(
                found[id]?.0 == item.0 && found[id]?.1 == item.1,
                "seed \(seed): item \(id) is \(String(describing: found[id])), the model says \(item)\n\(log.joined(separator: "\n"))"
            )
        }
    }
}
