import CGSL

/// The counts a Binomial(trials, probability) variable takes, less at most
/// `falseAlarm` of probability cut from its two tails (half each, exactly, by
/// GSL's binomial CDFs). A coverage test counts the runs whose interval holds
/// the truth and fails outside this range: too few (intervals too narrow) and
/// too many (intervals too wide) alike. A correct interval fails with
/// probability at most `falseAlarm`, whatever the seeds.
public struct BinomialAcceptance: Sendable, CustomStringConvertible {
    public let trials: Int
    public let probability: Double
    public let falseAlarm: Double
    public let range: ClosedRange<Int>

    public init(trials: Int, probability: Double, falseAlarm: Double = 1e-4) {
        precondition(trials > 0 && trials <= Int(UInt32.max) && (0...1).contains(probability) && falseAlarm > 0)
        self.trials = trials
        self.probability = probability
        self.falseAlarm = falseAlarm
        let n = UInt32(trials)
        // Lowest count k with P(X ≤ k) above α/2; highest with P(X ≥ k) above α/2.
        let low = (0...trials).first { gsl_cdf_binomial_P(UInt32($0), probability, n) > falseAlarm / 2 }!
        let high = (0...trials).last { $0 == 0 || gsl_cdf_binomial_Q(UInt32($0 - 1), probability, n) > falseAlarm / 2 }!
        range = low...high
    }

    public func contains(_ count: Int) -> Bool { range.contains(count) }

    /// The probability that the count falls outside `range` when the true
    /// probability is `q`: the test's power against `q`.
    public func power(against q: Double) -> Double {
        let n = UInt32(trials)
        let below = range.lowerBound == 0 ? 0 : gsl_cdf_binomial_P(UInt32(range.lowerBound - 1), q, n)
        return below + gsl_cdf_binomial_Q(UInt32(range.upperBound), q, n)
    }

    public var description: String {
        "\(range.lowerBound)…\(range.upperBound) of \(trials) (Binomial(\(trials), \(probability)) less \(falseAlarm) in its tails)"
    }
}
