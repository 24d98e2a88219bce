/// A search for titles that contain a piece of text, as a person means it: case is ignored in
/// any script (`STRASSE` finds `Straße`, `ΟΔΟΣ` finds `οδός`… when written alike) and text is
/// compared by characters under canonical equivalence (`é` as one code point or as `e` and a
/// combining accent is one character, and `e` alone does not match it).
///
/// Case is folded as `uppercased().lowercased()`: the standard library's full mappings
/// (`ß` → `SS` → `ss`, `ﬁ` → `FI` → `fi`, the Kelvin sign → `K` → `k`, final `ς` → `Σ` → `σ`),
/// which agree with Unicode's full case folding (CaseFolding.txt, C + F) for every script that
/// has case; it needs no Foundation and no locale. Comparing `Character`s gives the canonical
/// equivalence. Both sides are folded the same way, so the test is symmetric.
public struct TextMatch: Sendable {
    /// The folded pattern as characters, for titles that are not all ASCII.
    private let folded: [Character]
    /// The folded pattern's bytes when it is all ASCII; nil when no ASCII title can hold it.
    private let asciiPattern: [UInt8]?

    /// A search for titles containing `pattern`.
    public init(_ pattern: String) {
        let folded = TextMatch.fold(pattern)
        self.folded = Array(folded)
        self.asciiPattern = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    /// Whether `title` contains the pattern, ignoring case, under canonical equivalence.
    public func matches(_ title: String) -> Bool {
        if folded.isEmpty { return true }
        // Most titles are ASCII, whose case folding is ASCII's: compare bytes without
        // building a String. A folded pattern that is not ASCII cannot be inside folded ASCII.
        var title = title
        if let asciiResult = title.withUTF8({ TextMatch.asciiContains($0, asciiPattern) }) {
            return asciiResult
        }
        return Array(TextMatch.fold(title)).firstRange(of: folded) != nil
    }

    /// Full case folding, as `uppercased().lowercased()` (see the type's note).
    static func fold(_ text: String) -> String {
        text.uppercased().lowercased()
    }

    /// nil when `title` is not all ASCII (the caller takes the general path); else whether it
    /// contains `pattern` ignoring ASCII case. A carriage return followed by a line feed is
    /// one character, but titles hold no line feed.
    private static func asciiContains(_ title: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8]?)
        -> Bool?
    {
        var isASCII = true
        for byte in title where byte >= 0x80 {
            isASCII = false
            break
        }
        guard isASCII else { return nil }
        guard let pattern, let first = pattern.first else { return pattern != nil }
        guard title.count >= pattern.count else { return false }
        for start in 0...(title.count - pattern.count)
        where lowercase(title[start]) == first {
            var offset = 1
            while offset < pattern.count && lowercase(title[start + offset]) == pattern[offset] {
                offset += 1
            }
            if offset == pattern.count { return true }
        }
        return false
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
