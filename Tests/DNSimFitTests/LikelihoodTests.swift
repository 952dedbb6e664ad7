import CGSL
import DNSimFit
import XCTest

/// The likelihood the fit maximises is the mixture-cure likelihood, term by term.
final class LikelihoodTests: XCTestCase {
    let events = [12.0, 95.5, 400, 1_250, 3_600, 5_400, 7_777, 12_000, 20_000, 43_200, 61_000, 80_000]
    let censored = [86_400.0, 86_400, 30_000, 50_000, 86_400]

    /// Σ log((1−π) f(t)) + Σ log(π + (1−π) S(c)) with GSL's own pdfs and CDFs.
    func hand(_ family: DelayFamily, _ p: [Double], _ never: Double, events: [Double], censored: [Double]) -> Double {
        func pdf(_ t: Double) -> Double {
            switch family {
            case .lognormal: gsl_ran_lognormal_pdf(t, log(p[0]), p[1])
            case .weibull: gsl_ran_weibull_pdf(t, p[0], p[1])
            case .gamma: gsl_ran_gamma_pdf(t, p[1], p[0])
            case .exponential: gsl_ran_exponential_pdf(t, p[0])
            }
        }
        func survival(_ t: Double) -> Double {
            switch family {
            case .lognormal: gsl_cdf_lognormal_Q(t, log(p[0]), p[1])
            case .weibull: gsl_cdf_weibull_Q(t, p[0], p[1])
            case .gamma: gsl_cdf_gamma_Q(t, p[1], p[0])
            case .exponential: gsl_cdf_exponential_Q(t, p[0])
            }
        }
        return events.reduce(0) { $0 + log((1 - never) * pdf($1)) }
            + censored.reduce(0) { $0 + log(never + (1 - never) * survival($1)) }
    }

    func testLogLikelihoodMatchesHandComputationWithGSL() {
        let sample = DelaySample(events: events, censored: censored, followUp: events.map { _ in 86_400 } + censored)
        let cases: [(DelayFamily, [Double])] = [
            (.lognormal, [5400, 1.4]), (.weibull, [9000, 0.8]), (.gamma, [12_000, 0.7]), (.exponential, [10_000]),
        ]
        for (family, p) in cases {
            for never in [0.0, 0.2] {
                let expected = hand(family, p, never, events: events, censored: censored)
                let actual = family.logLikelihood(parameters: p, never: never, sample: sample)
                XCTAssertEqual(actual, expected, accuracy: 1e-9, "\(family) never \(never)")
            }
        }
    }

    /// Many distinct censoring times switch gamma to its interpolated tail;
    /// it must agree with GSL's incomplete gamma row by row to 1e-9 relative.
    func testGammaTailGridMatchesDirectEvaluation() {
        let r = gsl_rng_alloc(dnsim_rng_mt19937())!
        defer { gsl_rng_free(r) }
        gsl_rng_set(r, 42)
        var events: [Double] = [], censored: [Double] = []
        for _ in 0..<20_000 {
            let followUp = (6 + 66 * gsl_rng_uniform(r)) * 3600
            let t = gsl_ran_gamma(r, 0.8, 9000)
            if gsl_rng_uniform(r) < 0.3 || t > followUp { censored.append(followUp) } else { events.append(t) }
        }
        XCTAssertGreaterThan(censored.count, 5000)
        let sample = DelaySample(events: events, censored: censored, followUp: events + censored)
        for (p, never) in [([9000.0, 0.8], 0.3), ([4000.0, 2.5], 0.1), ([30_000.0, 0.4], 0.0)] {
            let expected = hand(.gamma, p, never, events: sample.events, censored: sample.censored)
            let actual = DelayFamily.gamma.logLikelihood(parameters: p, never: never, sample: sample)
            XCTAssertEqual(actual, expected, accuracy: 1e-9 * abs(expected), "\(p) never \(never)")
        }
    }

    /// Without censoring and with never held at 0, the lognormal MLE is the
    /// mean and the (divide-by-n) standard deviation of the log delays. The
    /// optimiser stops within 1e-6 standard errors; the test allows 1e-4.
    func testLognormalMLEEqualsClosedFormWithoutCensoring() throws {
        let sample = SyntheticDelays.sample(.lognormal, [600, 0.9], never: 0, n: 500, followUp: .infinity, seed: 11)
        XCTAssertTrue(sample.censored.isEmpty)
        let logs = sample.events.map { log($0) }
        let n = Double(logs.count)
        let mean = logs.reduce(0, +) / n
        let sd = (logs.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n).squareRoot()
        for hasNever in [false, true] {
            let fit = try XCTUnwrap(
                DelayFit.fit(
                    sample, hasNever: hasNever, options: FitOptions(families: [.lognormal], bootstrap: 0),
                    source: "synthetic"
                ).fit(for: .lognormal))
            XCTAssertEqual(log(fit.values[0]), mean, accuracy: 1e-4 * sd / n.squareRoot())
            XCTAssertEqual(fit.values[1], sd, accuracy: 1e-4 * sd / (2 * n).squareRoot())
            if hasNever { XCTAssertEqual(fit.never?.value, 0) } else { XCTAssertNil(fit.never) }
        }
    }
}
