/// What a decision is taken on: each world's utility and feasibility for every arm, and the
/// uncertain parameters' values that made the world (`DecisionAnalysis`).
public struct DecisionInput: Sendable {
    /// `[world][arm]`: the objective's utility per cycle.
    public var utilities: [[Double]]
    /// `[world][arm]`: whether the arm meets every constraint in that world.
    public var feasible: [[Bool]]
    /// `[world][parameter]`: the parameter values (key units; a choice's 0-based index).
    public var parameters: [[Double]]
    /// Per parameter: its values are choice indices, categories without an order.
    public var categorical: [Bool]
    /// The least expected-regret margin that makes the recommendation decisive (utility per cycle).
    public var tie: Double
    /// The share of worlds an arm must be feasible in to be recommended.
    public var requiredFeasibleShare: Double
    /// Per world, its resampling unit for the stability bootstrap: worlds drawn together (a Sobol
    /// sample's k + 2 worlds share one); each world its own unit by default.
    public var units: [Int]
    /// Per world, whether it belongs to the sample the conditional means E[U | θ] are learnt from
    /// (EVPPI and flips): a joint sample of the parameters. In Saltelli's design only the A and B
    /// worlds are; an AB_i world repeats all but one of A's values, so along any parameter it would
    /// look like evidence it is not. All worlds by default.
    public var informative: [Bool]
    /// The key of the bootstrap's random streams, and the stream (device) number within it.
    public var seed: UInt64
    public var stream: Int
    /// Bootstrap resamples for the stability (at least 1,000 in reports).
    public var resamples: Int
    /// Per parameter, the telemetry sample its belief came from (`FitSample`); nil for a belief
    /// not from a fit. Empty: none.
    public var fitSamples: [FitSample?] = []
    /// The future samples' sizes whose EVSI is estimated for each parameter with a `FitSample`.
    public var sampleSizes: [Int] = []
    /// Per parameter, whether it can act on these arms (docs/model.md §9): a key of another platform's
    /// block cannot. A parameter that cannot act gets EVPPI and EVSI exactly 0, no flip and no
    /// standard error. Empty: every parameter can act.
    public var acting: [Bool] = []
    /// Bootstrap resamples of the worlds for the standard errors of EVPPI and EVSI (`reportResamples`
    /// in reports); 0, the default: none (the errors are 0), for callers that do not need them.
    public var informationResamples: Int = 0
    /// The resamples a study's reports use (docs/model.md §9: at least 200).
    public static let reportResamples = 200
    /// Per parameter, whether it is sampled on a log scale (`loguniform`): the scale a flip and a
    /// flip back must be 3% of the range apart in. Empty: every parameter linear.
    public var logScale: [Bool] = []

    /// `feasible` nil: every arm feasible everywhere; `categorical` nil: every parameter ordered.
    /// `tie` defaults to 0.5 percentage points of utility (docs/model.md §9).
    public init(
        utilities: [[Double]], feasible: [[Bool]]? = nil, parameters: [[Double]], categorical: [Bool]? = nil,
        tie: Double = 0.005, requiredFeasibleShare: Double = 0.9, units: [Int]? = nil, informative: [Bool]? = nil,
        seed: UInt64 = 0,
        stream: Int = 0, resamples: Int = 1000
    ) {
        self.utilities = utilities
        self.feasible = feasible ?? utilities.map { [Bool](repeating: true, count: $0.count) }
        self.parameters = parameters
        self.categorical = categorical ?? [Bool](repeating: false, count: parameters.first?.count ?? 0)
        self.tie = tie
        self.requiredFeasibleShare = requiredFeasibleShare
        self.units = units ?? Array(utilities.indices)
        self.informative = informative ?? [Bool](repeating: true, count: utilities.count)
        self.seed = seed
        self.stream = stream
        self.resamples = resamples
    }
}
