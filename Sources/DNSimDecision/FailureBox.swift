/// Where in the uncertain conditions an arm fails a constraint (`PatientRuleInduction`): a box of
/// parameter ranges, the share of the failing worlds inside it (coverage) and the share of the
/// worlds inside it that fail (density).
public struct FailureBox: Sendable, Equatable {
    public struct Limit: Sendable, Equatable {
        /// The 0-based column of the parameter.
        public var parameter: Int
        public var low: Double
        public var high: Double
    }

    /// `constraints[].metric` of the failed constraint.
    public var constraint: String
    /// The restricted parameters only, in column order; empty when the failures are everywhere.
    public var limits: [Limit]
    public var coverage: Double
    public var density: Double
}
