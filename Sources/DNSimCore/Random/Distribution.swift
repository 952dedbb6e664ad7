import CGSL
import Foundation

/// A distribution of durations. Parameters are in milliseconds (shape and
/// sigma are unitless); samples are rounded to whole milliseconds and clamped
/// to [0, `Distribution.ceiling`] so a heavy tail can never overflow the clock.
public indirect enum Distribution: Sendable, Equatable {
    case fixed(Millis)
    case exponential(mean: Double)
    /// ln(X) ~ Normal(ln(median), sigma).
    case lognormal(median: Double, sigma: Double)
    case uniform(min: Double, max: Double)
    case gamma(shape: Double, scale: Double)
    case weibull(shape: Double, scale: Double)
    /// A piecewise-linear CDF through (value, cumulative probability) points,
    /// values ascending, probabilities non-decreasing and ending at 1.
    /// Probability below the first point's is a point mass at its value.
    case empirical(points: [EmpiricalPoint])
    /// Components with positive weights (normalised when sampling).
    case mixture([MixtureComponent])

    /// About 100 years: beyond any simulated horizon, far from Int64 overflow.
    public static let ceiling: Millis = 100 * 366 * SimTime.day

    /// Draws one sample from `random`'s current stream (GSL's variate
    /// functions, or `KeyedRandom`'s inline copies of them).
    @inline(__always)
    func sample(_ random: KeyedRandom) -> Millis {
        let generator = random.generator
        switch self {
        case .fixed(let value):
            return value
        case .exponential(let mean):
            return Self.clamp(gsl_ran_exponential(generator, mean))
        case .lognormal(let median, let sigma):
            return Self.clamp(random.lognormal(median: median, sigma: sigma))
        case .uniform(let low, let high):
            return Self.clamp(gsl_ran_flat(generator, low, high))
        case .gamma(let shape, let scale):
            return Self.clamp(gsl_ran_gamma(generator, shape, scale))
        case .weibull(let shape, let scale):
            // GSL's weibull takes (a = scale, b = shape).
            return Self.clamp(gsl_ran_weibull(generator, scale, shape))
        case .empirical(let points):
            return Self.clamp(Self.inverseCDF(points, random.uniform()))
        case .mixture(let components):
            var total = 0.0
            for component in components { total += component.weight }
            var u = random.uniform() * total
            for component in components {
                if u < component.weight { return component.distribution.sample(random) }
                u -= component.weight
            }
            return components[components.count - 1].distribution.sample(random)
        }
    }

    @inline(__always)
    static func clamp(_ value: Double) -> Millis {
        guard value.isFinite, value > 0 else { return 0 }
        if value >= Double(ceiling) { return ceiling }
        // value.rounded() (half away from zero) without libm's round: below
        // the ceiling (< 2^53) the whole part converts exactly and the
        // fraction value - whole is exact (Sterbenz), so this is the same.
        let whole = Millis(value)
        return value - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    static func inverseCDF(_ points: [EmpiricalPoint], _ u: Double) -> Double {
        guard let first = points.first else { return 0 }
        if u <= first.probability { return first.value }
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            if u <= b.probability {
                let span = b.probability - a.probability
                if span <= 0 { return b.value }
                return a.value + (b.value - a.value) * (u - a.probability) / span
            }
        }
        return points[points.count - 1].value
    }

    /// The mean in milliseconds, for `validate` and the report recap.
    public var mean: Double {
        switch self {
        case .fixed(let v): return Double(v)
        case .exponential(let mean): return mean
        case .lognormal(let median, let sigma): return median * Foundation.exp(sigma * sigma / 2)
        case .uniform(let low, let high): return (low + high) / 2
        case .gamma(let shape, let scale): return shape * scale
        case .weibull(let shape, let scale): return scale * Foundation.tgamma(1 + 1 / shape)
        case .empirical(let points):
            guard var previous = points.first else { return 0 }
            var sum = previous.value * previous.probability
            for point in points.dropFirst() {
                sum += (previous.value + point.value) / 2 * (point.probability - previous.probability)
                previous = point
            }
            return sum
        case .mixture(let components):
            let total = components.reduce(0) { $0 + $1.weight }
            return components.reduce(0) { $0 + $1.weight / total * $1.distribution.mean }
        }
    }
}

public struct EmpiricalPoint: Sendable, Equatable {
    public var value: Double
    public var probability: Double
    public init(value: Double, probability: Double) {
        self.value = value
        self.probability = probability
    }
}

public struct MixtureComponent: Sendable, Equatable {
    public var weight: Double
    public var distribution: Distribution
    public init(weight: Double, distribution: Distribution) {
        self.weight = weight
        self.distribution = distribution
    }
}
