import DNSimCore
import DNSimDecision
import Foundation

/// An uncertainty study against its baseline's `decision.json` (docs/model.md §9, "Checking a
/// study"): each platform's recommendation must be the same, and each arm's P(best), expected
/// utility, expected regret and utility quantiles within a Monte Carlo tolerance of the baseline's,
/// and only a figure that got worse is a regression. The same design and seed give the same worlds,
/// so a rerun of an unchanged model moves nothing; the tolerance is for a changed model or another
/// seed, whose figures move by chance twice over: the worlds drawn, and the devices inside each
/// world (`StudyFigureErrors`; docs/model.md §9).
public struct StudyComparison: Sendable {
    /// One figure of one arm.
    public struct Figure: Sendable {
        public var arm: String
        /// One of `figureNames`.
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
            "\(arm) \(name): "
                + String(format: "%.4f → %.4f (%+.4f, tolerance %.4f)", before, after, after - before, tolerance)
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
    public static let figureNames = [
        "probability_best", "expected_utility", "expected_regret", "utility_q05", "utility_q50",
        "utility_q95",
    ]
    static let quantiles = [0.05, 0.5, 0.95]
    /// How many combined standard errors (the baseline's and the run's) a figure may move: calibrated
    /// (StudyCheckSeedsTests) so the correct model passes its own baseline at 19 of 20 other seeds,
    /// while a figure 6 of its standard errors worse fails (3·√2 ≈ 4.24 < 6).
    public static let standardErrors = 3.0
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
        let (drawsBefore, drawsNow) = (
            Double(baseline.draws),
            Double(
                Self.draws(
                    design: study.settings.design.rawValue,
                    samples: study.settings.samples, worlds: worlds))
        )
        // The baseline's error over the worlds scales with its own draws; its device noise is the run's.
        let scale = drawsNow / drawsBefore
        for (platformPosition, decision) in analysis.decisions.enumerated() {
            let platform = decision.platform.rawValue
            guard let before = baseline.platforms[platform] else {
                newArms += decision.arms.map { study.arms[$0].name }
                continue
            }
            recommendations.append(
                Recommendation(
                    platform: platform, before: before.recommended,
                    after: decision.recommended.map { study.arms[$0].name }))
            let errors = StudyFigureErrors(study, decision, position: platformPosition)
            for (position, arm) in decision.arms.enumerated() {
                let name = study.arms[arm].name
                guard let old = before.arms[name] else {
                    newArms.append(name)
                    continue
                }
                let figures = decision.summary.arms[position]
                let error = errors.arms[position]
                /// k standard errors of the difference: the run's (worlds and devices) and the baseline's.
                func tolerance(worlds: Double, devices: Double) -> Double {
                    Self.standardErrors * (worlds * worlds * (1 + scale) + 2 * devices * devices).squareRoot()
                }
                // P(best): binomial standard errors of both shares over the draws, combined; at least one
                // world's worth (a share of 0 or 1 has no binomial spread of its own).
                let p = Self.rounded(figures.probabilityBest)
                let bestError = (old.probabilityBest * (1 - old.probabilityBest) / drawsBefore + p * (1 - p) / drawsNow)
                    .squareRoot()
                append(
                    name, "probability_best", old.probabilityBest, p,
                    max(Self.standardErrors * bestError, 1 / Double(min(worlds, baseline.worlds))), higherIsWorse: false
                )
                append(
                    name, "expected_utility", old.expectedUtility, Self.rounded(figures.expectedUtility),
                    tolerance(worlds: error.expectedUtility, devices: error.deviceUtility), higherIsWorse: false)
                append(
                    name, "expected_regret", old.expectedRegret, Self.rounded(figures.expectedRegret),
                    tolerance(worlds: error.expectedRegret, devices: error.deviceRegret), higherIsWorse: true)
                // Quantiles: distribution-free, from the order statistics. The run's quantile's own
                // interval is the utilities at p ± t, t = k·√(p(1 − p)(1/D_b + 1/D_r)) (the binomial count
                // of worlds below it, for both runs), on the side the figure moved, plus the device
                // noise of both. Bounded by the utilities' range, however the worlds cluster (a median
                // between two modes has a bootstrap error as wide as the gap).
                let sorted = study.utilities.map { $0[arm] }.sorted()
                for (index, q) in Self.quantiles.enumerated() {
                    let now = Self.rounded(Quantile.of(sorted, q))
                    let t = Self.standardErrors * (q * (1 - q) * (1 / drawsBefore + 1 / drawsNow)).squareRoot()
                    let side = now < old.quantiles[index] ? min(1, q + t) : max(0, q - t)
                    let devices = Self.standardErrors * 2.0.squareRoot() * error.deviceUtility
                    append(
                        name, Self.figureNames[3 + index], old.quantiles[index], now,
                        abs(Quantile.of(sorted, side) - Quantile.of(sorted, q)) + devices, higherIsWorse: false)
                }
            }
        }
    }

    mutating func append(
        _ arm: String, _ name: String, _ before: Double, _ after: Double, _ tolerance: Double, higherIsWorse: Bool
    ) {
        figures.append(
            Figure(
                arm: arm, name: name, before: before, after: after, tolerance: max(tolerance, Self.floor),
                higherIsWorse: higherIsWorse))
    }

    public var changedRecommendations: [Recommendation] { recommendations.filter(\.changed) }
    public var movedFigures: [Figure] { figures.filter(\.moved) }

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

    /// As decision.json prints it (six decimals), so an unchanged figure compares equal.
    static func rounded(_ value: Double) -> Double { Double(String(format: "%.6f", value)) ?? value }
}
