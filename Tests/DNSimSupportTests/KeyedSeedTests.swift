import DNSimSupport
import XCTest

/// SplitMix64 and the seeds keyed on it: fixed values, since committed fingerprints and fits
/// depend on them.
final class KeyedSeedTests: XCTestCase {
    /// The first outputs of SplitMix64 seeded with 0 (the reference implementation by Vigna,
    /// `splitmix64.c`): state += golden, then the finaliser.
    func testSplitMix64MatchesTheReferenceSequence() {
        var state: UInt64 = 0
        var outputs: [UInt64] = []
        for _ in 0..<3 {
            state &+= SplitMix64.golden
            outputs.append(SplitMix64.finalize(state))
        }
        XCTAssertEqual(outputs, [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        XCTAssertEqual(KeyedSeed.mix(0), 0xE220_A839_7B1D_CDAF)
    }

    func testSeedsAreKeyedAndThirtyTwoBits() {
        XCTAssertEqual(KeyedSeed.seed(42, 1, 2), KeyedSeed.seed(42, 1, 2))
        XCTAssertNotEqual(KeyedSeed.seed(42, 1, 2), KeyedSeed.seed(42, 2, 1), "the keys' order matters")
        XCTAssertNotEqual(KeyedSeed.seed(42, 1, 2), KeyedSeed.seed(43, 1, 2))
        let seeds = (0..<1_000).map { KeyedSeed.seed(7, UInt64($0)) }
        XCTAssertTrue(seeds.allSatisfy { $0 <= 0xFFFF_FFFF })
        XCTAssertEqual(Set(seeds).count, 1_000, "no collisions among 1,000 replicates")
    }
}
