import ChecklistEditor
import Testing

@Suite struct KeyDecoderTests {
    @Test(arguments: [
        ("\u{1B}[A", EditorKey.up), ("\u{1B}[B", .down), ("\u{1B}OA", .up), ("\u{1B}[H", .home),
        ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}OH", .home),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
        ("\t", .tab), ("\r", .enter), ("\u{7F}", .backspace), ("j", .character("j")),
        (" ", .character(" ")), ("é", .character("é")), ("漢", .character("漢")),
    ])
    func decodesEachKey(bytes: String, key: EditorKey) {
        let decoded = KeyDecoder.decode(Array(bytes.utf8), isFinal: false)
        #expect(decoded.keys == [key])
        #expect(decoded.used == bytes.utf8.count)
    }

    @Test func aLoneEscapeWaitsForMoreBytesUntilTheWaitIsOver() {
        #expect(KeyDecoder.decode([0x1B], isFinal: false).keys.isEmpty)
        #expect(KeyDecoder.decode([0x1B], isFinal: false).used == 0)
        #expect(KeyDecoder.decode([0x1B], isFinal: true).keys == [.escape])
        #expect(KeyDecoder.decode(Array("\u{1B}[".utf8), isFinal: false).used == 0)
    }

    @Test func aSplitCharacterWaitsForItsLastByte() {
        let bytes = Array("é".utf8)
        #expect(KeyDecoder.decode([bytes[0]], isFinal: false).used == 0)
    }

    @Test func severalKeysInOneRead() {
        let decoded = KeyDecoder.decode(Array("jj\u{1B}[Bq".utf8), isFinal: false)
        #expect(decoded.keys == [.character("j"), .character("j"), .down, .character("q")])
    }

    @Test func escapeThenAKeyIsTwoKeys() {
        #expect(
            KeyDecoder.decode(Array("\u{1B}q".utf8), isFinal: false).keys == [
                .escape, .character("q"),
            ])
    }
}
