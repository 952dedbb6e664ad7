import CGSL
import DNSimFit
import XCTest

/// The edges: most rows censored, none censored, and a never share of 0.
final class CensoringTests: XCTestCase {
    func testHeavyCensoringConverges() throws {
        // never 0.6 and follow-up at the median delay: 0.6 + 0.4 × 0.5 = 80% censored.
        let sample = SyntheticDelays.sample(.lognormal, [5400, 1.5], never: 0.6, n: 2000, followUp: 5400, seed: 5)
        let share = Double(sample.censored.count) / Double(sample.count)
        XCTAssertEqual(share, 0.8, accuracy: 4 * (0.8 * 0.2 / 2000).squareRoot())
        let fit = try DelayFit.fit(sample, hasNever: true, options: FitOptions(bootstrap: 0), source: "synthetic")
        for family in fit.fits {
            XCTAssertTrue(family.converged, "\(family.family)")
            XCTAssertTrue(family.logLikelihood.isFinite)
            for p in family.parameters + [family.never!] {
                XCTAssertTrue(p.low <= p.value && p.value <= p.high, "\(family.family) \(p)")
            }
        }
        let lognormal = try XCTUnwrap(fit.fit(for: .lognormal))
        XCTAssertTrue(lognormal.parameter("median_s")!.covers(5400))
        XCTAssertTrue(lognormal.parameter("never")!.covers(0.6))
    }

    /// No censored row: never is 0 and its profile bound is 1 − exp(−χ²₁,₀.₉₅ / 2n) exactly.
    func testAllLaunchedConvergesWithNeverAtZero() throws {
        let sample = SyntheticDelays.sample(.weibull, [7200, 0.8], never: 0, n: 800, followUp: .infinity, seed: 6)
        XCTAssertTrue(sample.censored.isEmpty)
        let fit = try DelayFit.fit(sample, hasNever: true, options: FitOptions(bootstrap: 0), source: "synthetic")
        let bound = -expm1(-gsl_cdf_chisq_Pinv(0.95, 1) / (2 * 800))
        for family in fit.fits {
            XCTAssertTrue(family.converged, "\(family.family)")
            XCTAssertEqual(family.never, FittedParameter(name: "never", value: 0, low: 0, high: bound))
            XCTAssertEqual(family.neverInterval, .noCensoredRows)
        }
        XCTAssertTrue(fit.fit(for: .weibull)!.parameter("shape_s")?.value == nil)
        XCTAssertTrue(fit.fit(for: .weibull)!.parameter("shape")!.covers(0.8))
    }

    /// never truly 0, a few rows censored by the delay tail: the interval must
    /// reach 0 whenever the data do not reject never = 0. The likelihood-ratio
    /// statistic at the boundary is ½χ²₀ + ½χ²₁, so that happens with
    /// probability 0.975 per data set; 17 or more of 20 fails by chance with
    /// probability 0.2%.
    func testNeverTrulyZeroGivesAnIntervalTouchingZero() throws {
        var touching = 0
        for seed in 0..<20 {
            let sample = SyntheticDelays.sample(.lognormal, [5400, 1.5], never: 0, n: 600, seed: UInt(300 + seed))
            XCTAssertFalse(sample.censored.isEmpty)
            let fit = try XCTUnwrap(
                DelayFit.fit(
                    sample, hasNever: true, options: FitOptions(families: [.lognormal], bootstrap: 0),
                    source: "synthetic"
                ).fit(for: .lognormal))
            let never = try XCTUnwrap(fit.never)
            XCTAssertTrue(never.low.isFinite && never.high.isFinite && never.high > 0 && never.high < 0.2, "\(never)")
            if never.low == 0 {
                touching += 1
                XCTAssertEqual(fit.neverInterval, .profileLikelihood)
            }
        }
        XCTAssertGreaterThanOrEqual(touching, 17)
    }
}
