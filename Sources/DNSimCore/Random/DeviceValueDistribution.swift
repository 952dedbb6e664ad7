import CGSL
import Foundation

/// How a condition's value varies over devices (`{ perDevice: … }`): each device draws its own
/// value once, by inverting this distribution at one keyed uniform, so the device keeps its value
/// whatever else changes (common random numbers).
public enum DeviceValueDistribution: Sendable, Equatable {
    /// Beta(a, b) on [0, 1], for probabilities: mean a / (a + b).
    case beta(a: Double, b: Double)
    /// Gamma with the given shape and mean (scale mean / shape), for rates: opens per day then
    /// vary as a negative binomial over devices.
    case gamma(shape: Double, mean: Double)
    case lognormal(median: Double, sigma: Double)
    case uniform(min: Double, max: Double)

    /// The value at cumulative probability `u` in [0, 1).
    public func quantile(_ u: Double) -> Double {
        switch self {
        case .beta(let a, let b): return gsl_cdf_beta_Pinv(u, a, b)
        case .gamma(let shape, let mean): return u <= 0 ? 0 : gsl_cdf_gamma_Pinv(u, shape, mean / shape)
        case .lognormal(let median, let sigma):
            return u <= 0 ? 0 : gsl_cdf_lognormal_Pinv(u, Foundation.log(median), sigma)
        case .uniform(let low, let high): return low + (high - low) * u
        }
    }

    /// The cumulative probability at `x` (for tests and reports).
    public func cdf(_ x: Double) -> Double {
        switch self {
        case .beta(let a, let b): return gsl_cdf_beta_P(x, a, b)
        case .gamma(let shape, let mean): return gsl_cdf_gamma_P(x, shape, mean / shape)
        case .lognormal(let median, let sigma):
            return x <= 0 ? 0 : gsl_cdf_lognormal_P(x, Foundation.log(median), sigma)
        case .uniform(let low, let high):
            return high > low ? Swift.min(1, Swift.max(0, (x - low) / (high - low))) : (x >= low ? 1 : 0)
        }
    }

    public var mean: Double {
        switch self {
        case .beta(let a, let b): return a / (a + b)
        case .gamma(_, let mean): return mean
        case .lognormal(let median, let sigma): return median * Foundation.exp(sigma * sigma / 2)
        case .uniform(let low, let high): return (low + high) / 2
        }
    }

    /// The distribution as a scenario writes it: `beta { a: 2, b: 30 }`.
    public var description: String {
        func show(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        }
        switch self {
        case .beta(let a, let b): return "beta { a: \(show(a)), b: \(show(b)) }"
        case .gamma(let shape, let mean): return "gamma { shape: \(show(shape)), mean: \(show(mean)) }"
        case .lognormal(let median, let sigma): return "lognormal { median: \(show(median)), sigma: \(show(sigma)) }"
        case .uniform(let low, let high): return "uniform { min: \(show(low)), max: \(show(high)) }"
        }
    }
}
