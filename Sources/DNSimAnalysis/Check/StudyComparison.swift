import DNSimCore
import DNSimDecision
import Foundation

/// An uncertainty study against its baseline's `decision.json` (docs/model.md §9, "Checking a
/// study"): each platform's recommendation must be the same, and each arm's P(best), expected
/// regret and utility quantiles within a Monte Carlo tolerance of the baseline's, and only a figure
/// that got worse is a regression. The same design and seed give the same worlds, so a rerun of an
/// unchanged model moves nothing; the tolerance is for a changed model or another seed, whose
/// figures move by chance twice over: the worlds drawn, and the devices inside each world (an arm
/// whose utility is the same in every world still has device noise).
public struct StudyComparison: Sendable {
    /// One figure of one arm.
    public struct Figure: Sendable {
        public var arm: String
        /// `probability_best`, `expected_regret`, `utility_q05`, `utility_q50` or `utility_q95`.
        public var name: String
        public var before: Double
        public var after: Double
        public var tolerance: Double
        /// Whether a higher value is worse (expected regret); otherwise a lower one is.
        public var higherIsWorse: Bool
        public var moved: Bool { abs(after - before) > tolerance }
        /// Moved beyond the tolerance in the worse direction: only this is a regression.
        public var regressed: Bool { moved && ((after > before) == higherIsWorse) }
        public var improved: Bool { moved && !regressed }

        /// `chained/ios probability_best: 0.2500 → 0.3125 (+0.0625, tolerance 0.0510)`.
        public var description: String {
            "\(arm) \(name): " + String(format: "%.4f → %.4f (%+.4f, tolerance %.4f)", before, after, after - before, tolerance)
        }
    }

    /// One platform's recommendation, in the baseline and now.
    public struct Recommendation: Sendable {
        public var platform: String
        public var before: String?
        public var after: String?
        public var changed: Bool { before != after }
    }

    /// The figures compared, in the order an arm's are listed.
    public static let figureNames = ["probability_best", "expected_regret", "utility_q05", "utility_q50", "utility_q95"]
    static let quantiles = [0.05, 0.5, 0.95]
    /// How many standard errors a figure may move.
    public static let standardErrors = 4.0
    /// The figures' printed precision in decision.json: a change below it is not seen.
    public static let floor = 1e-6

    public var path: String
    public var baselineWorlds: Int
    public var worlds: Int
    public var recommendations: [Recommendation] = []
    public var figures: [Figure] = []
    /// Arms of the run that the baseline does not have.
    public var newArms: [String] = []

    public init(baseline: BaselineDecision, study: UncertaintyStudy, analysis: UncertaintyAnalysis) {
        path = baseline.path
        baselineWorlds = baseline.worlds
        worlds = study.designs.count
        let (drawsBefore, drawsNow) = (Double(baseline.draws), Double(Self.draws(design: study.settings.design.rawValue,
                                                                                 samples: study.settings.samples, worlds: worlds)))
        for decision in analysis.decisions {
            let platform = decision.platform.rawValue
            guard let before = baseline.platforms[platform] else {
                newArms += decision.arms.map { study.arms[$0].name }
                continue
            }
            recommendations.append(Recommendation(platform: platform, before: before.recommended,
                                                  after: decision.recommended.map { study.arms[$0].name }))
            let deviceErrors = decision.arms.map { Self.deviceError(study, arm: $0) }
            for (position, arm) in decision.arms.enumerated() {
                let name = study.arms[arm].name
                guard let old = before.arms[name] else {
                    newArms.append(name)
                    continue
                }
                let figures = decision.summary.arms[position]
                // P(best): binomial standard errors of both shares, combined.
                let p = Self.rounded(figures.probabilityBest)
                let bestError = (old.probabilityBest * (1 - old.probabilityBest) / drawsBefore + p * (1 - p) / drawsNow).squareRoot()
                // At least one world's worth: a share of 0 or 1 has no binomial spread of its own.
                let oneWorld = 1 / Double(min(worlds, baseline.worlds))
                // Device noise moves a world's winner where arms are within it of each other: those
                // worlds' share, counted now, may move P(best) however many worlds there are.
                let contested = Self.contestedShare(study, arms: decision.arms, position: position, errors: deviceErrors)
                append(name, "probability_best", old.probabilityBest, p, max(Self.standardErrors * bestError, oneWorld) + contested,
                       higherIsWorse: false)
                // Expected regret: the standard errors of both means, from each one's spread over its worlds.
                let spread = Self.rounded(decision.regretDeviations[position])
                let regretError = (old.regretDeviation * old.regretDeviation / drawsBefore + spread * spread / drawsNow).squareRoot()
                // Device noise: the arm's and the best arm's, in both runs (the same devices serve
                // every world, so it does not average out over them).
                let devices = 2 * deviceErrors[position]
                append(name, "expected_regret", old.expectedRegret, Self.rounded(figures.expectedRegret),
                       Self.standardErrors * (regretError * regretError + devices * devices).squareRoot(), higherIsWorse: true)
                // Quantiles: the distribution-free interval of the order statistics, from the run's utilities.
                let sorted = study.utilities.map { $0[arm] }.sorted()
                for (index, q) in Self.quantiles.enumerated() {
                    let half = Self.quantileHalfWidth(sorted, q, draws: drawsNow)
                    let now = Self.rounded(Quantile.of(sorted, q))
                    let devices = Self.standardErrors * 2.0.squareRoot() * deviceErrors[position]
                    append(name, Self.figureNames[2 + index], old.quantiles[index], now,
                           half * (1 + drawsNow / drawsBefore).squareRoot() + devices, higherIsWorse: false)
                }
            }
        }
    }

