/// The decision over the worlds (`DecisionAnalysis`): every arm's standing, the recommendation and
/// the value of information, in utility per cycle.
public struct DecisionSummary: Sendable {
    /// Per arm, in the input's order.
    public var arms: [ArmDecision]
    /// The arm of least expected regret among those feasible in at least `requiredFeasibleShare`
    /// of the worlds; nil when no arm is.
    public var recommended: Int?
    /// The recommended arm's expected regret: what perfect knowledge of the world would be worth.
    public var evpi: Double
    /// Per parameter: what knowing that parameter alone would be worth, in [0, evpi].
    public var evppi: [Double]
    /// The ordered parameters' flips, by parameter, then by value.
    public var flips: [Flip]
    /// The number of quantile bins an ordered parameter's worlds were split into.
    public var bins: Int
    /// Among the arms `recommended` was chosen from, the one of next least expected regret.
    public var runnerUp: Int?
    /// Whether the runner-up's expected regret exceeds the recommended's by at least `tie` (true
    /// without a runner-up; false without a recommendation).
    public var decisive: Bool

    public init(arms: [ArmDecision], recommended: Int?, evpi: Double, evppi: [Double], flips: [Flip], bins: Int,
                runnerUp: Int? = nil, decisive: Bool = false) {
        self.arms = arms
        self.recommended = recommended
        self.evpi = evpi
        self.evppi = evppi
        self.flips = flips
        self.bins = bins
        self.runnerUp = runnerUp
        self.decisive = decisive
    }
}
