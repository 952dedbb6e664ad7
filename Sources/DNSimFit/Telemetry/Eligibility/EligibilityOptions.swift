/// What `fit` knows of when a bg file's requests could run (`--eligibility`, `--assume-eligible`).
public struct EligibilityOptions: Sendable {
    /// The devices' holding periods (eligibility.csv), when given.
    public var periods: EligibilityPeriods?
    /// Fit requests that need eligibility but have none as if always eligible, instead of refusing.
    public var assumeEligible: Bool

    public init(periods: EligibilityPeriods? = nil, assumeEligible: Bool = false) {
        self.periods = periods
        self.assumeEligible = assumeEligible
    }
}
