import CGSL
import TestStatistics
import XCTest

/// The coverage tests' own statistics: the acceptance region holds at least
/// 1 − α of Binomial(n, p) and is the narrowest one cut equally from both
/// tails; the exact coverages agree with cases worked by hand.
final class BinomialAcceptanceTests: XCTestCase {
    func testRegionCutsAtMostHalfTheFalseAlarmRateFromEachTail() {
        for (n, p) in [(50, 0.5), (100, 0.95), (1000, 0.95), (2000, 0.9543)] {
            let region = BinomialAcceptance(trials: n, probability: p)
            // Tails summed from the probability mass function, independently of the CDFs the region uses.
            let pmf = (0...n).map { gsl_ran_binomial_pdf(UInt32($0), p, UInt32(n)) }
            let below = pmf[..<region.range.lowerBound].reduce(0, +),
                above = pmf[(region.range.upperBound + 1)...].reduce(0, +)
            XCTAssertLessThanOrEqual(below, 0.5e-4 * (1 + 1e-9), "\(region)")
            XCTAssertLessThanOrEqual(above, 0.5e-4 * (1 + 1e-9), "\(region)")
            XCTAssertGreaterThan(
                below + pmf[region.range.lowerBound], 0.5e-4, "one count higher would cut too much: \(region)")
            XCTAssertGreaterThan(
                above + pmf[region.range.upperBound], 0.5e-4, "one count lower would cut too much: \(region)")
            XCTAssertEqual(region.power(against: p), below + above, accuracy: 1e-12)
        }
        // All 100 runs covering is not what a 95% interval does: 0.95¹⁰⁰ ≈ 0.6%, under half of 2%.
        XCTAssertFalse(BinomialAcceptance(trials: 100, probability: 0.95, falseAlarm: 0.02).contains(100))
    }

    func testExactCoverageOfWorkedCases() {
        // Two 0/1 values: the t-interval holds 1/2 only when they differ (variance 0 otherwise).
        XCTAssertEqual(ExactCoverage.student(values: 2, trials: 1), 0.5, accuracy: 1e-12)
        // Three: unless all equal (1/4), the mean is 1/3 or 2/3 with s/√3 = 1/3 and t(0.975, 2) = 4.30.
        XCTAssertEqual(ExactCoverage.student(values: 3, trials: 1), 0.75, accuracy: 1e-12)
        // Wilson at n = 20: |k − 10| ≤ 1.96·√20/2 = 4.38.
        XCTAssertEqual(ExactCoverage.wilsonCovering(trials: 20), 6...14)
        XCTAssertEqual(
            ExactCoverage.wilson(trials: 20), (6...14).reduce(0) { $0 + gsl_ran_binomial_pdf(UInt32($1), 0.5, 20) },
            accuracy: 1e-12)
    }
}
