import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistTestSupport
import ChecklistTransfer
import Foundation
import Testing

/// Export then import gives the same lists: names, modes, titles in order, selection. Random
/// stores of random lists, written by `ExportWriter` and read by `ImportDocument` into an empty
/// store, in both formats, without a process. A failure names its seed;
/// `CHECKLIST_TEST_SEED=N swift test` replays it.
@Suite struct TransferRoundTripTests {
    /// 40 runs on a file, 10 on a server (each server run makes three databases).
    @Test(
        arguments: Engine.all.flatMap { engine in
            (0..<(engine == .file ? 40 : 10)).map { (engine, $0) }
        })
    func exportThenImportGivesTheSameLists(_ engine: Engine, _ run: Int) throws {
        let seed = Self.seed(run)
        var random = SplitMix(seed: seed)
        let original = try Self.randomStore(&random, on: engine)
        for format in TransferFormat.allCases {
            let copy = try engine.emptyStore()
            try copy.importDocument(try ImportDocument.parse(try Self.export(original, format)))
            #expect(try copy.lists() == original.lists(), "seed \(seed), \(format)")
            #expect(
                try Self.contents(copy) == Self.contents(original), "seed \(seed), \(format)")
        }
    }

    @Test(arguments: Engine.all) func namesThatSwiftCallsEqualStayTwoLists(_ engine: Engine) throws
    {
        // "é" as one code point and as "e" + U+0301: Swift's == calls them equal, SQLite and
        // the user do not.
        let store = try engine.emptyStore()
        try store.add([try Title("one")], to: ListName("\u{E9}t\u{E9}"))
        try store.add([try Title("two")], to: ListName("e\u{301}te\u{301}"))
        for format in TransferFormat.allCases {
            let copy = try engine.emptyStore()
            try copy.importDocument(try ImportDocument.parse(try Self.export(store, format)))
            #expect(try copy.lists().count == 2, "\(format)")
        }
    }

    // MARK: - Helpers

    static func export(_ store: ChecklistStore, _ format: TransferFormat) throws -> [UInt8] {
        var output = ByteBuffer()
        var writer = ExportWriter(format: format)
        try store.forEachList(
            in: .all, lists: { writer.begin($0, to: &output) },
            items: { writer.write($0, to: &output) })
        writer.finish(to: &output)
        return output.bytes
    }

    /// Each list's name, mode and items (title, selection) in order.
    static func contents(_ store: ChecklistStore) throws -> [String] {
        try store.items(in: .all).map { item in
            "\(item.list.text.unicodeScalars.map(\.value)) \(item.position) "
                + "\(item.isSelected) \(item.title.unicodeScalars.map(\.value))"
        }
    }

    static func randomStore(_ random: inout SplitMix, on engine: Engine) throws -> ChecklistStore {
        let store = try engine.emptyStore()
        for _ in 0..<(1 + random.next(4)) {
            let name = try ListName(randomText(&random))
            let mode: ListMode = random.next(3) == 0 ? .single : .multiple
            if (try? store.addList(named: name, mode: mode)) == nil { continue }
            let count = random.next(6)
            let titles = try (0..<count).map { _ in try Title(randomText(&random)) }
            let ids = try store.add(titles, to: name)
            if mode == .single, let choice = ids.randomElement(using: &random) {
                try store.check(.ids(IDSet(ids: [choice])))
            } else {
                let checked = ids.filter { _ in random.next(2) == 0 }
                if !checked.isEmpty { try store.check(.ids(IDSet(ids: checked))) }
            }
        }
        return store
    }

    /// Text a person might type: letters of several scripts, combining marks, emoji, Markdown
    /// and JSON punctuation, inner spaces; never blank, never a line break.
    static func randomText(_ random: inout SplitMix) -> String {
        let pieces = [
            "Tent", "tent", "é", "e\u{301}", "Straße", "日本", "🏕️", "👨‍👩‍👧", "\"", "\\", "[x]",
            "- [ ]", "#", "##", "*", "`code`", "<!-- c -->", "{", "}", ",", ":", "\u{1B}[31m",
            "\t", "a b", "Ω", "Ж", "٣", "\u{200F}", "%", "'", "→",
        ]
        var text = ""
        for _ in 0..<(1 + random.next(4)) { text += pieces[random.next(pieces.count)] }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { text += "x" }
        return text
    }

    private static func seed(_ run: Int) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"],
            let seed = UInt64(text)
        {
            return seed &+ UInt64(run)
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}

/// Bytes written in memory, as a file would get them.
struct ByteBuffer: TextOutputStream, ByteOutput {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    mutating func write(bytes more: some Collection<UInt8>) { bytes.append(contentsOf: more) }
}
