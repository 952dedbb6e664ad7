import CGSL
import Foundation

/// What is believed about one uncertain condition: a distribution over its values, sampled by
/// inverting its CDF at a design's unit coordinate, so a design point maps to one value.
///
/// `normal` and `lognormal` are truncated to `low...high` (the key's range) by inverting the
/// CDF between the bounds' probabilities. `choice` returns the 0-based index of the value chosen.
public enum ParameterDistribution: Sendable, Equatable {
    case uniform(min: Double, max: Double)
    case logUniform(min: Double, max: Double)
    case triangular(min: Double, mode: Double, max: Double)
    case normal(mean: Double, sd: Double, low: Double, high: Double)
    case lognormal(median: Double, sigma: Double, low: Double, high: Double)
    case choice(weights: [Double])

    /// The value at cumulative probability `u` in (0, 1).
    public func quantile(_ u: Double) -> Double {
        let u = Swift.min(Swift.max(u, 0x1p-53), 1 - 0x1p-53)
        switch self {
        case .uniform(let low, let high):
            return low + u * (high - low)
        case .logUniform(let low, let high):
            return low * pow(high / low, u)
        case .triangular(let low, let mode, let high):
            guard high > low else { return low }
            let split = (mode - low) / (high - low)
            return u < split
                ? low + ((high - low) * (mode - low) * u).squareRoot()
                : high - ((high - low) * (high - mode) * (1 - u)).squareRoot()
        case .normal(let mean, let sd, let low, let high):
            guard sd > 0 else { return Swift.min(Swift.max(mean, low), high) }
            let z = Self.truncatedStandardNormalQuantile(u, from: (low - mean) / sd, to: (high - mean) / sd)
            return Swift.min(Swift.max(mean + sd * z, low), high)
        case .lognormal(let median, let sigma, let low, let high):
            guard sigma > 0 else { return Swift.min(Swift.max(median, low), high) }
            let from = low > 0 ? (log(low) - log(median)) / sigma : -Double.infinity
            let z = Self.truncatedStandardNormalQuantile(u, from: from, to: (log(high) - log(median)) / sigma)
            return Swift.min(Swift.max(median * exp(sigma * z), low), high)
        case .choice(let weights):
            let total = weights.reduce(0, +)
            var cumulative = 0.0
            for (index, weight) in weights.enumerated() {
                cumulative += weight
                if u * total < cumulative { return Double(index) }
            }
            return Double(weights.count - 1)
        }
    }

    /// The standard normal's quantile at `u` given that it lies in `a...b`, accurate in either tail:
    /// a range above 0 is reflected below it, where the CDF's small values keep their precision,
    /// and a range more than 30 standard deviations out (where the CDF underflows) uses the
    /// tail's exponential limit, whose error falls as 1/a² (a belief far outside its key's range
    /// then gives values at the nearer end, not the far one).
    static func truncatedStandardNormalQuantile(_ u: Double, from a: Double, to b: Double) -> Double {
        if a > 0 { return -truncatedStandardNormalQuantile(1 - u, from: -b, to: -a) }
        if b < -30 {
            // Below -30 the density is exp(-z²/2) ≈ exp(-b²/2 + |b|(z - b)): an exponential of rate |b| back from b.
            let rate = -b, width = b - a
            let mass = width.isFinite ? -expm1(-rate * width) : 1
            return b + log1p(-(1 - u) * mass) / rate
        }
        let pLow = a.isFinite ? gsl_cdf_ugaussian_P(a) : 0
        let pHigh = b.isFinite ? gsl_cdf_ugaussian_P(b) : 1
        return gsl_cdf_ugaussian_Pinv(pLow + u * (pHigh - pLow))
    }

    /// The smallest and largest values the distribution gives.
    public var support: ClosedRange<Double> {
        switch self {
        case .uniform(let low, let high), .logUniform(let low, let high), .triangular(let low, _, let high): low...high
        case .normal(_, _, let low, let high), .lognormal(_, _, let low, let high): low...high
        case .choice(let weights): 0...Double(Swift.max(weights.count - 1, 0))
        }
    }

    /// Whether its values are categories (a choice) rather than points on a line.
    public var isCategorical: Bool {
        if case .choice = self { return true }
        return false
    }
}
