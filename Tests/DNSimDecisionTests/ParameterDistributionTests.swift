import CGSL
import XCTest

@testable import DNSimDecision

/// Truncated normal and lognormal beliefs are sampled by their quantiles, in both tails and far
/// outside the key's range (issue 44: a belief centred at 5 on a share's 0–1 range gave 0, the far
/// end, in every world).
final class ParameterDistributionTests: XCTestCase {
    /// Inside the usual range the quantile is GSL's inverse CDF between the bounds' probabilities.
    func testQuantilesMatchTheClosedFormNearTheMean() {
        let belief = ParameterDistribution.normal(mean: 10, sd: 2, low: 7, high: 15)
        let pLow = gsl_cdf_ugaussian_P(-1.5), pHigh = gsl_cdf_ugaussian_P(2.5)
        for u in [0.01, 0.25, 0.5, 0.75, 0.99] {
            XCTAssertEqual(
                belief.quantile(u), 10 + 2 * gsl_cdf_ugaussian_Pinv(pLow + u * (pHigh - pLow)), accuracy: 1e-12,
                "u = \(u)")
        }
    }

    /// A range above the mean is as exact as its mirror image below it: the median of a standard
    /// normal on 3…4 is the upper-tail closed form Q⁻¹((Q(3) + Q(4)) / 2).
    func testARangeInTheUpperTailKeepsItsPrecision() {
        let median = ParameterDistribution.normal(mean: 0, sd: 1, low: 3, high: 4).quantile(0.5)
        XCTAssertEqual(
            median, gsl_cdf_ugaussian_Qinv((gsl_cdf_ugaussian_Q(3) + gsl_cdf_ugaussian_Q(4)) / 2), accuracy: 1e-12)
        let mirrored = ParameterDistribution.normal(mean: 0, sd: 1, low: -4, high: -3)
        for u in [0.1, 0.5, 0.9] {
            XCTAssertEqual(
                ParameterDistribution.normal(mean: 0, sd: 1, low: 3, high: 4).quantile(u), -mirrored.quantile(1 - u),
                accuracy: 1e-12)
        }
    }

    /// Far out (40 standard deviations, where the normal CDF underflows) the truncated normal is
    /// an exponential of rate 40 from the nearer bound: its median is 40 + ln 2 / 40 up to O(1/40³).
    func testFarTailsGiveTheNearerEndWithTheExponentialLimit() {
        let median = ParameterDistribution.normal(mean: 0, sd: 1, low: 40, high: 41).quantile(0.5)
        XCTAssertEqual(median, 40 + log(2) / 40, accuracy: 1e-4)
        // The case: all the belief is at 1, the end nearer the mean.
        let share = ParameterDistribution.normal(mean: 5, sd: 0.0001, low: 0, high: 1)
        for u in [0.001, 0.5, 0.999] {
            XCTAssertEqual(share.quantile(u), 1, accuracy: 1e-6, "u = \(u)")
        }
        let below = ParameterDistribution.normal(mean: -5, sd: 0.0001, low: 0, high: 1)
        XCTAssertEqual(below.quantile(0.5), 0, accuracy: 1e-6)
        // A lognormal whose median is far above the range: log-space, the same rule.
        let delay = ParameterDistribution.lognormal(median: 1e9, sigma: 0.01, low: 1, high: 100)
        XCTAssertEqual(delay.quantile(0.5), 100, accuracy: 1e-3)
    }

    /// Quantiles never decrease in u, and stay in the range, across the regimes.
    func testQuantilesAreMonotoneAndInRange() {
        let beliefs: [ParameterDistribution] = [
            .normal(mean: 0, sd: 1, low: -1, high: 1), .normal(mean: 0, sd: 1, low: 20, high: 35),
            .normal(mean: 0, sd: 1, low: 29, high: 31), .normal(mean: 0, sd: 1, low: 31, high: .infinity),
            .lognormal(median: 60, sigma: 1, low: 0, high: .infinity),
            .lognormal(median: 1e-12, sigma: 0.1, low: 1, high: 2),
        ]
        for belief in beliefs {
            var previous = -Double.infinity
            for step in 0...1_000 {
                let value = belief.quantile(Double(step) / 1_000)
                XCTAssertTrue(belief.support.contains(value), "\(belief) at \(step): \(value)")
                XCTAssertGreaterThanOrEqual(value, previous, "\(belief) at \(step)")
                previous = value
            }
        }
    }
}
