import ChecklistTestSupport
import Foundation
import Testing

/// Issue 31's seeded property test: three copies and the server itself take random commands
/// (add, check, uncheck, toggle, rename, set quantities and notes, move to another list, delete, reset, delete
/// --checked, moves and adds into added lists, lists add / rename / delete / mode, also of
/// lists that hold items, renamed or deleted on one copy while another adds to them, and
/// checks in single-choice lists) with
/// random syncs, some of them
/// killed (-9) mid-way; after a final round of syncs every copy equals the server, and both
/// equal a model of the merge rules written here, independently of the program's merge code.
/// Every overruled edit is told once on each side that should hear of it (issue 47): each
/// rename that loses to another author's, as the model says, to both authors' copies; and
/// every conflict between two copies' checks the same on both. `CHECKLIST_TEST_SEED=N`
/// replays a run.
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
        /// Who set it, and the server's revision when it arrived there (a copy whose last sync
        /// was before had not seen it).
        var author = ""
        var arrival = 0
    }

    struct ModelItem: Equatable {
        var title: Field<String>
        var checked: Field<Bool>
        var list: Field<ListKey>
        /// The declared fields (contract v5: quantity and note), each merged as the title is.
        var quantity = Field(value: "1", time: 0)
        var note = Field(value: "", time: 0)
    }

    /// A list as the server knows it: one of the three every database starts with, by name,
    /// or an added one by its identity (issue 47: a list renamed elsewhere is the same list).
    enum ListKey: Hashable {
        case fixed(String)
        case added(Int)
    }

    /// An added list on the server.
    struct ModelList: Equatable {
        var name: String
        var mode: String
    }

    /// An added list as a copy knows it: the server's identity when it came from there (nil:
    /// made on the copy since its last sync, merged by name), and its mode.
    struct KnownList: Equatable {
        var key: Int?
        var mode: String
    }

    /// A list an edit names: by the copy's name for it, with the identity it knows.
    struct ListRef: Equatable {
        var name: String
        var key: Int?
        var mode: String
    }

    /// What a copy or the server sees of an item.
    struct Seen: Equatable {
        var title: String
        var checked: Bool
        var list: String
        var quantity = "1"
        var note = ""
    }

    enum Edit {
        case create(Int64, String, ListRef, Int)
        case title(Int64, String, Int)
        /// `set --quantity` or `set --note`: the field's name and its value.
        case field(Int64, String, String, Int)
        case check(Int64, Bool, Int)
        case move(Int64, ListRef, Int)
        case delete(Int64)
        /// The lists the test adds (`x…`; items move into them): made on two copies under one
        /// name, one list; otherwise followed by identity, in the order the changes reach the
        /// server.
        case createList(String)
        case renameList(ListRef, String)
        case deleteList(ListRef)
        case setMode(ListRef, String)
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
        /// The added lists: the server's, by identity, and each copy's, by name.
        var serverLists: [Int: ModelList] = [:]
        var listViews: [[String: KnownList]] = []
        var nextList = 0
        /// The copies' authors; the server's revision (one a change); the revision each copy
        /// last synced at; and the renames overruled, as each copy should be told of them.
        var authors: [String] = []
        var revision = 0
        var lastSeen: [Int] = []
        var told: [[String]] = []

        /// The server's lists by name, as a copy learns them at a sync.
        var knownLists: [String: KnownList] {
            Dictionary(
                uniqueKeysWithValues: serverLists.map {
                    ($0.value.name, KnownList(key: $0.key, mode: $0.value.mode))
                })
        }

        /// The list an edit names, on the server: a fixed one by name; an added one by its
        /// identity, else (made offline) by name; nil when it is gone.
        func resolve(_ ref: ListRef) -> ListKey? {
            if OfflineCopyPropertyTests.lists.contains(ref.name) { return .fixed(ref.name) }
            if let key = ref.key { return serverLists[key] == nil ? nil : .added(key) }
            return named(ref.name)
        }

        func named(_ name: String) -> ListKey? {
            serverLists.first { $0.value.name == name }.map { .added($0.key) }
        }

        func name(_ list: ListKey) -> String {
            switch list {
            case .fixed(let name): name
            case .added(let key): serverLists[key]?.name ?? "?"
            }
        }

        /// The list an item is put in: the one it names; gone, one of its name there, else
        /// made again with its name and mode.
        mutating func listForAdding(_ ref: ListRef) -> ListKey {
            if let list = resolve(ref) ?? named(ref.name) { return list }
            nextList += 1
            serverLists[nextList] = ModelList(name: ref.name, mode: ref.mode)
            return .added(nextList)
        }

        /// Applies one change's edits to the server by the rules: the later edit of a field
        /// wins; a delete wins over everything; then a single-choice list with several items
        /// checked keeps the latest check, the others unchecked at the change's time. A
        /// copy's change (`author` one of `authors`) tells of each rename it overrules or loses
        /// to, of another author's: made before, it loses, told; made after one this copy had
        /// not seen (it arrived after the copy's last sync), it wins, told.
        mutating func apply(_ edits: [Edit], at changeTime: Int, author: String = "") {
            revision += 1
            let syncing = authors.firstIndex(of: author)
            for edit in edits {
                switch edit {
                case .create(let id, let title, let ref, let time):
                    if server[id] == nil, !deleted.contains(id) {
                        let list = listForAdding(ref)
                        server[id] = ModelItem(
                            title: Field(
                                value: title, time: time, author: author, arrival: revision),
                            checked: Field(value: false, time: time),
                            list: Field(value: list, time: time))
                    }
                case .title(let id, let title, let time):
                    merge(\.title, of: id, to: title, at: time, author: author, syncing) {
                        "rename to '\($0)'"
                    }
                case .field(let id, let name, let value, let time):
                    let path: WritableKeyPath<ModelItem, Field<String>> =
                        name == "quantity" ? \.quantity : \.note
                    merge(path, of: id, to: value, at: time, author: author, syncing) {
                        "change of the \(name) to " + (name == "note" ? "'\($0)'" : $0)
                    }
                case .check(let id, let value, let time):
                    if let item = server[id], time > item.checked.time {
                        server[id]?.checked = Field(value: value, time: time)
                    }
                case .move(let id, let ref, let time):
                    if let item = server[id], time > item.list.time {
                        let list = listForAdding(ref)
                        server[id]?.list = Field(value: list, time: time)
                    }
                case .delete(let id):
                    server[id] = nil
                    deleted.insert(id)
                case .createList(let name):
                    if named(name) == nil {
                        nextList += 1
                        serverLists[nextList] = ModelList(name: name, mode: "multiple")
                    }
                case .renameList(let ref, let to):
                    // The list the copy renamed, if it still has the name the copy knew and
                    // the new one is free: its items, wherever they were put, go with it.
                    if case .added(let key)? = resolve(ref), serverLists[key]?.name == ref.name,
                        named(to) == nil
                    {
                        serverLists[key]?.name = to
                    }
                case .deleteList(let ref):
                    // Items put there elsewhere keep it.
                    if let list = resolve(ref), case .added(let key) = list,
                        !server.values.contains(where: { $0.list.value == list })
                    {
                        serverLists[key] = nil
                    }
                case .setMode(let ref, let mode):
                    if case .added(let key)? = resolve(ref) { serverLists[key]?.mode = mode }
                }
            }
            let single =
                [ListKey.fixed("pick")]
                + serverLists.filter { $0.value.mode == "single" }.keys.map { ListKey.added($0) }
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

        /// A copy's (or the server's) edit of a field merged by its latest edit (the title, a
        /// quantity, a note): the later edit wins; an overruled one of another author's is
        /// told, worded by `words`, as `apply` says.
        private mutating func merge(
            _ path: WritableKeyPath<ModelItem, Field<String>>, of id: Int64, to value: String,
            at time: Int, author: String, _ syncing: Int?, words: (String) -> String
        ) {
            guard let field = server[id]?[keyPath: path] else { return }
            if let syncing, field.author != author, field.value != value, field.time > 0 {
                let mine = "\(author) \(words(value))"
                let theirs = "\(field.author) \(words(field.value))"
                if time < field.time {
                    tell("item \(id): \(mine) lost to \(theirs)", [author, field.author])
                } else if field.arrival > lastSeen[syncing] {
                    tell("item \(id): \(theirs) lost to \(mine)", [author, field.author])
                }
            }
            if time > field.time {
                server[id]?[keyPath: path] = Field(
                    value: value, time: time, author: author, arrival: revision)
            }
        }

        /// A list edit made on a copy, to its own lists.
        static func apply(_ edit: Edit, to lists: inout [String: KnownList]) {
            switch edit {
            case .createList(let name):
                if lists[name] == nil { lists[name] = KnownList(key: nil, mode: "multiple") }
            case .renameList(let ref, let to):
                if let list = lists[ref.name], lists[to] == nil {
                    lists[ref.name] = nil
                    lists[to] = list
                }
            case .deleteList(let ref): lists[ref.name] = nil
            case .setMode(let ref, let mode): lists[ref.name]?.mode = mode
            default: break
            }
        }

        /// A conflict each author's copy, if one, is told of: the syncing one now, the other
        /// at its next sync.
        private mutating func tell(_ line: String, _ sides: [String]) {
            for author in sides {
                if let copy = authors.firstIndex(of: author) { told[copy].append(line) }
            }
        }

        func serverView() -> [Int64: Seen] {
            server.mapValues {
                Seen(
                    title: $0.title.value, checked: $0.checked.value, list: name($0.list.value),
                    quantity: $0.quantity.value, note: $0.note.value)
            }
        }

        mutating func sync(_ copy: Int) {
            for change in pending[copy] {
                apply(change.edits, at: change.time, author: authors[copy])
            }
            pending[copy] = []
            lastSeen[copy] = revision
            views[copy] = serverView()
            listViews[copy] = knownLists
        }
    }

    /// The edits a command makes, seen from `view`, at `time`; the arguments that make it.
    static func command(
        _ kind: Int, id: Int64, list: String, view: [Int64: Seen], lists: [String: KnownList],
        pick: Int, step: Int, time: Int
    ) -> (arguments: [String], edits: [Edit]) {
        let added = lists.keys.sorted()
        let some = added.isEmpty ? nil : added[pick % added.count]
        func isSingle(_ list: String) -> Bool { list == "pick" || lists[list]?.mode == "single" }
        /// The list `name` as this database knows it.
        func ref(_ name: String) -> ListRef {
            ListRef(name: name, key: lists[name]?.key, mode: lists[name]?.mode ?? "multiple")
        }
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
            return (["move", "-q", String(id), "-l", to], [.move(id, ref(to), time)])
        case 9:
            return (["lists", "add", "-q", "x\(step)"], [.createList("x\(step)")])
        case 10:
            guard let some else { return (["count"], []) }
            return (
                ["lists", "rename", "-q", some, "x\(step)"], [.renameList(ref(some), "x\(step)")]
            )
        case 11:
            // `lists delete` refuses a list that holds items (exit 3).
            guard let some, !holdsItems(some) else { return (["count"], []) }
            return (["lists", "delete", "-q", some], [.deleteList(ref(some))])
        case 12:
            // Single choice with items would need --keep: only a list without items here.
            guard let some, let mode = lists[some]?.mode, !holdsItems(some) else {
                return (["count"], [])
            }
            let other = mode == "single" ? "multiple" : "single"
            return (["lists", "mode", "-q", some, other], [.setMode(ref(some), other)])
        case 13:
            // Into an added multiple-choice list: added lists hold items.
            guard let from = item?.list, !isSingle(from), let some,
                lists[some]?.mode == "multiple", some != from
            else { return (["count"], []) }
            return (["move", "-q", String(id), "-l", some], [.move(id, ref(some), time)])
        case 14:
            // Into an added list: against its rename or delete on another copy (issue 47).
            guard let some else { return (["count"], []) }
            return (["add", "-l", some, "a\(step)"], [])
        case 15:
            // A quantity (few values, so copies often set the same one: no edit then).
            let value = String(step % 4 + 2)
            return (
                ["set", "-q", String(id), "--quantity", value],
                item.map { $0.quantity == value } ?? true
                    ? [] : [.field(id, "quantity", value, time)]
            )
        case 16:
            return (
                ["set", "-q", String(id), "--note", "n\(step)"],
                [.field(id, "note", "n\(step)", time)]
            )
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
        let role = try TestServer.psql(uri, "SELECT current_user").trimmingCharacters(
            in: .whitespacesAndNewlines)
        model.authors = ["ana", "bob", "cy"]
        time += 1
        model.apply(
            (Int64(1)...3).map {
                .create(
                    $0, ["Tent", "Stove", "Map"][Int($0) - 1],
                    ListRef(name: "default", key: nil, mode: "multiple"), time)
            },
            at: time, author: role)
        for copy in 0..<3 {
            #expect(
                try on(uri, ["clone", "--as", ["ana", "bob", "cy"][copy], uri, path(copy)]).status
                    == 0)
            model.views.append(model.serverView())
            model.pending.append([])
            model.listViews.append([:])
            model.lastSeen.append(model.revision)
            model.told.append([])
        }
        var log: [String] = []
        // What each copy's syncs told, line by line (a sync killed tells nothing).
        var told: [[String]] = [[], [], []]
        for step in 0..<60 {
            let actor = random.next(4)  // 0-2: a copy, 3: the server itself
            if actor < 3, random.next(4) == 0 {
                // A sync, one in three killed somewhere and finished by the next at once.
                if random.next(3) == 0 {
                    // What it printed before the kill was told (it may have finished).
                    let delay = Double(random.next(60)) / 1000
                    told[actor] += try cli.pipeline(
                        """
                        CHECKLIST_DB='\(path(actor))' "$CHECKLIST" sync 2>/dev/null >cut.out & pid=$!
                        sleep \(delay); kill -9 $pid 2>/dev/null; wait $pid; cat cut.out
                        """
                    ).stdout.split(separator: "\n").map(String.init)
                }
                let synced = try on(path(actor), ["sync", "-q"])
                #expect(synced.status == 0, "seed \(seed) step \(step): \(synced.stderr)")
                told[actor] += synced.stdout.split(separator: "\n").map(String.init)
                model.sync(actor)
                log.append("sync \(actor)")
                continue
            }
            time += 1
            let database = actor < 3 ? path(actor) : uri
            let view = actor < 3 ? model.views[actor] : model.serverView()
            let ids = view.keys.sorted()
            // Moves into added lists (13) drawn three times as often, and adds into them (14)
            // twice: lists that hold items are what renames, deletes and modes of lists meet.
            // Quantities (15) and notes (16), the declared fields, four rolls in 24.
            let roll = random.next(24)
            let kind =
                ids.isEmpty ? 0 : roll >= 20 ? 15 + roll % 2 : roll >= 16 ? 14 : min(roll, 13)
            let id = ids.isEmpty ? 0 : ids[random.next(ids.count)]
            let list = Self.lists[random.next(Self.lists.count)]
            let lists = actor < 3 ? model.listViews[actor] : model.knownLists
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
                let addedTo = arguments[2]
                edits.append(
                    .create(
                        added, "a\(step)",
                        ListRef(
                            name: addedTo, key: lists[addedTo]?.key,
                            mode: lists[addedTo]?.mode ?? "multiple"), time))
            }
            log.append("\(actor): \(arguments.joined(separator: " "))")
            if actor == 3 {
                model.apply(edits, at: time, author: role)
            } else {
                var local = model.views[actor]
                for edit in edits {
                    switch edit {
                    case .create(let id, let title, let list, _):
                        local[id] = Seen(title: title, checked: false, list: list.name)
                    case .title(let id, let title, _): local[id]?.title = title
                    case .field(let id, let name, let value, _):
                        if name == "quantity" {
                            local[id]?.quantity = value
                        } else {
                            local[id]?.note = value
                        }
                    case .check(let id, let value, _): local[id]?.checked = value
                    case .move(let id, let list, _): local[id]?.list = list.name
                    case .delete(let id): local[id] = nil
                    case .renameList(let from, let to):
                        for (id, item) in local where item.list == from.name {
                            local[id]?.list = to
                        }
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
            let synced = try on(path(copy), ["sync", "-q"])
            #expect(synced.status == 0)
            told[copy] += synced.stdout.split(separator: "\n").map(String.init)
            model.sync(copy)
        }
        try expectTold(told, model: model, seed: seed, log: log)
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
            lists == model.knownLists.mapValues(\.mode),
            "seed \(seed)\n\(log.joined(separator: "\n"))")
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
                list: item["list"] as? String ?? "",
                quantity: (item["quantity"] as? Int).map(String.init) ?? "1",
                note: item["note"] as? String ?? "")
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

    /// Every overruled rename told once to each of its authors' copies, as the model says; and
    /// every conflict between two copies' checks told alike on both (each once).
    func expectTold(_ told: [[String]], model: Model, seed: UInt64, log: [String]) throws {
        let lines = (0..<3).map { copy in
            told[copy].compactMap { Self.conflict($0, me: model.authors[copy]) }
        }
        for copy in 0..<3 {
            // Renames, and changes of the declared fields (quantity, note), merged alike.
            let renames = lines[copy].filter {
                $0.what == ["rename", "rename"] || $0.what == ["change", "change"]
            }.map(\.text)
            #expect(
                renames.sorted() == model.told[copy].sorted(),
                "seed \(seed): \(model.authors[copy]) was told \(told[copy]), the model says \(model.told[copy])\n\(log.joined(separator: "\n"))"
            )
        }
        for (one, other) in [(0, 1), (0, 2), (1, 2)] {
            let pair = Set([model.authors[one], model.authors[other]])
            func checks(_ copy: Int) -> [String] {
                lines[copy].filter {
                    Set($0.authors) == pair
                        && $0.what.allSatisfy { ["check", "uncheck"].contains($0) }
                }.map(\.text).sorted()
            }
            #expect(
                checks(one) == checks(other),
                "seed \(seed): \(model.authors[one]) was told \(told[one]), \(model.authors[other]) \(told[other])\n\(log.joined(separator: "\n"))"
            )
        }
    }

    /// A conflict line about an item (`item 4 'Tent': your check (10:05:01, ana) lost to
    /// bob's uncheck (10:05:02)`), read back as `item 4: ana check lost to bob uncheck`, with
    /// each side's author and the first word of what it did; nil for other lines.
    static func conflict(_ line: String, me: String) -> (
        text: String, authors: [String], what: [String]
    )? {
        guard line.hasPrefix("item "), let colon = line.range(of: "': "),
            let id = line.dropFirst(5).split(separator: " ").first,
            let lost = line.range(of: " lost to ", range: colon.upperBound..<line.endIndex)
        else { return nil }
        /// One side: `your WHAT (TIME, AUTHOR)` or `AUTHOR's WHAT (TIME)`.
        func side(_ text: Substring) -> (author: String, what: String)? {
            guard let open = text.range(of: " (", options: .backwards) else { return nil }
            if text.hasPrefix("your ") {
                return (
                    me, String(text[text.index(text.startIndex, offsetBy: 5)..<open.lowerBound])
                )
            }
            guard let owner = text.range(of: "'s ") else { return nil }
            return (
                String(text[..<owner.lowerBound]), String(text[owner.upperBound..<open.lowerBound])
            )
        }
        guard let loser = side(line[colon.upperBound..<lost.lowerBound]),
            let winner = side(line[lost.upperBound...])
        else { return nil }
        let sides = [loser, winner]
        return (
            "item \(id): \(loser.author) \(loser.what) lost to \(winner.author) \(winner.what)",
            sides.map(\.author),
            sides.map { String($0.what.split(separator: " ").first ?? "") }
        )
    }
}
