import CGSL
import DNSimCore
import Foundation

/// What a telemetry sample of a stated size would be worth before choosing (EVSI), for a
/// parameter whose belief came from a fit (`FitSample`), under the one eligibility rule of
/// `DecisionAnalysis`.
///
/// The regression estimator of Strong, Oakley, Brennan & Breeze (2015), "Estimating the expected
/// value of sample information using the probabilistic sensitivity analysis sample", Med. Decis.
/// Making 35(5):570–583: for each world w with the parameter at θ_w (on the belief's scale: its log
/// for a lognormal), a future sample of n rows is summarised by its estimate
/// θ̂_w = θ_w + (τ/√n)·ε_w, τ² = n₀·SE², ε_w a standard normal drawn from the keyed stream (seed,
/// device: the key's hash, `.sampleInformation`, index: the world's position), the same ε_w for
/// every n. Each arm's utility difference and feasibility are regressed on θ̂ as EVPPI regresses
/// them on θ (`PartialInformation`, the same running-line smoother and the same rule: given θ̂ an
/// arm is eligible when its fitted feasible share reaches the required share), so
/// EVSI = (1/W) Σ_w max over the arms eligible at θ̂_w of d̂_a(θ̂_w), clamped to [0, EVPPI]:
/// a sample tells less than the value itself, and EVSI → EVPPI as n grows.
public struct SampleInformation: Sendable, Equatable {
    /// The parameter's position in the input.
    public var parameter: Int
    /// n, the future sample's size, in the units of the fit's `sample`.
    public var size: Int
    /// Utility per cycle.
    public var value: Double
    /// Its bootstrap standard error over the worlds (`DecisionAnalysis`).
    public var standardError: Double

    public init(parameter: Int, size: Int, value: Double, standardError: Double = 0) {
        self.parameter = parameter
        self.size = size
        self.value = value
        self.standardError = standardError
    }

    /// Whether the estimate is at least two standard errors (docs/model.md §9): below, noise.
    public var isDistinguishable: Bool { value > 0 && value >= 2 * standardError }

    /// The estimates θ̂ a sample of `size` would give in each world, from the parameter's values
    /// `values` (key units) in the worlds at positions `worlds`.
    static func estimates(_ values: [Double], worlds: [Int], fit: FitSample, size: Int, seed: UInt64) -> [Double] {
        let random = KeyedRandom(seed: seed)
        let spread = fit.standardError(ofSize: size)
        let stream = ExperimentDesign.stream(of: fit.key)
        return zip(values, worlds).map { value, world in
            random.begin(device: stream, source: .sampleInformation, index: world)
            let u = Swift.min(Swift.max(random.uniform(), 0x1p-53), 1 - 0x1p-53)
            let scaled = fit.logScale ? Foundation.log(Swift.max(value, Double.leastNormalMagnitude)) : value
            return scaled + spread * gsl_cdf_ugaussian_Pinv(u)
        }
    }
}
