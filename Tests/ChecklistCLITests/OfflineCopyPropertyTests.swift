import ChecklistTestSupport
import Foundation
import Testing

/// Issue 31's seeded property test: three copies and the server itself take random commands
/// (add, check, uncheck, toggle, rename, move to another list, delete, reset, delete
/// --checked, moves into added lists, lists add / rename / delete / mode, also of lists that
/// hold items, and checks in single-choice lists) with
/// random syncs, some of them
/// killed (-9) mid-way; after a final round of syncs every copy equals the server, and both
/// equal a model of the merge rules written here, independently of the program's merge code.
/// `CHECKLIST_TEST_SEED=N` replays a run.
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
        var list: Field<String>
    }

    /// What a copy or the server sees of an item.
    struct Seen: Equatable {
        var title: String
        var checked: Bool
        var list: String
    }

    enum Edit {
        case create(Int64, String, String, Int)
        case title(Int64, String, Int)
        case check(Int64, Bool, Int)
        case move(Int64, String, Int)
        case delete(Int64)
        /// The lists the test adds (`x…`; items move into them): merged by name, in the order
        /// the changes reach the server.
        case createList(String)
        case renameList(String, String)
        case deleteList(String)
        case setMode(String, String)
    }

    /// The lists every database has from the start: items move between the first two;
    /// `pick` is single choice.
    static let lists = ["default", "other", "pick"]

    struct Model {
        var server: [Int64: ModelItem] = [:]
        var deleted: Set<Int64> = []
        /// Each copy's items as it sees them, and its unsent changes (each a command's edits,
        /// at its time).
        var views: [[Int64: Seen]] = []
        var pending: [[(edits: [Edit], time: Int)]] = []
        /// The added lists, name to mode: the server's, and each copy's.
        var serverLists: [String: String] = [:]
        var listViews: [[String: String]] = []

        /// Applies one change's edits to the server by the rules: the later edit of a field
        /// wins; a delete wins over everything; then a single-choice list with several items
        /// checked keeps the latest check, the others unchecked at the change's time.
        mutating func apply(_ edits: [Edit], at changeTime: Int) {
            for edit in edits {
                switch edit {
                case .create(let id, let title, let list, let time):
                    if server[id] == nil, !deleted.contains(id) {
                        server[id] = ModelItem(
                            title: Field(value: title, time: time),
                            checked: Field(value: false, time: time),
                            list: Field(value: list, time: time))
                    }
                case .title(let id, let title, let time):
                    if let item = server[id], time > item.title.time {
                        server[id]?.title = Field(value: title, time: time)
                    }
                case .check(let id, let value, let time):
                    if let item = server[id], time > item.checked.time {
                        server[id]?.checked = Field(value: value, time: time)
                    }
                case .move(let id, let list, let time):
                    if let item = server[id], time > item.list.time {
                        server[id]?.list = Field(value: list, time: time)
                        // A move names its list: gone there, it is made again (multiple).
                        if !OfflineCopyPropertyTests.lists.contains(list), serverLists[list] == nil
                        {
                            serverLists[list] = "multiple"
                        }
                    }
                case .delete(let id):
                    server[id] = nil
                    deleted.insert(id)
                case .renameList(let from, let to):
                    // The items in it go with it, whoever put them there.
                    if serverLists[from] != nil, serverLists[to] == nil {
                        for (id, item) in server where item.list.value == from {
                            server[id]?.list.value = to
                        }
                    }
                    Self.apply(edit, to: &serverLists)
                case .deleteList(let name):
                    // Items put there elsewhere keep it.
                    if !server.values.contains(where: { $0.list.value == name }) {
                        Self.apply(edit, to: &serverLists)
                    }
                case .createList, .setMode:
                    Self.apply(edit, to: &serverLists)
                }
            }
            let single = Set(["pick"] + serverLists.filter { $0.value == "single" }.keys)
            for list in single {
                let checked = server.filter {
                    $0.value.list.value == list && $0.value.checked.value
                }
                guard checked.count > 1,
                    let keeper = checked.max(by: {
                        ($0.value.checked.time, $0.key) < ($1.value.checked.time, $1.key)
                    })?.key
                else { continue }
                for id in checked.keys where id != keeper {
                    server[id]?.checked = Field(value: false, time: changeTime)
                }
            }
        }

        /// A list edit by the rules: a list made where one of its name is, is that one; a
        /// rename of a list gone, or to a name taken, changes nothing; a mode is set as it
        /// arrives.
        static func apply(_ edit: Edit, to lists: inout [String: String]) {
            switch edit {
            case .createList(let name):
                if lists[name] == nil { lists[name] = "multiple" }
            case .renameList(let from, let to):
                if let mode = lists[from], lists[to] == nil {
                    lists[from] = nil
                    lists[to] = mode
                }
            case .deleteList(let name): lists[name] = nil
            case .setMode(let name, let mode): if lists[name] != nil { lists[name] = mode }
            default: break
            }
        }

        func serverView() -> [Int64: Seen] {
            server.mapValues {
                Seen(title: $0.title.value, checked: $0.checked.value, list: $0.list.value)
            }
        }

        mutating func sync(_ copy: Int) {
            for change in pending[copy] { apply(change.edits, at: change.time) }
            pending[copy] = []
            views[copy] = serverView()
            listViews[copy] = serverLists
        }
    }

    /// The edits a command makes, seen from `view`, at `time`; the arguments that make it.
    static func command(
        _ kind: Int, id: Int64, list: String, view: [Int64: Seen], lists: [String: String],
        pick: Int, step: Int, time: Int
    ) -> (arguments: [String], edits: [Edit]) {
        let added = lists.keys.sorted()
        let some = added.isEmpty ? nil : added[pick % added.count]
        func isSingle(_ list: String) -> Bool { list == "pick" || lists[list] == "single" }
        func holdsItems(_ list: String) -> Bool { view.values.contains { $0.list == list } }
        /// A check in a single-choice list unchecks the others there.
        func check(_ id: Int64) -> [Edit] {
            guard let list = view[id]?.list, isSingle(list) else { return [.check(id, true, time)] }
            return [.check(id, true, time)]
                + view.filter { $0.key != id && $0.value.list == list && $0.value.checked }
                .map { .check($0.key, false, time) }
        }
        let item = view[id]
        switch kind {
        case 1:
            return (["check", "-q", String(id)], item?.checked == false ? check(id) : [])
        case 2:
            return (
                ["uncheck", "-q", String(id)],
                item?.checked == true ? [.check(id, false, time)] : []
            )
        case 3:
            return (
                ["toggle", "-q", String(id)],
                item?.checked == true ? [.check(id, false, time)] : check(id)
            )
        case 4:
            return (["rename", "-q", String(id), "t\(step)"], [.title(id, "t\(step)", time)])
        case 5:
            return (["delete", "-q", String(id)], [.delete(id)])
        case 6:
            let list = item?.list ?? "default"
            return (
                ["uncheck", "-q", "--all", "-l", list],
                view.filter { $0.value.list == list && $0.value.checked }
                    .map { .check($0.key, false, time) }
            )
        case 7:
            let list = item?.list ?? "default"
            return (
                ["delete", "-q", "--checked", "--yes", "-l", list],
                view.filter { $0.value.list == list && $0.value.checked }.map { .delete($0.key) }
            )
        case 8:
            // Between the two multiple-choice lists (the other items of both renumbered).
            guard let from = item?.list, !isSingle(from) else { return (["count"], []) }
            let to = from == "default" ? "other" : "default"
            return (["move", "-q", String(id), "-l", to], [.move(id, to, time)])
        case 9:
            return (["lists", "add", "-q", "x\(step)"], [.createList("x\(step)")])
        case 10:
            guard let some else { return (["count"], []) }
            return (["lists", "rename", "-q", some, "x\(step)"], [.renameList(some, "x\(step)")])
        case 11:
            // `lists delete` refuses a list that holds items (exit 3).
            guard let some, !holdsItems(some) else { return (["count"], []) }
            return (["lists", "delete", "-q", some], [.deleteList(some)])
        case 12:
            // Single choice with items would need --keep: only a list without items here.
            guard let some, let mode = lists[some], !holdsItems(some) else {
                return (["count"], [])
            }
            let other = mode == "single" ? "multiple" : "single"
            return (["lists", "mode", "-q", some, other], [.setMode(some, other)])
        case 13:
            // Into an added multiple-choice list: added lists hold items.
            guard let from = item?.list, !isSingle(from), let some, lists[some] == "multiple",
                some != from
            else { return (["count"], []) }
            return (["move", "-q", String(id), "-l", some], [.move(id, some, time)])
        default:
            return (["add", "-l", list, "a\(step)"], [])
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
        // The server starts with three items in `default` and the lists `other` and `pick`
        // (single choice); each copy is cloned from it.
        #expect(try on(uri, ["add", "-q", "Tent", "Stove", "Map"]).status == 0)
        #expect(try on(uri, ["lists", "add", "-q", "other"]).status == 0)
        #expect(try on(uri, ["lists", "add", "-q", "pick"]).status == 0)
        #expect(try on(uri, ["lists", "mode", "-q", "pick", "single"]).status == 0)
        time += 1
        model.apply(
            (Int64(1)...3).map {
                .create($0, ["Tent", "Stove", "Map"][Int($0) - 1], "default", time)
            },
            at: time)
        for copy in 0..<3 {
            #expect(
                try on(uri, ["clone", "--as", ["ana", "bob", "cy"][copy], uri, path(copy)]).status
                    == 0)
            model.views.append(model.serverView())
            model.pending.append([])
            model.listViews.append([:])
        }
        var log: [String] = []
        for step in 0..<60 {
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
            // Moves into added lists (13) drawn three times as often: lists that hold items
            // are what renames, deletes and modes of lists then meet.
            let kind = ids.isEmpty ? 0 : min(random.next(16), 13)
            let id = ids.isEmpty ? 0 : ids[random.next(ids.count)]
            let list = Self.lists[random.next(Self.lists.count)]
            let lists = actor < 3 ? model.listViews[actor] : model.serverLists
            var (arguments, edits) = Self.command(
                kind, id: id, list: list, view: view, lists: lists, pick: random.next(1000),
                step: step, time: time)
            let result = try on(database, arguments)
            #expect(
                result.status == 0,
                "seed \(seed) step \(step): \(actor) \(arguments) \(result.stderr)\n\(log.joined(separator: "\n"))"
            )
            if arguments.first == "add" {
                guard let added = Int64(result.stdout.trimmingCharacters(in: .newlines)) else {
                    Issue.record("seed \(seed): add printed \(result.stdout)")
                    return
                }
                edits.append(.create(added, "a\(step)", list, time))
            }
            log.append("\(actor): \(arguments.joined(separator: " "))")
            if actor == 3 {
                model.apply(edits, at: time)
            } else {
                var local = model.views[actor]
                for edit in edits {
                    switch edit {
                    case .create(let id, let title, let list, _):
                        local[id] = Seen(title: title, checked: false, list: list)
                    case .title(let id, let title, _): local[id]?.title = title
                    case .check(let id, let value, _): local[id]?.checked = value
                    case .move(let id, let list, _): local[id]?.list = list
                    case .delete(let id): local[id] = nil
                    case .renameList(let from, let to):
                        for (id, item) in local where item.list == from { local[id]?.list = to }
                        Model.apply(edit, to: &model.listViews[actor])
                    case .createList, .deleteList, .setMode:
                        Model.apply(edit, to: &model.listViews[actor])
                    }
                }
                model.views[actor] = local
                model.pending[actor].append((edits, time))
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
        // The added lists as the model says: names and modes.
        let exported = try #require(
            try JSONSerialization.jsonObject(with: Data(server.utf8)) as? [String: Any])
        var lists: [String: String] = [:]
        for list in exported["lists"] as? [[String: Any]] ?? [] {
            guard let name = list["name"] as? String, name.hasPrefix("x") else { continue }
            lists[name] = list["mode"] as? String ?? ""
        }
        #expect(
            lists == model.serverLists, "seed \(seed)\n\(log.joined(separator: "\n"))")
        // Every item as the model says: IDs, titles and states; none given twice.
        let listed = try on(uri, ["list", "--all", "--format", "json"]).stdout
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        var found: [Int64: Seen] = [:]
        for item in items {
            let id = Int64(item["id"] as? Int ?? -1)
            #expect(found[id] == nil, "seed \(seed): ID \(id) twice")
            found[id] = Seen(
                title: item["title"] as? String ?? "",
                checked: item["isSelected"] as? Bool ?? false,
                list: item["list"] as? String ?? "")
        }
        let expected = model.serverView()
        #expect(
            found.keys.sorted() == expected.keys.sorted(),
            "seed \(seed)\n\(log.joined(separator: "\n"))")
        for (id, item) in expected {
            #expect(
                found[id] == item,
                "seed \(seed): item \(id) is \(String(describing: found[id])), the model says \(item)\n\(log.joined(separator: "\n"))"
            )
        }
    }
}