    mutating func append(_ arm: String, _ name: String, _ before: Double, _ after: Double, _ tolerance: Double, higherIsWorse: Bool) {
        figures.append(Figure(arm: arm, name: name, before: before, after: after, tolerance: max(tolerance, Self.floor),
                              higherIsWorse: higherIsWorse))
    }

    public var changedRecommendations: [Recommendation] { recommendations.filter(\.changed) }
    public var movedFigures: [Figure] { figures.filter(\.moved) }

    /// The standard error of an arm's utility within one world from its devices, averaged over the
    /// worlds: per weighted rate, its 95% interval's half-width / 1.96 (the run's own interval,
    /// which counts devices as clusters), summed with the weights' magnitudes (as if the rates
    /// moved together, an upper bound). Weights on lost updates and costs add nothing.
    static func deviceError(_ study: UncertaintyStudy, arm: Int) -> Double {
        let cells = study.table.cells
        guard !cells.isEmpty else { return 0 }
        var total = 0.0
        for world in cells {
            var error = 0.0
            for (term, weight) in study.objective.weights {
                guard case .rate(let metric) = term,
                      let low = world[arm].figure("\(metric.name)_ci_low"),
                      let high = world[arm].figure("\(metric.name)_ci_high") else { continue }
                error += abs(weight) * (high - low) / (2 * 1.96)
            }
            total += error
        }
        return total / Double(cells.count)
    }

    /// The share of worlds where the arm at `position` and the best of the other arms are within
    /// four standard errors of device noise of each other: worlds where a reseed could change
    /// whether this arm is the winner.
    static func contestedShare(_ study: UncertaintyStudy, arms: [Int], position: Int, errors: [Double]) -> Double {
        guard arms.count > 1, !study.utilities.isEmpty else { return 0 }
        var contested = 0
        for world in study.utilities {
            let own = world[arms[position]]
            var rival = -1
            for other in arms.indices where other != position && (rival < 0 || world[arms[other]] > world[arms[rival]]) { rival = other }
            let noise = standardErrors * (errors[position] * errors[position] + errors[rival] * errors[rival]).squareRoot()
            if abs(world[arms[rival]] - own) <= noise { contested += 1 }
        }
        return Double(contested) / Double(study.utilities.count)
    }

    /// The independent draws behind a design's worlds: a Sobol design's N samples give 2N
    /// independent points (its A and B matrices; the AB_i worlds reuse their coordinates), a
    /// Latin hypercube's N worlds N. Any other (unknown) design counts its worlds.
    public static func draws(design: String, samples: Int, worlds: Int) -> Int {
        switch design {
        case "sobol": return max(1, min(2 * samples, worlds))
        case "lhs": return max(1, min(samples, worlds))
        default: return max(1, worlds)
        }
    }

    /// Half of the q quantile's interval between the order statistics at q ± 4·√(q(1−q)/D):
    /// the binomial count of worlds below the quantile, moved by four standard errors.
    static func quantileHalfWidth(_ sorted: [Double], _ q: Double, draws: Double) -> Double {
        let step = standardErrors * (q * (1 - q) / draws).squareRoot()
        return (Quantile.of(sorted, min(1, q + step)) - Quantile.of(sorted, max(0, q - step))) / 2
    }

    /// As decision.json prints it (six decimals), so an unchanged figure compares equal.
    static func rounded(_ value: Double) -> Double { Double(String(format: "%.6f", value)) ?? value }
}
