import CGSL
import DNSimDecision
import Foundation
import XCTest

/// EVSI (`SampleInformation`, Strong, Oakley, Brennan & Breeze 2015) against the preposterior
/// closed form of a two-arm linear case.
///
/// Arm a's utility is θ, arm b's 0, θ ~ N(μ, σ²) with the belief the sampling distribution of a fit
/// of n₀ rows (SE = σ, so τ² = n₀σ²). A future sample of n rows estimates θ with variance
/// τ²/n = σ²n₀/n; the posterior mean m then has the prior mean μ and variance
/// s² = σ⁴/(σ² + τ²/n) = σ²·n/(n + n₀), and EVSI = E[max(m, 0)] − max(μ, 0)
/// = s·φ(μ/s) + μ·Φ(μ/s) − max(μ, 0). As n → ∞, s → σ and EVSI → EVPI = EVPPI(θ).
/// W = 4096 worlds of a Latin hypercube; the tolerance is the EVPPI tests' 0.012.
final class SampleInformationTests: XCTestCase {
    private static let (mu, sigma, n0) = (0.1, 0.5, 200)
    private static let sizes = [20, 200, 2000, 20000]

    static func closedForm(size n: Int) -> Double {
        let s = sigma * (Double(n) / Double(n + n0)).squareRoot()
        let z = mu / s
        return s * exp(-z * z / 2) / (2 * Double.pi).squareRoot() + mu * gsl_cdf_ugaussian_P(z) - max(mu, 0)
    }

    private func summary(seed: UInt64 = 41) -> DecisionSummary {
        let design = ExperimentDesign.worlds(.lhs, samples: 4096, parameterKeys: ["theta", "phi"], seed: 27)
        let thetas = design.map { Self.mu + Self.sigma * gsl_cdf_ugaussian_Pinv($0.unit[0]) }
        var input = DecisionInput(
            utilities: thetas.map { [$0, 0] }, parameters: zip(thetas, design).map { [$0, $1.unit[1]] },
            seed: seed)
        input.fitSamples = [
            FitSample(key: "theta", size: Self.n0, standardError: Self.sigma, logScale: false),
            FitSample(key: "phi", size: 50, standardError: 0.1, logScale: false),
        ]
        input.sampleSizes = Self.sizes
        return DecisionAnalysis.analyse(input)
    }

    func testTwoArmLinearNormalCase() {
        let summary = summary()
        let theta = summary.evsi.filter { $0.parameter == 0 }
        XCTAssertEqual(theta.map(\.size), Self.sizes)
        for entry in theta {
            print(
                String(
                    format: "n = %5d: EVSI %.5f, closed form %.5f (EVPPI %.5f, EVPI %.5f)",
                    entry.size, entry.value, Self.closedForm(size: entry.size), summary.evppi[0], summary.evpi))
            XCTAssertEqual(entry.value, Self.closedForm(size: entry.size), accuracy: 0.012)
            XCTAssertLessThanOrEqual(entry.value, summary.evppi[0])
        }
        // Monotone in n, and towards EVPPI.
        for (small, large) in zip(theta, theta.dropFirst()) { XCTAssertLessThanOrEqual(small.value, large.value) }
        XCTAssertEqual(theta.last!.value, summary.evppi[0], accuracy: 0.012)
        // A parameter nothing depends on is worth (about) nothing to sample.
        for entry in summary.evsi where entry.parameter == 1 { XCTAssertLessThanOrEqual(entry.value, 0.012) }
    }

    func testKeyedDraws() {
        XCTAssertEqual(summary().evsi, summary().evsi)
        XCTAssertNotEqual(summary().evsi.map(\.value), summary(seed: 42).evsi.map(\.value))
    }

    func testNoSizesNoEstimate() {
        let input = DecisionInput(utilities: [[1, 0], [0, 1]], parameters: [[0], [1]])
        XCTAssertEqual(DecisionAnalysis.analyse(input).evsi, [])
    }
}
