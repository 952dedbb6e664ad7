import CGSL
import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// Sample mean and variance of every distribution family against closed forms,
/// with tolerances derived from n, plus CDF points checked with GSL's `gsl_cdf_*`.
///
/// Distributions are parsed from the YAML a scenario would hold, so the units and
/// parameter order documented in docs/scenario-format.md are what is tested.
/// Parameters are in the thousands of milliseconds so rounding to whole ms is small.
final class DistributionMomentTests: XCTestCase {
    static let n = 20_000
    static let seed: UInt64 = 2027

    // MARK: - Helpers

    func distribution(_ yaml: String) throws -> Distribution {
        let node = try XCTUnwrap(try YAMLParser.parse(yaml, file: "distribution.yaml"))
        let reader = ScenarioReader(file: "distribution.yaml", text: yaml)
        let parsed = DistributionReader.read(node, "d", reader)
        XCTAssertEqual(reader.diagnostics.map(\.description), [], yaml)
        return try XCTUnwrap(parsed, yaml)
    }

    /// n draws, each from its own keyed stream (index i), as the simulator draws them.
    func samples(_ distribution: Distribution, device: Int) -> [Double] {
        let random = KeyedRandom(seed: Self.seed)
        return (0..<Self.n).map { index in
            random.begin(device: device, source: .fetchAttempt, index: index)
            return Double(random.duration(distribution))
        }
    }

    /// Checks the sample mean and (unbiased) sample variance against μ and σ².
    ///
    /// - Mean: the standard error is σ/√n, so allow 4σ/√n.
    /// - Variance: Var(s²) ≈ σ⁴(κ − 1)/n for kurtosis κ = E[(X−μ)⁴]/σ⁴, so allow
    ///   4σ²·√((κ − 1)/n). `kurtosis` may be an upper bound; that only widens the check.
    /// - Rounding to whole ms adds an error e with |e| ≤ ½: the mean moves by at most ½,
    ///   and Var(X + e) − Var(X) = Var(e) + 2Cov(X, e). For a smooth density with σ ≫ 1 ms,
    ///   e is nearly uniform and independent of X, so it adds about 1/12 ms², which is the
    ///   centre used here. The worst case, |Var(e) + 2Cov| ≤ ¼ + σ (Cauchy–Schwarz), is
    ///   added as slack; it is under 3% of the statistical tolerance for these parameters.
    func checkMoments(
        _ name: String, _ values: [Double], mean: Double, variance: Double, kurtosis: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let n = Double(values.count)
        let sampleMean = values.reduce(0, +) / n
        let sampleVariance = values.reduce(0) { $0 + ($1 - sampleMean) * ($1 - sampleMean) } / (n - 1)
        let sigma = variance.squareRoot()
        let meanTolerance = 4 * sigma / n.squareRoot() + 0.5
        let varianceTolerance = 4 * variance * ((kurtosis - 1) / n).squareRoot() + sigma + 0.25
        XCTAssertEqual(sampleMean, mean, accuracy: meanTolerance, "\(name): sample mean", file: file, line: line)
        XCTAssertEqual(
            sampleVariance, variance + 1.0 / 12, accuracy: varianceTolerance,
            "\(name): sample variance", file: file, line: line)
    }

    /// P(X ≤ x) for the rounded draws against the true CDF, within 4 binomial standard errors.
    /// A draw rounds to at most x (an integer) exactly when X < x + ½, so `cdf` gets x + ½.
    func checkCDF(
        _ name: String, _ values: [Double], at x: Double, cdf: (Double) -> Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let p = cdf(x + 0.5)
        let observed = Double(values.count(where: { $0 <= x })) / Double(values.count)
        let standardError = (p * (1 - p) / Double(values.count)).squareRoot()
        XCTAssertGreaterThan(p, 0.05, "\(name): pick a point inside the bulk", file: file, line: line)
        XCTAssertLessThan(p, 0.95, "\(name): pick a point inside the bulk", file: file, line: line)
        XCTAssertEqual(observed, p, accuracy: 4 * standardError, "\(name): P(X ≤ \(x))", file: file, line: line)
    }

    /// GSL errors are counted process-wide (another test provokes one on purpose), so compare.
    private var gslErrorsBefore = 0

    override func setUp() {
        super.setUp()
        GSLSetup.installErrorHandler()
        gslErrorsBefore = GSLSetup.errorCount
    }

    override func tearDown() {
        // Parameters reach GSL validated, so sampling must record no GSL error.
        XCTAssertEqual(GSLSetup.errorCount, gslErrorsBefore)
        super.tearDown()
    }

    // MARK: - Families

