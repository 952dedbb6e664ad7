import CGSL

/// A share pooled over messages (Σ messages with the outcome / Σ messages) with its 95% Jeffreys
/// interval: the 2.5% and 97.5% quantiles of Beta(x + ½, n − x + ½), cut to 0 at x = 0 and to 1 at
/// x = n. Beta rather than Wilson because an export's count is a percentage times a day's messages,
/// not always whole. It treats messages as independent draws (a judgement: they cluster by device).
public struct PooledShare: Sendable, Equatable {
    public let count: Double
    public let total: Int
    public let low: Double
    public let high: Double

    public var share: Double { total > 0 ? count / Double(total) : 0 }

    public init(count: Double, total: Int) {
        self.count = count
        self.total = total
        GSLFitSetup.installErrorHandler()
        guard total > 0 else { low = 0; high = 1; return }
        let n = Double(total), x = min(max(count, 0), n)
        low = x <= 0 ? 0 : Self.betaQuantile(0.025, x + 0.5, n - x + 0.5)
        high = x >= n ? 1 : Self.betaQuantile(0.975, x + 0.5, n - x + 0.5)
    }

    /// GSL's Beta quantile, checked against its CDF. GSL's search does not converge for the
    /// parameters of hundreds of thousands of messages; there the Cornish–Fisher expansion with
    /// the Beta's skewness takes over, whose error (order 1/min(a, b) of an sd) is then far below the interval's width.
    static func betaQuantile(_ q: Double, _ a: Double, _ b: Double) -> Double {
        let p = gsl_cdf_beta_Pinv(q, a, b)
        if p.isFinite, p > 0, p < 1, abs(gsl_cdf_beta_P(p, a, b) - q) < 1e-6 { return p }
        let mean = a / (a + b)
        let sd = (a * b / ((a + b) * (a + b) * (a + b + 1))).squareRoot()
        let skew = 2 * (b - a) * (a + b + 1).squareRoot() / ((a + b + 2) * (a * b).squareRoot())
        let z = gsl_cdf_ugaussian_Pinv(q)
        return min(1, max(0, mean + sd * (z + (z * z - 1) * skew / 6)))
    }
}
