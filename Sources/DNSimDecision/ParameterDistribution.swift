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
            let pLow = low.isFinite ? gsl_cdf_gaussian_P(low - mean, sd) : 0
            let pHigh = high.isFinite ? gsl_cdf_gaussian_P(high - mean, sd) : 1
            let value = mean + gsl_cdf_gaussian_Pinv(pLow + u * (pHigh - pLow), sd)
            return Swift.min(Swift.max(value, low), high)
        case .lognormal(let median, let sigma, let low, let high):
            guard sigma > 0 else { return Swift.min(Swift.max(median, low), high) }
            let zeta = log(median)
            let pLow = low > 0 && low.isFinite ? gsl_cdf_lognormal_P(low, zeta, sigma) : 0
            let pHigh = high.isFinite ? gsl_cdf_lognormal_P(high, zeta, sigma) : 1
            let value = gsl_cdf_lognormal_Pinv(pLow + u * (pHigh - pLow), zeta, sigma)
            return Swift.min(Swift.max(value, low), high)
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
