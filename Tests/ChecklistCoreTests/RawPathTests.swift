import ChecklistTestSupport
import Testing

@testable import ChecklistCore
@testable import ChecklistModel

/// `RawPath`: a path's bytes through a `String` and back, unchanged, however it is joined.
@Suite struct RawPathTests {
    @Test func anyBytesComeBackAsTheyWereAndUTF8StaysText() {
        var random = SplitMix(seed: 18)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 12)).map { _ in
                UInt8(truncatingIfNeeded: random.next())
            }
            .filter { $0 != 0 }
            let text = RawPath.decode(bytes)
            #expect(RawPath.bytes(of: text) == bytes, "\(bytes)")
            #expect(RawPath.bytes(of: text + "-wal") == bytes + Array("-wal".utf8))
        }
        #expect(RawPath.decode(Array("café/x.db".utf8)) == "café/x.db")
        #expect(!RawPath.hasRawBytes("café/x.db"))
    }

    @Test func shownAndSQLiteForms() {
        // "caf\xE9 ?.db"
        let path = RawPath.decode([0x63, 0x61, 0x66, 0xE9, 0x20, 0x3F, 0x2E, 0x64, 0x62])
        #expect(RawPath.shown(path) == "caf\\xE9 ?.db")
        #expect(RawPath.forSQLite(path) == "file:caf%E9%20%3F.db")
        #expect(RawPath.forSQLite(RawPath.decode([0x2F, 0x2F, 0xE9])) == "file:/.//%E9")
        #expect(RawPath.forSQLite("plain.db") == "plain.db")
    }
}
