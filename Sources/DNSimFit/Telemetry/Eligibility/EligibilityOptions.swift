/// What `fit` knows of when a bg file's requests could run (`--eligibility`, `--assume-eligible`).
public struct EligibilityOptions: Sendable {
    /// The devices' holding periods (eligibility.csv), when given.
    public var periods: EligibilityPeriods?
    /// Fit requests that need eligibility but have none as if always eligible, instead of refusing.
    public var assumeEligible: Bool
    /// What the scenario of `fit --into` says the requests need, for a bg file that does not say it.
    public var declared: DeclaredRequestNeeds?

    public init(
        periods: EligibilityPeriods? = nil, assumeEligible: Bool = false,
        declared: DeclaredRequestNeeds? = nil
    ) {
        self.periods = periods
        self.assumeEligible = assumeEligible
        self.declared = declared
    }
}
