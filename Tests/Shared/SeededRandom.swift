import Foundation

/// The random numbers of a randomised test, from a seed it prints, so that a failure can be
/// re-run exactly: `AFTERFLOW_TEST_SEED=N swift test --filter …` (SplitMix64; one file, linked
/// into both test targets from Tests/Shared).
struct SeededRandom: RandomNumberGenerator {
    let seed: UInt64
    private var state: UInt64

    /// A generator for the test named `test`: seeded from AFTERFLOW_TEST_SEED when it is set, at
    /// random otherwise; the seed is printed either way.
    init(_ test: String) {
        let given = ProcessInfo.processInfo.environment["AFTERFLOW_TEST_SEED"].flatMap { UInt64($0) }
        self.init(seed: given ?? UInt64.random(in: 0...UInt64.max))
        print("\(test): seed \(seed) (re-run with AFTERFLOW_TEST_SEED=\(seed))")
    }

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
