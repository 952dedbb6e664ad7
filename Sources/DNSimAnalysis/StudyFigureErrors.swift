import DNSimCore
import DNSimDecision

/// The Monte Carlo standard error of each figure a study's `check` compares, as the study has it
/// (docs/model.md §9, "A study gate with teeth"): per arm of one platform, for its expected utility,
/// expected regret and utility quantiles, the bootstrap over the worlds (whole resampling units, a
/// Sobol sample's k + 2 worlds together; Efron & Tibshirani 1993) combined with the device noise
/// (the quantiles' bootstrap errors are given, but `check` bounds quantiles by order statistics)
/// that common random numbers do not average away: every world runs the same devices, so the part
/// of a device's luck that recurs in every world does not shrink with the worlds (`deviceError`). P(best)'s is binomial over the independent draws (`draws`), not bootstrapped.
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

    /// The standard error that the devices give an arm's utility averaged over the worlds. With the
    /// study's `deviceTotals` (a study run here), from each device's outcome counts summed over the
    /// worlds: the linearised ratio estimator over devices as clusters (Cochran 1977, *Sampling
    /// Techniques*, §6.4), z_i = Σ_m w_m (S_im − r_m K_i) / K̄ for device i's counts S_im of each
    /// weighted rate m and its cycles K_i over all worlds, r_m = Σ S_im / Σ K_i, K̄ the mean K_i,
    /// and the error √(Σ z_i² / (D(D − 1))) over the D devices with cycles. Common random numbers
    /// make a device's luck recur in every world, and this keeps exactly the part that recurs; the
    /// rest averages away over the worlds, and the bootstrap over worlds already holds it. Without
    /// totals (a study merged from shards, or one of more devices × arms than
    /// `DeviceOutcomeTotals.maximumSums` allows), each world's own device error averaged over the worlds
    /// (`perWorldDeviceError`): an upper bound, as if every world's device noise were the same.
    /// Weights on lost updates and costs add nothing.
    public static func deviceError(_ study: UncertaintyStudy, arm: Int) -> Double {
        guard let totals = study.deviceTotals else { return perWorldDeviceError(study, arm: arm) }
        let weights = study.objective.weights.compactMap { entry -> (metric: Int, weight: Double)? in
            guard case .rate(let metric) = entry.term else { return nil }
            return (metric.rawValue, entry.weight)
        }
        return deviceError(totals, arm: arm, weights: weights)
    }

    /// `deviceError` from the totals and the weights of the rates (by `RateMetric.rawValue`).
    static func deviceError(_ totals: DeviceOutcomeTotals, arm: Int, weights: [(metric: Int, weight: Double)]) -> Double
    {
        let devices = (0..<totals.devices).map { totals.totals(device: $0, arm: arm) }.filter { $0.cycles > 0 }
        guard devices.count > 1, !weights.isEmpty else { return 0 }
        let cycles = Double(devices.reduce(0) { $0 + $1.cycles })
        let rates = weights.map { entry in Double(devices.reduce(0) { $0 + $1.counts[entry.metric] }) / cycles }
        let meanCycles = cycles / Double(devices.count)
        var squares = 0.0
        for device in devices {
            var z = 0.0
            for (index, entry) in weights.enumerated() {
                z += entry.weight * (Double(device.counts[entry.metric]) - rates[index] * Double(device.cycles))
            }
            z /= meanCycles
            squares += z * z
        }
        let count = Double(devices.count)
        return (squares / (count * (count - 1))).squareRoot()
    }

    /// The standard error of an arm's utility within one world from its devices, averaged over the
    /// worlds: per weighted rate, its 95% interval's half-width / 1.96 (the run's own interval,
    /// which counts devices as clusters), times its weight, combined in quadrature (the outcome
    /// shares of one cycle move against each other, so their plain sum would overstate it).
    static func perWorldDeviceError(_ study: UncertaintyStudy, arm: Int) -> Double {
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
