import ChecklistTestSupport
import Foundation
import Testing

@testable import ChecklistCore
@testable import ChecklistModel

@Suite struct TextMatchTests {
    @Test(arguments: [
        ("tent", "Big TENT"), ("TENT", "tentacle"), ("été", "ÉTÉ"), ("ÉTÉ", "Été en montagne"),
        ("STRASSE", "Straße"), ("straße", "STRASSE"), ("ΟΔΟΣ", "οδος"), ("οδός", "ΟΔΌΣ"),
        ("σ", "Οδός"), ("москва", "МОСКВА"), ("Ёлка", "ёЛКА"), ("k", "\u{212A}elvin"),
        ("fi", "ﬁsh"), ("ǅ", "ǆ"), ("", "anything"),
    ])
    func matchesIgnoringCaseInAnyScript(_ pattern: String, _ title: String) {
        #expect(TextMatch(pattern).matches(title))
    }

    @Test func oneAndTwoCodePointFormsOfALetterAreTheSame() {
        let composed = "\u{E9}t\u{E9}"
        let decomposed = "e\u{301}te\u{301}"
        #expect(TextMatch(composed).matches("L'" + decomposed))
        #expect(TextMatch(decomposed).matches("L'" + composed))
        #expect(TextMatch("E\u{301}T\u{E9}").matches(decomposed))
    }

    @Test(arguments: [
        ("e", "\u{E9}t\u{E9}"), ("e", "e\u{301}t\u{E9}"), ("tent", "tarp"), ("é", "e"),
        ("ss", "s"), ("ĸ", "k"),
    ])
    func aLetterDoesNotMatchAnotherOrTheSameLetterWithAnAccent(
        _ pattern: String, _ title: String
    ) {
        #expect(!TextMatch(pattern).matches(title))
    }

