/// One arm's standing over the worlds of an uncertainty study (`DecisionAnalysis`).
public struct ArmDecision: Sendable, Equatable {
    /// The share of worlds where it is eligible there (meets every constraint; any arm where none
    /// does) and its utility is the highest of the eligible arms; exact ties split (docs/model.md §9).
    public var probabilityBest: Double
    /// The share of worlds where its utility is the highest of all arms, feasible or not; exact
    /// ties split: what the sentence names when the arm best in most worlds is ruled out.
    public var bestUtilityShare: Double = 0
    public var expectedUtility: Double
    /// The mean over worlds of the best feasible utility minus the arm's.
    public var expectedRegret: Double
    /// The 95% quantile (type 7) of its regret over the worlds.
    public var regretQ95: Double
    /// The share of worlds where it meets every constraint.
    public var feasibleShare: Double

    public init(
        probabilityBest: Double, expectedUtility: Double, expectedRegret: Double, regretQ95: Double,
        feasibleShare: Double
    ) {
        self.probabilityBest = probabilityBest
        self.expectedUtility = expectedUtility
        self.expectedRegret = expectedRegret
        self.regretQ95 = regretQ95
        self.feasibleShare = feasibleShare
    }
}
