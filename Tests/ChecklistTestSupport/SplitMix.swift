import Foundation

/// SplitMix64: a small, fast, seedable generator, so a failing random test can be replayed
/// with `CHECKLIST_TEST_SEED=N`. The one copy every test target uses.
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// The seed for a test: `CHECKLIST_TEST_SEED` when set (to replay a failure), else random.
    public static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["CHECKLIST_TEST_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
    }
}
