import DNSimFit
import XCTest

/// The parametric bootstrap: it rejects a wrong family, and a family's
/// numbers do not depend on which other families are fitted alongside.
final class GoodnessOfFitTests: XCTestCase {
    /// Weibull delays with shape 0.6 are far from exponential: with 600 rows
    /// every replicate's gap is smaller than the observed one, so p = 1/(B + 1).
    func testBootstrapRejectsAWrongFamily() throws {
        let sample = SyntheticDelays.sample(.weibull, [7200, 0.6], never: 0.15, n: 600, seed: 81)
        let fit = try DelayFit.fit(
            sample, hasNever: true, options: FitOptions(families: [.exponential, .weibull], bootstrap: 19, seed: 1),
            source: "synthetic")
        XCTAssertEqual(fit.fit(for: .exponential)?.bootstrapP, 1.0 / 20)
        XCTAssertEqual(fit.best.family, .weibull)
        XCTAssertEqual(fit.acceptable, fit.best.bootstrapP! >= 0.05)
    }

    func testAFamilysResultDoesNotDependOnTheOtherFamilies() throws {
        let sample = SyntheticDelays.sample(.gamma, [3600, 1.6], never: 0.1, n: 300, seed: 82)
        let alone = try DelayFit.fit(
            sample, hasNever: true, options: FitOptions(families: [.gamma], bootstrap: 10, seed: 4), source: "s")
        let together = try DelayFit.fit(
            sample, hasNever: true, options: FitOptions(bootstrap: 10, seed: 4), source: "s")
        let a = try XCTUnwrap(alone.fit(for: .gamma)), b = try XCTUnwrap(together.fit(for: .gamma))
        XCTAssertEqual(a.parameters, b.parameters)
        XCTAssertEqual(a.never, b.never)
        XCTAssertEqual(a.ks, b.ks)
        XCTAssertEqual(a.bootstrapP, b.bootstrapP)
    }
}
