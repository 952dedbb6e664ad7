import CGSL
import DNSimFit
import XCTest

final class KaplanMeierTests: XCTestCase {
    /// Events at 1, 2, 2, 4; censored at 2 (still at risk at 2) and 3; six rows.
    func testStepsAndGreenwoodByHand() {
        let km = KaplanMeier(DelaySample(events: [2, 1, 4, 2], censored: [3, 2], followUp: [5, 5, 5, 5, 3, 2]))
        XCTAssertEqual(km.times, [1, 2, 4])
        let s1 = 5.0 / 6, s2 = s1 * (1 - 2.0 / 5), s4 = s2 * 0
        XCTAssertEqual(km.survival[0], s1, accuracy: 1e-15)
        XCTAssertEqual(km.survival[1], s2, accuracy: 1e-15)
        XCTAssertEqual(km.survival[2], s4, accuracy: 1e-15)
        XCTAssertEqual(km.value(at: 0.5), 1)
        XCTAssertEqual(km.value(at: 3), s2, accuracy: 1e-15)
        // Greenwood after t = 2: Σ d/(n(n−d)) = 1/(6·5) + 2/(5·3).
        let z = gsl_cdf_ugaussian_Pinv(0.975)
        let half = z * s2 * (1.0 / 30 + 2.0 / 15).squareRoot()
        XCTAssertEqual(km.band(1).low, s2 - half, accuracy: 1e-12)
        XCTAssertEqual(km.band(1).high, s2 + half, accuracy: 1e-12)
        XCTAssertEqual(km.horizon, 4)
    }

    /// The block-skipping gap equals a point-by-point scan, for block-edge sizes too.
    func testMaximumGapEqualsPointByPointScan() {
        for (n, seed) in [(1, 1), (2, 2), (255, 3), (256, 4), (257, 5), (513, 6), (20_000, 7), (70_001, 8)] {
            let sample = SyntheticDelays.sample(
                .lognormal, [5400, 1.5], never: 0.1, n: n + n / 10 + 40, seed: UInt(seed))
            let km = KaplanMeier(sample)
            for (median, sigma, never) in [(5400.0, 1.5, 0.1), (9000, 0.7, 0.02), (60, 3.0, 0.5)] {
                let curve: @Sendable (Double) -> Double = {
                    never + (1 - never) * gsl_cdf_lognormal_Q($0, log(median), sigma)
                }
                var expected = abs((km.survival.last ?? 1) - curve(km.horizon))
                for i in km.times.indices {
                    let c = curve(km.times[i])
                    expected = max(expected, abs(km.survival[i] - c), abs((i == 0 ? 1 : km.survival[i - 1]) - c))
                }
                XCTAssertEqual(km.maximumGap(curve), expected, "n \(n) median \(median)")
            }
        }
    }
}
