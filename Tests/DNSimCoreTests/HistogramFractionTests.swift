import XCTest

@testable import DNSimCore

/// `DurationHistogram.fractions(atOrBelow:)`, the one pass over the buckets behind the CDF charts,
/// against a count of the raw values, for points in any order.
final class HistogramFractionTests: XCTestCase {
    /// Values spread over every range the buckets have: exact (below 2,048 ms), per octave, past the top.
    private func values(count: Int) -> [Int64] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let octave = Int64(state >> 58) % 48  // up to 2^47 ms, beyond the last bucket
            return Int64(state >> 20 & 0xFFFF_FFFF_FFF) % (Int64(1) << octave + 1)
        }
    }

    func testEveryPointIsTheShareOfValuesInItsBucketOrBelow() {
        let raw = values(count: 5_000)
        var histogram = DurationHistogram()
        for value in raw { histogram.add(value) }
        // Unsorted, repeated, negative, exact-range and out-of-range points.
        let points: [Int64] = [
            900_000, -5, 0, 1, 2_047, 2_048, 3_000_000, 1_000, 1_000, 1 << 50, 123_456_789, 4_095, .max,
        ]
        let fractions = histogram.fractions(atOrBelow: points)
        for (point, fraction) in zip(points, fractions) {
            let bucket = DurationHistogram.bucket(of: max(0, point))
            let below = raw.filter { DurationHistogram.bucket(of: $0) <= bucket }.count
            XCTAssertEqual(fraction, Double(below) / Double(raw.count), "at \(point)")
            XCTAssertEqual(histogram.fraction(atOrBelow: point), fraction, "the one-point form agrees, at \(point)")
        }
        // Below 2,048 ms a bucket is one millisecond: the fraction is exact there.
        XCTAssertEqual(fractions[4], Double(raw.filter { $0 <= 2_047 }.count) / Double(raw.count))
        XCTAssertEqual(fractions.last, 1)
    }

    func testAnEmptyHistogramGivesZeroEverywhere() {
        XCTAssertEqual(DurationHistogram().fractions(atOrBelow: [5, -1, 1 << 40]), [0, 0, 0])
        XCTAssertEqual(DurationHistogram().fractions(atOrBelow: []), [])
    }

    func testACompactedOrDecodedHistogramGivesTheSameFractions() throws {
        var histogram = DurationHistogram()
        for value in values(count: 2_000) { histogram.add(value % 50_000_000) }
        let points: [Int64] = [10, 100_000, 60_000_000, 2_000, 49_999_999, 1 << 45]
        let decoded = try JSONDecoder().decode(DurationHistogram.self, from: JSONEncoder().encode(histogram))
        XCTAssertEqual(histogram.compacted().fractions(atOrBelow: points), histogram.fractions(atOrBelow: points))
        XCTAssertEqual(decoded.fractions(atOrBelow: points), histogram.fractions(atOrBelow: points))
        XCTAssertEqual(decoded, histogram)
    }
}
