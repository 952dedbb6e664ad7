import CGSL
import Foundation

/// A 95% interval around an estimate, and how it was computed.
public struct ConfidenceInterval: Sendable, Equatable {
    public enum Method: String, Sendable {
        /// Student t over independent devices (docs/model.md §4).
        case student = "t"
        /// Wilson score over cycles, for a single device.
        case wilson
        /// Order statistics bracketing a quantile's rank, for a quantile over devices.
        case orderStatistic = "order_statistic"
    }

    public var estimate: Double
    /// The bounds as reported, clamped to the quantity's range (a rate's [0, 1]).
    public var low: Double
    public var high: Double
    public var method: Method
    /// Half the width of the interval before clamping: what a precision target
    /// and `check`'s tolerance use, since clamping at 0 would shrink it.
    public var halfWidth: Double

    public init(estimate: Double, low: Double, high: Double, method: Method, halfWidth: Double? = nil) {
        self.estimate = estimate
        self.low = low
        self.high = high
        self.method = method
        self.halfWidth = halfWidth ?? (high - low) / 2
    }
    public func contains(_ value: Double) -> Bool { low <= value && value <= high }
    /// The interval of the opposite difference (b − a for a − b).
    public var negated: ConfidenceInterval {
        ConfidenceInterval(estimate: -estimate, low: -high, high: -low, method: method, halfWidth: halfWidth)
    }
    /// Whether the interval lies entirely on one side of zero.
    public var excludesZero: Bool { low > 0 || high < 0 }

    static let level = 0.95

    /// The t-interval of a mean from n values given Σx and Σx².
    public static func student(
        count: Int64, sum: Double, sumOfSquares: Double,
        clampTo range: ClosedRange<Double>? = nil
    ) -> ConfidenceInterval {
        let n = Double(count)
        guard count > 0 else { return ConfidenceInterval(estimate: 0, low: 0, high: 0, method: .student) }
        let mean = sum / n
        guard count > 1 else { return ConfidenceInterval(estimate: mean, low: mean, high: mean, method: .student) }
        let variance = max(0, (sumOfSquares - n * mean * mean) / (n - 1))
        let quantile = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, n - 1)
        let half = quantile * (variance / n).squareRoot()
        var low = mean - half, high = mean + half
        if let range {
            low = min(max(low, range.lowerBound), range.upperBound)
            high = min(max(high, range.lowerBound), range.upperBound)
        }
        return ConfidenceInterval(estimate: mean, low: low, high: high, method: .student, halfWidth: half)
    }

    /// The interval of a ratio R = ΣY / ΣX over `count` devices, by the delta
    /// method for a ratio estimator: residuals eᵢ = Yᵢ − R·Xᵢ give
    /// SE(R) = √(Σeᵢ² / (n(n−1))) / X̄, all from exact sums (Σ Y², Σ X², Σ XY).
    public static func ratio(
        count: Int64, sumY: Double, sumX: Double, sumY2: Double, sumX2: Double, sumXY: Double,
        clampTo range: ClosedRange<Double>? = nil
    ) -> ConfidenceInterval {
        guard count > 1, sumX > 0 else {
            let estimate = sumX > 0 ? sumY / sumX : 0
            return ConfidenceInterval(estimate: estimate, low: estimate, high: estimate, method: .student)
        }
        let n = Double(count)
        let rate = sumY / sumX
        let residualSquares = max(0, sumY2 - 2 * rate * sumXY + rate * rate * sumX2)
        let meanX = sumX / n
        let standardError = (residualSquares / (n * (n - 1))).squareRoot() / meanX
        let half = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, n - 1) * standardError
        var low = rate - half, high = rate + half
        if let range {
            low = min(max(low, range.lowerBound), range.upperBound)
            high = min(max(high, range.lowerBound), range.upperBound)
        }
        return ConfidenceInterval(estimate: rate, low: low, high: high, method: .student, halfWidth: half)
    }

    /// Wilson's score interval for k successes in n trials.
    public static func wilson(successes k: Int64, trials n: Int64) -> ConfidenceInterval {
        guard n > 0 else { return ConfidenceInterval(estimate: 0, low: 0, high: 1, method: .wilson) }
        let z = gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2)
        let trials = Double(n), p = Double(k) / trials
        let denominator = 1 + z * z / trials
        let center = (p + z * z / (2 * trials)) / denominator
        let half = z * (p * (1 - p) / trials + z * z / (4 * trials * trials)).squareRoot() / denominator
        return ConfidenceInterval(
            estimate: p, low: max(0, center - half), high: min(1, center + half), method: .wilson,
            halfWidth: half)
    }
}
