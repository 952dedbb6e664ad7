import DNSimCore
import DNSimDecision

/// The Monte Carlo standard error of each figure a study's `check` compares, as the study has it
/// (docs/model.md §9, "A study gate with teeth"): per arm of one platform, for its expected utility,
/// expected regret and utility quantiles, the bootstrap over the worlds (whole resampling units, a
/// Sobol sample's k + 2 worlds together; Efron & Tibshirani 1993) combined with the device noise
/// (the quantiles' bootstrap errors are given, but `check` bounds quantiles by order statistics)
/// that common random numbers do not average away: every world runs the same devices, so a
/// world's device error recurs in every world and its mean over the worlds does not shrink with
/// them. P(best)'s is binomial over the independent draws (`draws`), not bootstrapped.
///
/// Resample b draws from the keyed stream (seed, device: 3·2¹⁶ + the platform's position,
/// `.decisionBootstrap`, index: b).
public struct StudyFigureErrors: Sendable {
    public struct Arm: Sendable {
        /// Over the worlds (bootstrap).
        public var expectedUtility: Double
        public var expectedRegret: Double
        /// q05, q50, q95.
        public var quantiles: [Double]
        /// The device noise of the arm's utility, and of its regret (its own and the best arm's).
        public var deviceUtility: Double
        public var deviceRegret: Double
    }

    public static let resamples = 200
    static let device = 3 << 16

    /// In `decision.arms`' order.
    public var arms: [Arm]

    public init(_ study: UncertaintyStudy, _ decision: UncertaintyAnalysis.PlatformDecision, position: Int) {
        let worlds = study.utilities.count
        let armCount = decision.arms.count
        let utilities = study.utilities.map { world in decision.arms.map { world[$0] } }
        let feasible = study.feasible.map { world in decision.arms.map { world[$0] } }
        let regrets = UncertaintyAnalysis.regrets(
            DecisionInput(
                utilities: utilities, feasible: feasible,
                parameters: utilities.map { _ in [] }))
        var unitOf: [Int: Int] = [:]
        var members: [[Int]] = []
        for (world, design) in study.designs.enumerated() {
            if let index = unitOf[design.sample] {
                members[index].append(world)
            } else {
                unitOf[design.sample] = members.count
                members.append([world])
            }
        }
        let devices = decision.arms.map { Self.deviceError(study, arm: $0) }
        let largest = devices.max() ?? 0
        var draws = [[[Double]]](repeating: [[Double]](repeating: [], count: 5), count: armCount)
        let random = KeyedRandom(seed: study.seed)
        for resample in 0..<(worlds > 1 ? Self.resamples : 0) {
            random.begin(device: Self.device + position, source: .decisionBootstrap, index: resample)
            var chosen: [Int] = []
            for _ in 0..<members.count { chosen += members[random.index(below: members.count)] }
            let n = Double(chosen.count)
            for a in 0..<armCount {
                let values = chosen.map { utilities[$0][a] }
                let sorted = values.sorted()
                draws[a][0].append(values.reduce(0, +) / n)
                draws[a][1].append(chosen.reduce(0) { $0 + regrets[a][$1] } / n)
                for (index, q) in [0.05, 0.5, 0.95].enumerated() { draws[a][2 + index].append(Quantile.of(sorted, q)) }
            }
        }
        arms = (0..<armCount).map { a in
            let errors = draws[a].map(UncertaintyAnalysis.standardDeviation)
            return Arm(
                expectedUtility: errors[0], expectedRegret: errors[1], quantiles: Array(errors[2...]),
                deviceUtility: devices[a], deviceRegret: (devices[a] * devices[a] + largest * largest).squareRoot())
        }
    }

    /// The standard error of an arm's utility within one world from its devices, averaged over the
    /// worlds: per weighted rate, its 95% interval's half-width / 1.96 (the run's own interval,
    /// which counts devices as clusters), times its weight, combined in quadrature (the outcome
    /// shares of one cycle move against each other, so their plain sum would overstate it).
    /// Weights on lost updates and costs add nothing.
    public static func deviceError(_ study: UncertaintyStudy, arm: Int) -> Double {
        let cells = study.table.cells
        guard !cells.isEmpty else { return 0 }
        var total = 0.0
        for world in cells {
            var error = 0.0
            for (term, weight) in study.objective.weights {
                guard case .rate(let metric) = term,
                    let low = world[arm].figure("\(metric.name)_ci_low"),
                    let high = world[arm].figure("\(metric.name)_ci_high")
                else { continue }
                let part = weight * (high - low) / (2 * 1.96)
                error += part * part
            }
            total += error.squareRoot()
        }
        return total / Double(cells.count)
    }
}
