import CGSL

/// The exact coverage, at p = 1/2, of the textbook 95% intervals the
/// simulator reports, from their definitions (not the code under test), for
/// counts K ~ Binomial(m, 1/2): what a coverage test compares its observed
/// count against instead of a nominal 95% the discrete world only nears.
public enum ExactCoverage {
    static let level = 0.95

    /// The t-interval mean ± t(0.975, D − 1)·s/√D of D independent values
    /// Kᵢ/s (any scale s: coverage does not depend on it) contains m/(2s):
    /// summed over the exact joint distribution of (ΣKᵢ, ΣKᵢ²), built one
    /// value at a time.
    public static func student(values d: Int, trials m: Int) -> Double {
        precondition(d > 1 && m > 0)
        let pmf = (0...m).map { gsl_ran_binomial_pdf(UInt32($0), 0.5, UInt32(m)) }
        // distribution[s][q] = P(ΣK = s, ΣK² = q) over the values so far.
        var distribution: [[Int: Double]] = [[0: 1]]
        for _ in 0..<d {
            var next = [[Int: Double]](repeating: [:], count: distribution.count + m)
            for (s, row) in distribution.enumerated() {
                for (q, p) in row {
                    for k in 0...m { next[s + k][q + k * k, default: 0] += p * pmf[k] }
                }
            }
            distribution = next
        }
        let n = Double(d), t = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, n - 1), truth = Double(m) / 2
        var coverage = 0.0
        for (s, row) in distribution.enumerated() {
            let mean = Double(s) / n
            for (q, p) in row {
                let variance = max(0, (Double(q) - n * mean * mean) / (n - 1))
                if abs(mean - truth) <= t * (variance / n).squareRoot() { coverage += p }
            }
        }
        return coverage
    }

    /// The counts k of n trials whose Wilson score interval holds 1/2: that
    /// interval is the set of p with (k/n − p)² ≤ z²·p(1 − p)/n, so it holds 1/2
    /// iff |k − n/2| ≤ z·√n/2.
    public static func wilsonCovering(trials n: Int) -> ClosedRange<Int> {
        let z = gsl_cdf_ugaussian_Pinv(1 - (1 - level) / 2)
        let covering = (0...n).filter { abs(Double($0) - Double(n) / 2) <= z * Double(n).squareRoot() / 2 }
        return covering.first!...covering.last!
    }

    /// P(K ∈ `wilsonCovering(trials: n)`) for K ~ Binomial(n, 1/2).
    public static func wilson(trials n: Int) -> Double {
        wilsonCovering(trials: n).reduce(0) { $0 + gsl_ran_binomial_pdf(UInt32($1), 0.5, UInt32(n)) }
    }
}
