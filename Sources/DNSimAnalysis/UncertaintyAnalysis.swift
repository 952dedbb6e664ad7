import DNSimCore
import DNSimDecision
import DNSimScenario

/// Everything an uncertainty study's reports say, computed once from its table
/// (`UncertaintyStudy`): each arm's spread over the worlds, each platform's decision (P(best),
/// regret, the recommendation, EVPI, EVPPI, flips, the arms it does not assess) and the sensitivities (docs/model.md §9).
public struct UncertaintyAnalysis: Sendable {
    /// Mean and the 5%, 50% and 95% quantiles over the worlds.
    public struct Spread: Sendable {
        public var mean: Double
        public var q05: Double
        public var q50: Double
        public var q95: Double

        init(_ values: [Double]) {
            let sorted = values.sorted()
            mean = values.reduce(0, +) / Double(max(values.count, 1))
            q05 = Quantile.of(sorted, 0.05)
            q50 = Quantile.of(sorted, 0.5)
            q95 = Quantile.of(sorted, 0.95)
        }
    }

    public struct PlatformDecision: Sendable {
        public var platform: Platform
        /// Indices into the study's arms.
        public var arms: [Int]
        public var summary: DecisionSummary
        /// The recommended arm (or, when none is feasible enough, the one of least regret).
        public var leader: Int
        /// The eligible arm of next least expected regret (`DecisionAnalysis`); nil when none is.
        public var runnerUp: Int?
        /// The arm the sensitivity of the decision compares the leader with: the runner-up, or
        /// without one the other arm of highest expected utility (then not eligible).
        public var contrast: Int?
        /// The standard deviation of each arm's regret over the worlds (in `arms`' order).
        public var regretDeviations: [Double]
        /// The arms whose own conditions are all fixed: not assessed by this study.
        public var coverage: [ArmCoverage]
        /// Per weight and constraint bound, the values for which the recommendation holds.
        public var breakEven: [BreakEven]
        /// Per arm (study index) that fails a constraint in some world, where it fails each (PRIM).
        public var failureBoxes: [(arm: Int, boxes: [FailureBox])]
        /// The parameters (indices into the study's) that cannot act on this platform (docs/model.md §9).
        public var notActing: [Int]
        /// The recommended arm, as an index into the study's arms.
        public var recommended: Int? { summary.recommended.map { arms[$0] } }
    }

    public struct SensitivityRow: Sendable {
        public var target: String
        public var metric: String
        public var parameter: String
        public var index: SensitivityIndex
    }

    /// The rates whose spread and sensitivity are reported, besides utility.
    public static let rates: [RateMetric] = SummaryColumns.rates

    /// [arm][0: utility, then `rates`].
    public var spreads: [[Spread]]
    public var decisions: [PlatformDecision]
    public var sensitivity: [SensitivityRow]