    func testFixed() throws {
        let d = try distribution("{ fixed: 5s }")
        let values = samples(d, device: 1)
        // No randomness and no rounding: every draw is exactly 5000 ms.
        XCTAssertEqual(Set(values), [5_000])
        XCTAssertEqual(d.mean, 5_000)
    }

    func testExponential() throws {
        let mean = 2_000.0
        let d = try distribution("{ exponential: { mean: 2s } }")
        let values = samples(d, device: 2)
        // Var = mean², κ = 9.
        checkMoments("exponential", values, mean: mean, variance: mean * mean, kurtosis: 9)
        checkCDF("exponential", values, at: 1_386) { gsl_cdf_exponential_P($0, mean) }
        XCTAssertEqual(d.mean, mean, accuracy: 1e-9)
    }

    func testLognormal() throws {
        let median = 3_000.0, sigma = 0.5
        let d = try distribution("{ lognormal: { median: 3s, sigma: 0.5 } }")
        let values = samples(d, device: 3)
        // ln X ~ N(ln median, σ²): mean = m·e^(σ²/2), Var = m²·e^(σ²)·(e^(σ²) − 1),
        // κ = e^(4σ²) + 2e^(3σ²) + 3e^(2σ²) − 3.
        let s2 = sigma * sigma
        let mean = median * exp(s2 / 2)
        let variance = median * median * exp(s2) * (exp(s2) - 1)
        let kurtosis = exp(4 * s2) + 2 * exp(3 * s2) + 3 * exp(2 * s2) - 3
        checkMoments("lognormal", values, mean: mean, variance: variance, kurtosis: kurtosis)
        checkCDF("lognormal", values, at: 3_000) { gsl_cdf_lognormal_P($0, log(median), sigma) }
        checkCDF("lognormal", values, at: 4_500) { gsl_cdf_lognormal_P($0, log(median), sigma) }
        XCTAssertEqual(d.mean, mean, accuracy: 1e-6)
    }

    func testUniform() throws {
        let low = 1_000.0, high = 5_000.0
        let d = try distribution("{ uniform: { min: 1s, max: 5s } }")
        let values = samples(d, device: 4)
        // Var = (b − a)²/12, κ = 9/5.
        checkMoments(
            "uniform", values, mean: (low + high) / 2, variance: (high - low) * (high - low) / 12, kurtosis: 1.8)
        checkCDF("uniform", values, at: 2_000) { gsl_cdf_flat_P($0, low, high) }
        XCTAssertEqual(d.mean, 3_000)
    }

    func testGamma() throws {
        let shape = 3.0, scale = 1_000.0
        let d = try distribution("{ gamma: { shape: 3, scale: 1s } }")
        let values = samples(d, device: 5)
        // mean = kθ, Var = kθ², κ = 3 + 6/k.
        checkMoments("gamma", values, mean: shape * scale, variance: shape * scale * scale, kurtosis: 3 + 6 / shape)
        // Near the median (about 2674 ms for k = 3, θ = 1 s) and in the upper tail.
        checkCDF("gamma", values, at: 2_674) { gsl_cdf_gamma_P($0, shape, scale) }
        checkCDF("gamma", values, at: 5_000) { gsl_cdf_gamma_P($0, shape, scale) }
        XCTAssertEqual(d.mean, 3_000, accuracy: 1e-9)
    }

    func testWeibull() throws {
        let shape = 1.5, scale = 3_000.0
        let d = try distribution("{ weibull: { shape: 1.5, scale: 3s } }")
        let values = samples(d, device: 6)
        // With gᵢ = Γ(1 + i/k): mean = λg₁, Var = λ²(g₂ − g₁²),
        // E[(X−μ)⁴] = λ⁴(g₄ − 4g₃g₁ + 6g₂g₁² − 3g₁⁴).
        let g = (0...4).map { tgamma(1 + Double($0) / shape) }
        let mean = scale * g[1]
        let variance = scale * scale * (g[2] - g[1] * g[1])
        let fourth = pow(scale, 4) * (g[4] - 4 * g[3] * g[1] + 6 * g[2] * g[1] * g[1] - 3 * pow(g[1], 4))
        checkMoments("weibull", values, mean: mean, variance: variance, kurtosis: fourth / (variance * variance))
        // GSL's Weibull takes (a = scale, b = shape); the median is λ·(ln 2)^(1/k) ≈ 2349 ms.
        checkCDF("weibull", values, at: 2_349) { gsl_cdf_weibull_P($0, scale, shape) }
        XCTAssertEqual(d.mean, mean, accuracy: 1e-6)
    }

