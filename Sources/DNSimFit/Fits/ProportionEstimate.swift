import CGSL

/// A share with its 95% Wilson score interval, which stays inside [0, 1]
/// and behaves at 0 and 1 where the Wald interval does not.
public struct ProportionEstimate: Sendable, Equatable {
    public let count: Int
    public let total: Int
    public let low: Double
    public let high: Double

    public var share: Double { total > 0 ? Double(count) / Double(total) : 0 }

    public init(count: Int, total: Int) {
        self.count = count
        self.total = total
        GSLFitSetup.installErrorHandler()
        guard total > 0 else { low = 0; high = 1; return }
        let z = gsl_cdf_ugaussian_Pinv(0.975)
        let n = Double(total), p = Double(count) / n
        let denominator = 1 + z * z / n
        let center = (p + z * z / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / denominator
        low = max(0, center - half)
        high = min(1, center + half)
    }
}
