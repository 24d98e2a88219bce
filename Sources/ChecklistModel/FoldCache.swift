import Synchronization

/// The keys of the code points and combining sequences seen so far, shared by the copies of
/// one `TextMatch`, and the buffer a title's key is built in.
///
/// A title's key is the keys of its parts put side by side, where a part is a code point that
/// folds alone (`TextMatch.foldsAlone`) or a combining sequence: a code point and the
/// combining marks after it (`e` + U+0301), whose key is worked out once for the whole
/// sequence. Normalization never reaches across the start of such a part, and case folding
/// maps each code point on its own, so the parts' keys side by side are the title's key.
///
/// This runs once per row of `list --match`: the buffers are raw memory, grown by hand, so
/// that a title costs no allocation, no uniqueness check and no generic array code.
final class FoldCache: Sendable {
    private let state = Mutex(State())

    private struct State: ~Copyable {
        /// What is known of each code point below `smallLimit` (an `Entry`), made at the first
        /// title that is not ASCII.
        var small: UnsafeMutablePointer<UInt64>?
        /// The same for the code points above, by value.
        var large = EntryTable()
        /// Keys of combining sequences of up to three code points, by their packed values.
        var sequences = EntryTable()
        /// The keys the entries point into.
        var keys = Bytes()
        /// The key of the title being read.
        var title = Bytes()

        deinit {
            small?.deallocate()
        }
    }

    /// Latin, Greek, Cyrillic, the combining marks and most alphabets have code points below
    /// this: an array lookup instead of hashing.
    static let smallLimit: UInt32 = 0x3000

    /// What is known of one code point: not yet seen, a combining mark (canonical combining
    /// class other than 0), a code point that needs the whole normalizer, or where its key
    /// lies in `keys` (offset in the high 32 bits, length in the low: never 0, and never
    /// near 2^32, so a key's entry is none of the others).
    private enum Entry {
        static let unknown: UInt64 = 0
        static let mark = UInt64.max
        static let needsNormalizer = UInt64.max - 1
    }

    /// Whether `title` (valid UTF-8) contains `pattern`, a key; nil when the title holds a
    /// code point that needs the whole normalizer.
    func contains(_ pattern: [UInt8], in title: UnsafeBufferPointer<UInt8>) -> Bool? {
        state.withLock { state in
            state.title.count = 0
            var index = 0
            // The last code point that may start a combining sequence: where it starts in the
            // title and in its key, and its value (0 when there is none).
            var starterIndex = 0
            var starterKeyStart = 0
            var starter: UInt32 = 0
            while index < title.count {
                if title[index] < 0x80 {
                    // A run of ASCII, folded byte by byte into room made once.
                    state.title.reserve(title.count - index)
                    let output = state.title.base
                    var count = state.title.count
                    repeat {
                        let byte = title[index]
                        output[count] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                        count += 1
                        index += 1
                    } while index < title.count && title[index] < 0x80
                    (starterIndex, starterKeyStart, starter) = (
                        index - 1, count - 1, UInt32(title[index - 1])
                    )
                    state.title.count = count
                    continue
                }
                let start = index
                let scalar = FoldCache.decode(title, at: &index)
                let entry = FoldCache.entry(of: scalar, in: &state)
                if entry == Entry.needsNormalizer { return nil }
                if entry != Entry.mark {
                    (starterIndex, starterKeyStart, starter) = (start, state.title.count, scalar)
                    state.title.append(entry, from: state.keys)
                    continue
                }
                // A combining sequence: the starter before it (if any) and every mark after,
                // packed as up to three code points, each plus one in 21 bits (0 = too many).
                if starter == 0 { (starterIndex, starterKeyStart) = (start, state.title.count) }
                var packed: UInt64 = starter == 0 ? 0 : UInt64(starter) + 1
                packed = packed << 21 | (UInt64(scalar) + 1)
                while index < title.count && title[index] >= 0x80 {
                    var next = index
                    let following = FoldCache.decode(title, at: &next)
                    let kind = FoldCache.entry(of: following, in: &state)
                    if kind == Entry.needsNormalizer { return nil }
                    guard kind == Entry.mark else { break }
                    // Once a fourth code point is seen, `packed` stays 0: no entry.
                    packed =
                        packed != 0 && packed >> 42 == 0
                        ? packed << 21 | (UInt64(following) + 1) : 0
                    index = next
                }
                state.title.count = starterKeyStart
                var known = packed == 0 ? Entry.unknown : state.sequences[packed]
                if known == Entry.unknown {
                    let sequence = UnsafeBufferPointer(rebasing: title[starterIndex..<index])
                    let key = TextMatch.key(String(decoding: sequence, as: UTF8.self))
                    if packed == 0 {
                        key.withUnsafeBufferPointer { state.title.append($0) }
                    } else {
                        known = state.keys.store(key)
                        state.sequences[packed] = known
                    }
                }
                if known != Entry.unknown { state.title.append(known, from: state.keys) }
                starter = 0
            }
            return TextMatch.contains(state.title.buffer, pattern) { $0 }
        }
    }