    func testEmpirical() throws {
        let d = try distribution("{ empirical: { points: [[1s, 0.2], [3s, 0.6], [7s, 1]] } }")
        let values = samples(d, device: 7)
        // By hand: a point mass 0.2 at 1000, then uniform pieces U(1000, 3000) with weight 0.4
        // and U(3000, 7000) with weight 0.4 (linear CDF between points).
        //   mean  = 0.2·1000 + 0.4·2000 + 0.4·5000 = 3000
        //   E[X²] = 0.2·1000² + 0.4·(1000² + 1000·3000 + 3000²)/3 + 0.4·(3000² + 3000·7000 + 7000²)/3
        //         = 200000 + 0.4·13e6/3 + 0.4·79e6/3 = 187e6/15
        //   Var   = 187e6/15 − 9e6 = 52e6/15 ≈ 3.467e6
        // κ: the support is [1000, 7000], so |X − μ| ≤ 4000 and E[(X−μ)⁴] ≤ 4000²·σ²,
        // giving the upper bound κ ≤ 4000²/σ² ≈ 4.62 (used instead of the exact value).
        let variance = 52e6 / 15
        checkMoments("empirical", values, mean: 3_000, variance: variance, kurtosis: 4_000 * 4_000 / variance)
        // The same pieces as a CDF: F(x) = 0.2 + 0.4·(x − 1000)/2000 on [1000, 3000].
        checkCDF("empirical", values, at: 2_000) { 0.2 + 0.4 * ($0 - 1_000) / 2_000 }
        // The point mass: exactly the first value for about 20% of draws.
        let atFirst = Double(values.count(where: { $0 == 1_000 })) / Double(values.count)
        XCTAssertEqual(atFirst, 0.2, accuracy: 4 * (0.2 * 0.8 / Double(values.count)).squareRoot())
        XCTAssertEqual(d.mean, 3_000, accuracy: 1e-9)
    }

    func testMixture() throws {
        let d = try distribution(
            "{ mixture: [ { weight: 3, gamma: { shape: 4, scale: 500ms } }, { weight: 1, uniform: { min: 6s, max: 10s } } ] }"
        )
        let values = samples(d, device: 8)
        // By hand. Weights 3 and 1 normalise to w = (0.75, 0.25).
        //   gamma k = 4, θ = 500: μ₁ = 2000, σ₁² = kθ² = 1e6, m₃ = 2kθ³, m₄ = 3k(k + 2)θ⁴
        //   uniform on [6000, 10000]: μ₂ = 8000, σ₂² = 4000²/12, m₃ = 0, m₄ = 4000⁴/80
        //   mean = Σ wᵢμᵢ = 1500 + 2000 = 3500
        //   Var  = Σ wᵢ(σᵢ² + μᵢ²) − mean² = 3.75e6 + 16.333e6 − 12.25e6 ≈ 7.833e6
        //   E[(X−μ)⁴] = Σ wᵢ(m₄ + 4m₃dᵢ + 6σᵢ²dᵢ² + dᵢ⁴) with dᵢ = μᵢ − mean (binomial expansion)
        let k = 4.0, theta = 500.0, low = 6_000.0, high = 10_000.0
        let w = [0.75, 0.25]
        let mu = [k * theta, (low + high) / 2]
        let s2 = [k * theta * theta, (high - low) * (high - low) / 12]
        let m3 = [2 * k * pow(theta, 3), 0]
        let m4 = [3 * k * (k + 2) * pow(theta, 4), pow(high - low, 4) / 80]
        let mean = w[0] * mu[0] + w[1] * mu[1]
        let variance = (0..<2).reduce(0.0) { $0 + w[$1] * (s2[$1] + mu[$1] * mu[$1]) } - mean * mean
        let fourth = (0..<2).reduce(0.0) { sum, i in
            let delta = mu[i] - mean
            return sum + w[i] * (m4[i] + 4 * m3[i] * delta + 6 * s2[i] * delta * delta + pow(delta, 4))
        }
        // The YAML became these components (units and weights as written), which the closed forms above describe.
        XCTAssertEqual(
            d,
            .mixture([
                MixtureComponent(weight: 3, distribution: .gamma(shape: k, scale: theta)),
                MixtureComponent(weight: 1, distribution: .uniform(min: low, max: high)),
            ]))
        checkMoments("mixture", values, mean: mean, variance: variance, kurtosis: fourth / (variance * variance))
        // Below 2000 ms only the gamma part contributes: F(x) = 0.75·P_gamma(x).
        checkCDF("mixture", values, at: 2_000) {
            w[0] * gsl_cdf_gamma_P($0, k, theta) + w[1] * gsl_cdf_flat_P($0, low, high)
        }
        checkCDF("mixture", values, at: 8_000) {
            w[0] * gsl_cdf_gamma_P($0, k, theta) + w[1] * gsl_cdf_flat_P($0, low, high)
        }
        XCTAssertEqual(d.mean, mean, accuracy: 1e-9)
    }
}
