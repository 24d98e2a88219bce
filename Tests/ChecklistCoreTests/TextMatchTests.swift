import ChecklistCore
import Testing

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
}