    /// The fast path (keys of code points and combining sequences, cached) agrees with the
    /// definition: the whole title case-folded and normalized, then searched. Titles mix
    /// ASCII, precomposed and decomposed letters, stacked and reordered marks, marks with no
    /// letter before them, letters whose folding grows or changes (ß, İ, ﬁ, ΐ, ᾳ), Hangul
    /// syllables and jamo, Devanagari, kana with voicing marks, and emoji; one `TextMatch`
    /// sees many titles, so its caches are exercised as they fill.
    @Test func theFastPathAgreesWithTheDefinition() {
        let pieces = [
            "a", "E", "tent", " ", "-", "\u{E9}", "e\u{301}", "E\u{301}", "\u{C9}", "\u{301}",
            "\u{323}\u{302}", "o\u{302}\u{323}", "\u{1EC7}", "a\u{308}\u{301}\u{323}\u{300}",
            "\u{DF}", "SS", "\u{130}", "i\u{307}", "\u{FB01}", "\u{390}", "\u{3B9}\u{308}\u{301}",
            "\u{3B1}\u{345}", "\u{1FB3}", "\u{3A3}", "\u{3C2}", "\u{41C}\u{43E}", "\u{451}",
            "\u{435}\u{308}", "\u{AC00}", "\u{1100}\u{1161}", "\u{11A8}", "\u{928}\u{93C}",
            "\u{929}", "\u{304B}\u{3099}", "\u{304C}", "\u{1F600}", "\u{212B}", "\u{212A}",
            "\u{344}", "\u{340}", "\u{1E9E}", "\u{1F88}",
        ]
        var random = SplitMix(seed: Self.seed())
        for _ in 0..<100 {
            let pattern = Self.text(from: pieces, &random, count: 1 + random.next(3))
            let match = TextMatch(pattern)
            for _ in 0..<100 {
                let title = Self.text(from: pieces, &random, count: random.next(8))
                #expect(
                    match.matches(title) == Self.definition(pattern, title),
                    "pattern \(pattern.unicodeScalars.map(\.value)), title \(title.unicodeScalars.map(\.value))"
                )
            }
        }
    }

    @Test func aTitleWhoseLettersAreAllDecomposedMatchesItsComposedForm() {
        let match = TextMatch("\u{C9}l\u{E9}ment")
        for _ in 0..<3 {
            #expect(match.matches("E\u{301}le\u{301}ment 1"))
            #expect(match.matches("\u{C9}le\u{301}ment 2"))
            #expect(!match.matches("Ele\u{301}ment 3"))
            #expect(!match.matches("E\u{301}le\u{301}\u{323}ment 4"))
        }
    }

    /// Letters that compose with the letter before them although their combining class is 0:
    /// Gurung Khema and Kirat Rai (Unicode 16) vowel signs.
    @Test(arguments: [
        ("\u{16121}", "\u{1611E}\u{1611E}"), ("\u{16126}", "\u{1611E}\u{1611E}\u{1611F}"),
        ("\u{16D68}", "\u{16D67}\u{16D67}"), ("\u{16D69}", "\u{16D63}\u{16D67}"),
    ])
    func lettersThatComposeWithTheLetterBeforeThemMatchTheirComposedForm(
        _ composed: String, _ title: String
    ) {
        #expect(TextMatch(composed).matches(title))
        #expect(TextMatch(title).matches(composed))
    }

    /// `TextMatch.foldsAlone` lists the letters that compose with the one before them, as of
    /// Unicode 17.0. A toolchain with a newer Unicode may bring more: check its normalization
    /// data, extend the list, then raise the version here.
    @Test func theUnicodeVersionIsTheOneFoldsAloneWasCheckedAgainst() {
        var newest = (major: 0, minor: 0)
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else {
                continue
            }
            if (age.major, age.minor) > newest { newest = (age.major, age.minor) }
        }
        #expect(newest.major == 17 && newest.minor == 0, "Unicode \(newest.major).\(newest.minor)")
    }

    /// A combining sequence too long to be cached (a letter and four marks) is not cached
    /// under the value of its last marks, where a title starting with those marks would find
    /// it.
    @Test func aLongCombiningSequenceIsNotTakenForItsLastMark() {
        let long = "a\u{308}\u{301}\u{323}\u{300}"
        let match = TextMatch(long)
        #expect(match.matches(long))
        #expect(!match.matches("\u{300}x"))
        #expect(!match.matches("\u{323}\u{300}x"))
    }

    /// The cache answers for titles in Latin, Greek, Cyrillic, CJK and precomposed Hangul,
    /// composed or decomposed, every time, not only the first; a title with Hangul jamo or
    /// Devanagari goes to the whole normalizer (nil). A slow answer would still be right, so
    /// only this test sees the cache stop answering.
    @Test func theCacheAnswersForAlphabetsAndCombiningMarks() {
        let cache = FoldCache()
        let pattern = TextMatch.key("\u{E9}t\u{E9}")
        let answered = [
            "\u{C9}t\u{E9} 1", "E\u{301}te\u{301} 2", "\u{3A3}\u{3BF}\u{3C6}\u{3AF}\u{3B1}",
            "\u{41C}\u{43E}\u{441}\u{43A}\u{432}\u{430}", "\u{6771}\u{4EAC}", "\u{D55C}\u{AE00}",
            "a\u{308}\u{301}\u{323}\u{300}", "\u{301}alone", "\u{DF} \u{130} \u{FB01}",
        ]
        for _ in 0..<2 {
            for title in answered {
                #expect(
                    Self.ask(cache, pattern, title) != nil, "\(title.unicodeScalars.map(\.value))")
            }
        }
        #expect(Self.ask(cache, pattern, "\u{C9}t\u{E9}") == true)
        #expect(Self.ask(cache, pattern, "E\u{301}te\u{301}") == true)
        #expect(Self.ask(cache, pattern, "Ete\u{301}") == false)
        #expect(Self.ask(cache, pattern, "\u{1100}\u{1161}") == nil)
        #expect(Self.ask(cache, pattern, "\u{928}\u{93C}") == nil)
    }

    private static func ask(_ cache: FoldCache, _ pattern: [UInt8], _ title: String) -> Bool? {
        var title = title
        return title.withUTF8 { cache.contains(pattern, in: $0) }
    }

    private static func definition(_ pattern: String, _ title: String) -> Bool {
        let key = TextMatch.key(pattern)
        let text = TextMatch.key(title)
        if key.isEmpty { return true }
        guard text.count >= key.count else { return false }
        return (0...(text.count - key.count)).contains {
            text[$0..<($0 + key.count)].elementsEqual(key)
        }
    }

    private static func text(from pieces: [String], _ random: inout SplitMix, count: Int) -> String
    {
        (0..<count).map { _ in pieces[random.next(pieces.count)] }.joined()
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
