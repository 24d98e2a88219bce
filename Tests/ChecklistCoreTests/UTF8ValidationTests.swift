import ChecklistTestSupport
import Foundation
import Testing

@testable import ChecklistCore
@testable import ChecklistModel

/// The byte-level checks `list` makes in a pipe agree with the standard library's.
@Suite struct UTF8ValidationTests {
    /// Bytes that are mostly UTF-8 pieces, with stray and edge bytes among them.
    private static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("E".utf8), Array("\u{301}".utf8), Array("\u{E9}".utf8),
        Array("\u{C9}".utf8), Array("\u{1F600}".utf8), Array("\u{FFFF}".utf8),
        Array("\u{10FFFF}".utf8), Array("\u{800}".utf8), Array("\u{7FF}".utf8), [0x80], [0xBF],
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0xFF],
        [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0x00],
    ]

    private static func bytes(_ random: inout SplitMix) -> [UInt8] {
        (0..<random.next(7)).flatMap { _ in pieces[random.next(pieces.count)] }
    }

    @Test func validityAgreesWithTheStandardLibrary() {
        var random = SplitMix(seed: Self.seed())
        for _ in 0..<20_000 {
            let bytes = Self.bytes(&random)
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isValid) == expected, "\(bytes)")
        }
    }

    @Test func matchingBytesAgreesWithMatchingTheDecodedString() {
        var random = SplitMix(seed: Self.seed())
        let patterns = ["e", "\u{E9}", "E\u{301}", "\u{FFFD}", "a\u{FFFD}", "\u{1F600}", ""]
        for _ in 0..<5_000 {
            let bytes = Self.bytes(&random)
            let pattern = patterns[random.next(patterns.count)]
            let match = TextMatch(pattern)
            let expected = match.matches(String(decoding: bytes, as: UTF8.self))
            #expect(bytes.withUnsafeBytes(match.matches(utf8:)) == expected, "\(pattern) \(bytes)")
        }
    }

    @Test func aBadSequenceIsReadAsTheReplacementCharacter() {
        let bytes: [UInt8] = Array("caf".utf8) + [0xC3] + Array(" tent".utf8)
        #expect(bytes.withUnsafeBytes(TextMatch("caf\u{FFFD} t").matches(utf8:)))
        #expect(!bytes.withUnsafeBytes(TextMatch("caf\u{E9}").matches(utf8:)))
    }

    private static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"],
            let seed = UInt64(text)
        {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }
}
