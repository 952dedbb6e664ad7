/// The decision over the worlds (`DecisionAnalysis`): every arm's standing, the recommendation,
/// the value of information and how sure the recommendation is, in utility per cycle.
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
    /// Per parameter: EVPPI's bootstrap standard error over the worlds (0 for one that cannot act).
    public var evppiErrors: [Double] = []
    /// Per parameter: whether it can act on these arms (`DecisionInput.acting`).
    public var acting: [Bool] = []
    /// The ordered parameters' flips, by parameter, then by value.
    public var flips: [Flip]
    /// The eligible arm of next least expected regret; never an ineligible arm.
    public var runnerUp: Int?
    /// Whether the runner-up's expected regret exceeds the recommended's by at least `tie` (true
    /// without a runner-up; false without a recommendation).
    public var decisive: Bool
    /// The recommended minus the runner-up's utility per cycle over the worlds; nil without a runner-up.
    public var difference: UtilityDifference?
    /// The arms whose feasible share is within two binomial standard errors of the required share.
    public var knifeEdge: [Int]
    /// Each arm's feasible share's Monte Carlo standard error (over the resampling units, when worlds
    /// come in them): what the knife edge and its sentence use.
    public var feasibleShareErrors: [Double] = []
    /// The share of bootstrap resamples of the worlds that keep the recommendation.
    public var stability: Double
    /// The worlds estimated to reach a stability of 0.95; nil when it is reached.
    public var worldsNeeded: Int?
    /// The eligible arm (any arm when none is) with the best mean utility over its worst 5% of worlds.
    public var robust: Int?
    /// Per parameter from a fit and per requested sample size, the EVSI (`SampleInformation`), by
    /// parameter then size; empty when no size is requested.
    public var evsi: [SampleInformation] = []

    /// Whether parameter j's EVPPI is told from 0: it can act and is at least two standard errors.
    public func isDistinguishable(_ j: Int) -> Bool {
        (acting.isEmpty || acting[j]) && evppi[j] > 0 && evppi[j] >= 2 * (j < evppiErrors.count ? evppiErrors[j] : 0)
    }

    public init(
        arms: [ArmDecision], recommended: Int?, evpi: Double, evppi: [Double], flips: [Flip],
        runnerUp: Int? = nil, decisive: Bool = false, difference: UtilityDifference? = nil, knifeEdge: [Int] = [],
        stability: Double = 1, worldsNeeded: Int? = nil, robust: Int? = nil
    ) {
        self.arms = arms
        self.recommended = recommended
        self.evpi = evpi
        self.evppi = evppi
        self.flips = flips
        self.runnerUp = runnerUp
        self.decisive = decisive
        self.difference = difference
        self.knifeEdge = knifeEdge
        self.stability = stability
        self.worldsNeeded = worldsNeeded
        self.robust = robust
    }
}
