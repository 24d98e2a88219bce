/// A search for titles that contain a piece of text, as a person means it: case is ignored in
/// any script (`STRASSE` finds `Straße`, `МОСКВА` finds `Москва`) and canonically equivalent
/// forms are equal (`é` as one code point or as `e` and a combining accent).
///
/// Both the pattern and each title are reduced to one key, and the title's key must contain
/// the pattern's, code point by code point: the key is the text case-folded as
/// `uppercased().lowercased()` (the standard library's full mappings: `ß` → `SS` → `ss`,
/// `ﬁ` → `fi`, the Kelvin sign → `k`, final `ς` → `σ`; this agrees with Unicode's full case
/// folding for every script with case, and needs neither Foundation nor a locale), then put
/// in Normalization Form C, so `e` + U+0301 becomes `é` and `e` alone does not match it.
public struct TextMatch: Sendable {
    /// The pattern's key, as UTF-8.
    private let key: [UInt8]
    /// The key when it is all ASCII; nil when no ASCII title can hold it.
    private let asciiPattern: [UInt8]?

    /// The keys of the code points and combining sequences seen so far (see `FoldCache`).
    private let folds = FoldCache()

    /// A search for titles containing `pattern`.
    public init(_ pattern: String) {
        key = TextMatch.key(pattern)
        asciiPattern = key.allSatisfy { $0 < 0x80 } ? key : nil
    }

    /// Whether `title` contains the pattern, ignoring case, under canonical equivalence.
    public func matches(_ title: String) -> Bool {
        if key.isEmpty { return true }
        var title = title
        return title.withUTF8 { matches(validUTF8: $0) }
    }

    /// `matches` on a title's bytes as stored (a row of SQLite's, never made a `String`). Bytes
    /// that are not UTF-8 (written by another program) are read as `String(decoding:)` reads
    /// them, each bad sequence a U+FFFD.
    public func matches(utf8 title: UnsafeRawBufferPointer) -> Bool {
        if key.isEmpty { return true }
        let utf8 = title.assumingMemoryBound(to: UInt8.self)
        if let asciiResult = TextMatch.asciiContains(utf8, asciiPattern) { return asciiResult }
        guard UTF8Validation.isValid(utf8) else {
            return matches(String(decoding: utf8, as: UTF8.self))
        }
        return matches(validUTF8: utf8)
    }

    private func matches(validUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // Most titles are ASCII, whose case folding is ASCII's: compare bytes as they are.
        // A folded pattern that is not ASCII cannot be inside folded ASCII.
        if let asciiResult = TextMatch.asciiContains(utf8, asciiPattern) { return asciiResult }
        // Otherwise the title's key is built from cached keys of its code points and of
        // its combining sequences; only a title that needs the whole normalizer (Hangul
        // jamo, scripts whose vowel signs compose) builds a String.
        return folds.contains(key, in: utf8)
            ?? TextMatch.key(String(decoding: utf8, as: UTF8.self)).withUnsafeBufferPointer {
                TextMatch.contains($0, key) { $0 }
            }
    }

    /// Whether every title this search finds is found by `wider` too: this key contains
    /// `wider`'s, and a title's key that contains this one contains that one. A filter typed
    /// one letter further (`tent` after `ten`) narrows the one before it; `e` then U+0301
    /// does not narrow `e` (its key is `é`, which `e` alone does not match).
    public func narrows(_ wider: TextMatch) -> Bool {
        key.withUnsafeBufferPointer { TextMatch.contains($0, wider.key) { $0 } }
    }

    /// Whether a code point's key, put next to its neighbours' keys, is the key of the
    /// whole: it combines with no neighbour under normalization (no combining mark, no
    /// Hangul jamo, none of the scripts whose vowel signs compose with the letter before them,
    /// Gurung Khema and Kirat Rai among them, none of the singletons that normalization
    /// replaces). Conservative: a false here only takes the slow path. Checked against the
    /// normalization data of Unicode 17.0; `TextMatchTests` fails when the toolchain's Unicode
    /// is newer, so that a new script that composes this way is added here.
    static func foldsAlone(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.canonicalCombiningClass == .notReordered else { return false }
        switch scalar.value {
        case 0x0340...0x0345, 0x0374, 0x037E, 0x0387, 0x0900...0x0DFF, 0x0F00...0x109F,
            0x1100...0x11FF, 0x1B00...0x1B7F, 0x1F00...0x1FFF, 0x2000...0x2001, 0x2126,
            0x212A...0x212B, 0x2329...0x232A, 0x2ADC, 0x3099...0x309A, 0xA960...0xA97F,
            0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFB1D...0xFB4F, 0x11000...0x11FFF,
            0x16100...0x1613F, 0x16D40...0x16D7F, 0x1D15E...0x1D1C0, 0x2F800...0x2FA1F:
            return false
        default:
            return true
        }
    }

    /// Case-folded, then Normalization Form C (see the type's note), as UTF-8. A match of one
    /// valid UTF-8 key inside another can only start at a code point.
    static func key(_ text: String) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count + 8)
        // `_nfcCodeUnits` is the standard library's own normalizer (what String comparison
        // uses), public though underscored; nothing else in it normalizes without Foundation.
        for byte in text.uppercased().lowercased()._nfcCodeUnits { key.append(byte) }
        return key
    }

    /// nil when `title` is not all ASCII (the caller takes the general path); else whether it
    /// contains `pattern` ignoring ASCII case. A carriage return followed by a line feed is
    /// one character, but titles hold no line feed.
    static func asciiContains(_ title: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8]?)
        -> Bool?
    {
        var isASCII = true
        for byte in title where byte >= 0x80 {
            isASCII = false
            break
        }
        guard isASCII else { return nil }
        guard let pattern else { return false }
        return contains(title, pattern, lowercase)
    }

    /// Whether `text`, each byte mapped by `map`, contains `pattern`.
    @inline(__always)
    static func contains(
        _ text: UnsafeBufferPointer<UInt8>, _ pattern: [UInt8], _ map: (UInt8) -> UInt8
    ) -> Bool {
        guard let first = pattern.first else { return true }
        guard text.count >= pattern.count else { return false }
        for start in 0...(text.count - pattern.count) where map(text[start]) == first {
            var offset = 1
            while offset < pattern.count && map(text[start + offset]) == pattern[offset] {
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