    public init(_ study: UncertaintyStudy) {
        let worlds = study.designs.count
        let reported = study.reportedValues
        spreads = study.arms.indices.map { arm in
            [Spread((0..<worlds).map { study.utilities[$0][arm] })]
                + Self.rates.map { metric in Spread(study.table.rates(metric, arm: arm)) }
        }
        let units = study.designs.map(\.sample)
        let informative = study.designs.map { $0.block == .a || $0.block == .b }
        decisions = study.platforms.enumerated().map { position, entry in
            let (platform, arms) = entry
            var input = DecisionInput(
                utilities: study.utilities.map { world in arms.map { world[$0] } },
                feasible: study.feasible.map { world in arms.map { world[$0] } },
                parameters: reported, categorical: study.parameters.map(\.isCategorical),
                tie: study.objective.tie, requiredFeasibleShare: study.objective.feasibleShare,
                units: units, informative: informative, seed: study.seed, stream: position)
            let acting = study.parameters.map { Self.acts($0.key, on: platform, arms: arms.map { study.arms[$0] }) }
            input.acting = acting
            input.informationResamples = DecisionInput.reportResamples
            input.logScale = study.parameters.map {
                if case .logUniform = $0.distribution { return true } else { return false }
            }
            if !study.settings.evsiSizes.isEmpty {
                input.fitSamples = study.parameters.map(Self.fitSample)
                input.sampleSizes = study.settings.evsiSizes
            }
            let summary = DecisionAnalysis.analyse(input)
            let byRegret = arms.indices.sorted {
                (summary.arms[$0].expectedRegret, $0) < (summary.arms[$1].expectedRegret, $1)
            }
            let leader = summary.recommended ?? byRegret[0]
            // Without an eligible runner-up, the sensitivity still needs a comparison: the other
            // arm of highest expected utility, named as ineligible wherever it is shown.
            let contrast =
                summary.runnerUp
                ?? arms.indices.filter { $0 != leader }.max {
                    (summary.arms[$0].expectedUtility, -$0) < (summary.arms[$1].expectedUtility, -$1)
                }
            return PlatformDecision(
                platform: platform, arms: arms, summary: summary, leader: arms[leader],
                runnerUp: summary.runnerUp.map { arms[$0] }, contrast: contrast.map { arms[$0] },
                regretDeviations: Self.regrets(input).map(Self.standardDeviation),
                coverage: ArmCoverage.unassessed(study, arms: arms),
                breakEven: BreakEven.search(study, arms: arms),
                failureBoxes: Self.failureBoxes(study, arms: arms, parameters: reported, acting: acting),
                notActing: study.parameters.indices.filter { !acting[$0] })
        }
        // Targets: each arm's utility and rates, then each platform's deciding difference.
        var targets: [(target: String, metric: String, outputs: [Double])] = []
        for (arm, descriptor) in study.arms.enumerated() {
            targets.append((descriptor.name, "utility", (0..<worlds).map { study.utilities[$0][arm] }))
            for metric in Self.rates {
                targets.append((descriptor.name, metric.name, study.table.rates(metric, arm: arm)))
            }
        }
        for decision in decisions {
            guard let runnerUp = decision.contrast else { continue }
            let leader = decision.leader
            targets.append(
                (
                    "\(study.arms[leader].name) − \(study.arms[runnerUp].name)", "utility",
                    (0..<worlds).map { study.utilities[$0][leader] - study.utilities[$0][runnerUp] }
                ))
        }
        var rows: [SensitivityRow] = []
        for (number, target) in targets.enumerated() {
            let indices: [SensitivityIndex]
            switch study.settings.design {
            case .sobol:
                indices = SobolEstimator.indices(
                    outputs: target.outputs, worlds: study.designs, parameters: study.parameters.count,
                    seed: study.seed, target: number)
            case .lhs:
                indices = PartialRankCorrelation.coefficients(inputs: reported, output: target.outputs).map {
                    SensitivityIndex(
                        firstOrder: $0, firstOrderLow: nil, firstOrderHigh: nil, total: nil, totalLow: nil,
                        totalHigh: nil)
                }
            }
            for (parameter, index) in zip(study.parameters, indices) {
                rows.append(
                    SensitivityRow(target: target.target, metric: target.metric, parameter: parameter.key, index: index)
                )
            }
        }
        sensitivity = rows
    }

    /// The rows for one platform's deciding difference, largest total (or |first order|) first.
    public func decidingRows(_ decision: PlatformDecision, _ study: UncertaintyStudy) -> [SensitivityRow] {
        guard let runnerUp = decision.contrast else { return [] }
        let name = "\(study.arms[decision.leader].name) − \(study.arms[runnerUp].name)"
        let acting = Set(
            study.parameters.indices.filter { !decision.notActing.contains($0) }.map { study.parameters[$0].key })
        return sensitivity.filter { $0.target == name && acting.contains($0.parameter) }
            .sorted { Self.weight($0) > Self.weight($1) }
    }

