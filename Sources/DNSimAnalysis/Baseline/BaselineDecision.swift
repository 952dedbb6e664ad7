import DNSimScenario
import Foundation

/// A baseline's `decision.json`, as much of it as `check` compares: the study's size and, per
/// platform, the recommendation and each arm's P(best), expected regret and utility quantiles.
public struct BaselineDecision: Sendable {
    public struct Arm: Sendable {
        public var probabilityBest: Double
        public var expectedUtility: Double
        public var expectedRegret: Double
        /// The standard deviation of the arm's regret over the worlds.
        public var regretDeviation: Double
        /// q05, q50, q95 of the arm's utility over the worlds.
        public var quantiles: [Double]
    }

    public struct PlatformDecision: Sendable {
        public var recommended: String?
        public var arms: [String: Arm]
    }

    public var path: String
    public var design: String
    public var samples: Int
    public var worlds: Int
    public var platforms: [String: PlatformDecision]

    /// The largest utility figure read (the scenario reader's bound on any number).
    static let largestFigure = 1e15

    /// The independent draws behind the worlds' shares (docs/model.md §9, "Checking a study").
    public var draws: Int { StudyComparison.draws(design: design, samples: samples, worlds: worlds) }

    /// `path`'s decision.json; the message says what is wrong and to regenerate the baseline.
    public static func load(
        _ path: String,
        regenerate hint: String = "regenerate the baseline"
    ) throws(BaselineReport.LoadError) -> BaselineDecision {
        let regenerate = "; " + hint
        guard let data = FileManager.default.contents(atPath: path),
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else {
            throw BaselineReport.LoadError(description: "error: \(path) is not readable JSON" + regenerate)
        }
        guard let design = json["design"] as? String, let samples = json["samples"] as? Int,
            let worlds = json["worlds"] as? Int,
            worlds > 0, let platforms = json["platforms"] as? [String: [String: Any]]
        else {
            throw BaselineReport.LoadError(
                description: "error: \(path) lacks design, samples, worlds or platforms" + regenerate)
        }
        var decisions: [String: PlatformDecision] = [:]
        for (platform, fields) in platforms {
            guard let arms = fields["arms"] as? [String: [String: Any]] else {
                throw BaselineReport.LoadError(
                    description: "error: \(path): platforms.\(platform) has no arms" + regenerate)
            }
            var read: [String: Arm] = [:]
            for (name, figures) in arms {
                let utility = figures["utility"] as? [String: Any]
                let quantiles = ["q05", "q50", "q95"].compactMap { (utility?[$0] as? NSNumber)?.doubleValue }
                guard let best = (figures["probability_best"] as? NSNumber)?.doubleValue,
                    let expected = (figures["expected_utility"] as? NSNumber)?.doubleValue,
                    let regret = (figures["expected_regret"] as? NSNumber)?.doubleValue,
                    let deviation = (figures["regret_sd"] as? NSNumber)?.doubleValue, quantiles.count == 3
                else {
                    throw BaselineReport.LoadError(
                        description:
                            "error: \(path): \(name) lacks probability_best, expected_utility, expected_regret, "
                            + "regret_sd or its utility quantiles (the file predates them)" + regenerate)
                }
                // A figure no study can have is damage, not a baseline: it would make every tolerance
                // infinite or not a number, and pass anything.
                let utilities = [expected, regret] + quantiles
                let problem: String? =
                    if !(0...1).contains(best) {
                        "probability_best is \(best), outside 0–1"
                    } else if let wild = utilities.first(where: { !(abs($0) <= Self.largestFigure) }) {
                        "a utility figure is \(wild), beyond ±1e15"
                    } else if !(0...Self.largestFigure).contains(deviation) {
                        "regret_sd is \(deviation), outside 0–1e15"
                    } else if !(quantiles[0] <= quantiles[1] && quantiles[1] <= quantiles[2]) {
                        "its utility quantiles \(quantiles) are not in order"
                    } else {
                        nil
                    }
                if let problem {
                    throw BaselineReport.LoadError(
                        description: "error: \(path): \(MessageText.visible(name)): \(problem): the file is damaged"
                            + regenerate)
                }
                read[name] = Arm(
                    probabilityBest: best, expectedUtility: expected, expectedRegret: regret,
                    regretDeviation: deviation, quantiles: quantiles)
            }
            // Always written, an arm's name or null: without it a changed recommendation would go unseen.
            guard let recommended = fields["recommended"], recommended is String || recommended is NSNull else {
                throw BaselineReport.LoadError(
                    description: "error: \(path): platforms.\(platform).recommended: missing, "
                        + "or neither an arm's name nor null" + regenerate)
            }
            decisions[platform] = PlatformDecision(recommended: recommended as? String, arms: read)
        }
        return BaselineDecision(path: path, design: design, samples: samples, worlds: worlds, platforms: decisions)
    }
}
