import DNSimDecision

/// How a study run with `--until-stable` grew: from its written samples, doubling the Sobol
/// samples (so every earlier world stays what it was) until every platform's recommendation kept
/// a bootstrap stability of at least 0.95 (`DecisionStability`) or the next doubling would pass the
/// cap of worlds (docs/model.md §9, "How many worlds").
public struct StudyGrowth: Sendable, Equatable {
    public enum Stop: Sendable, Equatable {
        /// Every platform's stability reached the target.
        case stable
        /// The cap was reached first.
        case cap
    }

    /// The samples the scenario wrote, and their worlds.
    public var initialSamples: Int
    public var initialWorlds: Int
    /// The most worlds the run could take (`--max-worlds`).
    public var maxWorlds: Int
    /// After each batch: the worlds so far and the lowest stability over the platforms.
    public var steps: [(worlds: Int, stability: Double)]
    public var stop: Stop

    public static let target = 0.95

    public init(
        initialSamples: Int, initialWorlds: Int, maxWorlds: Int, steps: [(worlds: Int, stability: Double)], stop: Stop
    ) {
        self.initialSamples = initialSamples
        self.initialWorlds = initialWorlds
        self.maxWorlds = maxWorlds
        self.steps = steps
        self.stop = stop
    }

    public static func == (a: StudyGrowth, b: StudyGrowth) -> Bool {
        a.initialSamples == b.initialSamples && a.initialWorlds == b.initialWorlds && a.maxWorlds == b.maxWorlds
            && a.stop == b.stop
            && a.steps.map(\.worlds) == b.steps.map(\.worlds) && a.steps.map(\.stability) == b.steps.map(\.stability)
    }

    /// The lowest stability over the study's platforms, each computed as `UncertaintyAnalysis`
    /// computes it for the report (same worlds, units, seed and stream), so the figure that stops
    /// the growth is the one `decision.json` gives.
    public static func stability(_ study: UncertaintyStudy) -> Double {
        let units = study.designs.map(\.sample)
        var lowest = 1.0
        for (position, entry) in study.platforms.enumerated() {
            let arms = entry.arms
            let input = DecisionInput(
                utilities: study.utilities.map { world in arms.map { world[$0] } },
                feasible: study.feasible.map { world in arms.map { world[$0] } },
                parameters: study.designs.map { _ in [] }, categorical: [],
                tie: study.objective.tie, requiredFeasibleShare: study.objective.feasibleShare,
                units: units, seed: study.seed, stream: position)
            lowest = min(lowest, DecisionAnalysis.stability(input).share)
        }
        return lowest
    }
}
