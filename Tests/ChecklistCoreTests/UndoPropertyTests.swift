import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistTestSupport
import ChecklistTransfer
import Foundation
import Testing

/// Random sequences of every kind of change, then undo all the way back: after each undo the
/// database must be exactly what it was before the change undone, and no single-choice list
/// may ever have two checked items. Seeded: `CHECKLIST_TEST_SEED=N` replays a failure.
@Suite struct UndoPropertyTests {
    /// Six runs on a file, three on a server.
    @Test(
        arguments: Engine.all.flatMap { engine in
            (0..<(engine == .file ? 6 : 3)).map { (engine, $0) }
        })
    func undoWalksBackThroughRandomChangesExactly(_ engine: Engine, _ run: Int) throws {
        let seed = Self.seed(run)
        var random = SplitMix(seed: seed)
        let store = try engine.emptyStore()
        var states: [[String]] = []
        var applied: [String] = []

        // Up to 45 changes: the journal keeps 50, so all of them can be undone. Many random
        // changes change nothing or are refused; 150 tries once gave only 39 (seed
        // 85543581879453995), so the tries are many more than the changes kept.
        for _ in 0..<600 where applied.count < 45 {
            let before = try store.rows()
            let description = try Self.randomChange(to: store, using: &random)
            guard let description else { continue }  // refused: nothing may have changed
            if try store.rows() == before { continue }
            states.append(before)
            applied.append(description)
            #expect(try Self.doubleChecked(store).isEmpty, "seed \(seed) after \(applied)")
        }
        #expect(applied.count == 45, "seed \(seed): too few changes to say much")
        for (state, description) in zip(states, applied).reversed() {
            try store.undo()
            #expect(try store.rows() == state, "seed \(seed): undo of \(description)")
        }
        #expect(throws: ChecklistError.nothingToUndo) { try store.undo() }
    }

    @Test(arguments: Engine.all) func refusedChangesChangeNothing(_ engine: Engine) throws {
        var random = SplitMix(seed: Self.seed(99))
        let store = try engine.emptyStore()
        var refused = 0
        for _ in 0..<120 {
            let before = try store.rows()
            let history = try store.history()
            if try Self.randomChange(to: store, using: &random) == nil {
                refused += 1
                #expect(try store.rows() == before)
                #expect(try store.history() == history)
            }
        }
        #expect(refused > 0)
    }

    // MARK: - Random changes

    /// Makes one random change; returns what it was, or nil when the store refused it.
    private static func randomChange(
        to store: ChecklistStore, using random: inout SplitMix
    ) throws -> String? {
        let lists: [ListName] = ["camping", "tents", "Tents", "groceries"]
        let list = lists[random.next(lists.count)]
        let ids = IDSet(ids: (0..<(1 + random.next(3))).map { _ in ItemID(1 + random.next(30)) })
        let id = ItemID(1 + random.next(30))
        let description: String
        do {
            switch random.next(14) {
            case 0, 1:
                let count = 1 + random.next(3)
                let titles = try (0..<count).map { _ in try Title("item \(random.next(1000))") }
                let checked = random.next(4) == 0
                try store.add(titles, to: list, checked: checked)
                description = "add \(count) to \(list) checked \(checked)"
            case 2:
                try store.check(.ids(ids), ignoringMissing: true)
                description = "check \(ids)"
            case 3:
                try store.uncheck(.ids(ids), ignoringMissing: true)
                description = "uncheck \(ids)"
            case 4:
                try store.toggle(.ids(ids), ignoringMissing: true)
                description = "toggle \(ids)"
            case 5:
                let all = random.next(2) == 0
                _ = try all ? store.check(.all(in: list)) : store.uncheck(.all(in: list))
                description = "\(all ? "check" : "uncheck") --all \(list)"
            case 6:
                try store.delete(.ids(ids), ignoringMissing: true)
                description = "delete \(ids)"
            case 7:
                try store.delete(.checked(in: list))
                description = "delete --checked \(list)"
            case 8:
                try store.rename(id, to: Title("renamed \(random.next(100))"))
                description = "rename \(id)"
            case 9:
                let targets: [MoveTarget] = [
                    .position(Int64(1 + random.next(5))), .before(ItemID(1 + random.next(30))),
                    .after(ItemID(1 + random.next(30))), .end,
                ]
                let target = targets[random.next(targets.count)]
                let into = random.next(2) == 0 ? list : nil
                try store.move(id, to: target, inList: into)
                description = "move \(id) \(target) into \(into?.text ?? "-")"
            case 10:
                try store.addList(named: list, mode: random.next(2) == 0 ? .single : .multiple)
                description = "lists add \(list)"
            case 11:
                let other = lists[random.next(lists.count)]
                try store.renameList(list, to: ListName(other.text + "\(random.next(3))"))
                description = "lists rename \(list)"
            case 12:
                let mode: ListMode = random.next(2) == 0 ? .single : .multiple
                let keeping = mode == .single && random.next(2) == 0 ? id : nil
                try store.setMode(mode, ofList: list, keeping: keeping)
                description = "lists mode \(list) \(mode) keep \(keeping.map(String.init) ?? "-")"
            default:
                if random.next(2) == 0 {
                    try store.deleteList(named: list, withItems: true)
                    description = "lists delete \(list)"
                } else {
                    let document = ImportDocument(lists: [
                        .init(
                            name: list.text, mode: nil,
                            items: [
                                .init(title: try Title("imported"), isSelected: random.next(2) == 0)
                            ])
                    ])
                    try store.importDocument(document)
                    description = "import into \(list)"
                }
            }
        } catch is ChecklistError {
            return nil
        }
        return description
    }

    /// Single-choice lists with more than one checked item.
    private static func doubleChecked(_ store: ChecklistStore) throws -> [String] {
        try store.lists().filter { $0.mode == .single && $0.checkedCount > 1 }.map(\.name.text)
    }

    /// `CHECKLIST_TEST_SEED` when set, else a fresh seed for each run.
    private static func seed(_ run: Int) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"],
            let seed = UInt64(text)
        {
            return seed &+ UInt64(run)
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}