    /// Per arm, for each constraint it fails in some world, the box of conditions where it fails.
    /// Only over the parameters that can act on the platform: another platform's key never bounds a box.
    static func failureBoxes(
        _ study: UncertaintyStudy, arms: [Int], parameters: [[Double]],
        acting: [Bool]
    ) -> [(arm: Int, boxes: [FailureBox])] {
        let columns = study.parameters.indices.filter { acting[$0] }
        let categorical = columns.map { study.parameters[$0].isCategorical }
        let values = parameters.map { world in columns.map { world[$0] } }
        return arms.compactMap { arm in
            let boxes = study.objective.constraints.compactMap { constraint -> FailureBox? in
                guard
                    var box = PatientRuleInduction.box(
                        parameters: values, categorical: categorical,
                        fails: study.table.cells.map { !constraint.holds($0[arm]) },
                        constraint: constraint.metric)
                else { return nil }
                for index in box.limits.indices { box.limits[index].parameter = columns[box.limits[index].parameter] }
                return box
            }
            return boxes.isEmpty ? nil : (arm, boxes)
        }
    }

    /// Whether a key can act on a platform's `arms` (docs/model.md §9): only when one of them reads it.
    /// `platforms.<p>.*` acts on p alone, and a key only push arms read (p's push block, the battery
    /// manager's `stopsPush`: `ArmCoverage.ownKeys`) only when one of p's arms is such a push arm;
    /// every other key (`user.*`, `fetch.*`, `server.*`, fleet shares, per-device parameters) on all.
    public static func acts(_ key: String, on platform: Platform, arms: [Arm]) -> Bool {
        guard key.hasPrefix("platforms.") else { return true }
        guard key.hasPrefix("platforms.\(platform.rawValue).") else { return false }
        // A key names a leaf or a mapping: it overlaps another when one holds the other.
        let overlaps = { (other: String) in other == key || other.hasPrefix(key + ".") || key.hasPrefix(other + ".") }
        // Only the push block's keys and `stopsPush` itself: a mapping above them (`batteryManager`) holds
        // keys every arm reads too.
        let stopsPush = "platforms.\(platform.rawValue).batteryManager.stopsPush"
        let pushOnly =
            key.hasPrefix(ArmCoverage.pushBlock(platform)) || key == stopsPush || key.hasPrefix(stopsPush + ".")
        guard pushOnly else { return true }
        return arms.contains { ArmCoverage.ownKeys($0).contains(where: overlaps) }
    }

    /// The telemetry sample a parameter's belief came from, on the scale of its distribution (the
    /// log for a lognormal, reported units for a normal: seconds for a duration); nil without `sample`.
    static func fitSample(_ parameter: UncertainParameter) -> FitSample? {
        guard let size = parameter.sample else { return nil }
        switch parameter.distribution {
        case .normal(_, let sd, _, _):
            return FitSample(key: parameter.key, size: size, standardError: parameter.reported(sd), logScale: false)
        case .lognormal(_, let sigma, _, _):
            return FitSample(key: parameter.key, size: size, standardError: sigma, logScale: true)
        default: return nil
        }
    }

    /// Each arm's regret per world: the best utility among the arms feasible there (all arms when
    /// none is) minus the arm's, as `DecisionAnalysis` defines it.
    static func regrets(_ input: DecisionInput) -> [[Double]] {
        var result = [[Double]](repeating: [], count: input.utilities.first?.count ?? 0)
        for (utilities, feasible) in zip(input.utilities, input.feasible) {
            let candidates = utilities.indices.filter { feasible[$0] }
            let best = (candidates.isEmpty ? Array(utilities.indices) : candidates).map { utilities[$0] }.max() ?? 0
            for index in utilities.indices { result[index].append(best - utilities[index]) }
        }
        return result
    }

    /// The sample standard deviation (n − 1); 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
    }

    /// How much a row's parameter matters: its total index, or |first order| without one.
    static func weight(_ row: SensitivityRow) -> Double { row.index.total ?? abs(row.index.firstOrder ?? 0) }
}