    /// The entry of a code point at or above 0x80, worked out on first sight.
    @inline(__always)
    private static func entry(of scalar: UInt32, in state: inout State) -> UInt64 {
        let known: UInt64
        if scalar >= smallLimit {
            known = state.large[UInt64(scalar)]
        } else if let small = state.small {
            known = small[Int(scalar)]
        } else {
            let small = UnsafeMutablePointer<UInt64>.allocate(capacity: Int(smallLimit))
            small.initialize(repeating: Entry.unknown, count: Int(smallLimit))
            state.small = small
            known = Entry.unknown
        }
        return known != Entry.unknown ? known : firstEntry(of: scalar, in: &state)
    }

    private static func firstEntry(of value: UInt32, in state: inout State) -> UInt64 {
        let scalar = Unicode.Scalar(value).unsafelyUnwrapped
        let entry: UInt64
        if scalar.properties.canonicalCombiningClass != .notReordered {
            entry = Entry.mark
        } else if TextMatch.foldsAlone(scalar) {
            entry = state.keys.store(TextMatch.key(String(scalar)))
        } else {
            entry = Entry.needsNormalizer
        }
        if value < smallLimit, let small = state.small {
            small[Int(value)] = entry
        } else {
            state.large[UInt64(value)] = entry
        }
        return entry
    }

    /// The code point of valid UTF-8 at `index`, moving `index` past it.
    @inline(__always)
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
        let lead = UInt32(utf8[index])
        var value: UInt32
        var count: Int
        switch lead {
        case ..<0x80: value = lead; count = 1
        case ..<0xE0: value = lead & 0x1F; count = 2
        case ..<0xF0: value = lead & 0x0F; count = 3
        default: value = lead & 0x07; count = 4
        }
        for offset in 1..<count { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
        index += count
        return value
    }
}

/// Bytes in raw memory that grows by doubling; freed with its owner.
private struct Bytes: ~Copyable {
    private(set) var base = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    private var capacity = 256
    var count = 0

    deinit { base.deallocate() }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the key that `entry` points to in `keys`.
    @inline(__always)
    mutating func append(_ entry: UInt64, from keys: borrowing Bytes) {
        let length = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)
        if count + length > capacity { grow(to: count + length) }
        (base + count).update(from: keys.base + Int(truncatingIfNeeded: entry >> 32), count: length)
        count += length
    }

    /// Keeps `key` (never empty) and returns its entry.
    mutating func store(_ key: [UInt8]) -> UInt64 {
        let entry = UInt64(count) << 32 | UInt64(key.count)
        key.withUnsafeBufferPointer { append($0) }
        return entry
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// A hash table from nonzero keys to `FoldCache` entries (0 when absent), open addressing in
/// raw memory: `Dictionary` hashes with SipHash, several times the cost of the lookup here.
private struct EntryTable: ~Copyable {
    private var slots = UnsafeMutablePointer<(key: UInt64, entry: UInt64)>.allocate(capacity: 64)
    private var capacity = 64
    private var count = 0

    init() {
        slots.initialize(repeating: (0, 0), count: capacity)
    }

    deinit { slots.deallocate() }

    subscript(key: UInt64) -> UInt64 {
        get {
            var slot = Self.start(key, capacity)
            while true {
                let found = slots[slot]
                if found.key == key { return found.entry }
                if found.key == 0 { return 0 }
                slot = (slot + 1) & (capacity - 1)
            }
        }
        set {
            if 2 * (count + 1) > capacity { grow() }
            var slot = Self.start(key, capacity)
            while slots[slot].key != 0 && slots[slot].key != key {
                slot = (slot + 1) & (capacity - 1)
            }
            if slots[slot].key == 0 { count += 1 }
            slots[slot] = (key, newValue)
        }
    }

    @inline(__always)
    private static func start(_ key: UInt64, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    private mutating func grow() {
        let old = slots
        let oldCapacity = capacity
        capacity *= 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: (0, 0), count: capacity)
        count = 0
        for index in 0..<oldCapacity where old[index].key != 0 {
            self[old[index].key] = old[index].entry
        }
        old.deallocate()
    }
}
