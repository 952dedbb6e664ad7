import DNSimCore

/// One platform's verdict, decided from the numbers: a single strategy leads only when no other
/// beats it on any outcome (fresh, stale, fallback, missed, late); otherwise the non-dominated
/// ones are the choices, each with what it is best at. Only differences that count (`OutcomeTies`:
/// significant, clear of zero, at least 0.5 pp) separate arms; anything less is a tie. Every other
/// arm is then set against a base arm with its significant paired differences, in the
/// paired-difference table's direction. summary.md's paragraph and summary.json's entry both
/// render this one value (`VerdictSentence` in DNSimReports).
public struct PlatformVerdict: Sendable {
    /// How the arms stand.
    public enum Standing: Sendable, Equatable {
        /// The platform runs one arm.
        case onlyArm
        /// The lead is at least as good as every other arm on every outcome.
        case leadDominates
        /// Every arm of the front ties with the lead on every outcome.
        case frontTied
        /// No arm is best on every outcome: the choices trade off.
        case tradeOff
    }

    /// Arms tied on every outcome, taken as one choice; the first is the one the others tie with.
    public struct Choice: Sendable {
        public var arms: [Int]
        /// The outcomes on which this choice is better than every other choice.
        public var bestAt: [RateMetric]
        /// The outcomes on which its first arm beats the lead.
        public var beatsLead: [RateMetric]
    }

    /// Another arm set against the base, as `comparison.minuend − comparison.subtrahend`.
    public struct Versus: Sendable {
        public var arm: Int
        public var comparison: ArmComparison
        /// The differences whose 95% interval, as shown, excludes zero, in `comparedMetrics`' order;
        /// nil when the two arms were not paired.
        public var significant: [(metric: RateMetric, difference: Double)]?
    }

    /// The outcomes a verdict and the paired-difference table compare.
    public static let comparedMetrics: [RateMetric] = [.fresh, .stale, .fallback, .missed, .late]

    public var platform: Platform
    /// The platform's arms, in scenario order.
    public var arms: [Int]
    /// The arms no other beats by a difference that counts, in scenario order.
    public var front: [Int]
    /// The leading arm (`ArmComparison.lead`).
    public var lead: Int
    /// The front's choices, the lead's first.
    public var choices: [Choice]
    public var standing: Standing
    /// The arm with the most fresh cycles, and whether even it shows fresh content in at most half.
    public var mostFresh: Int
    public var noneMostlyFresh: Bool
    /// Whether a push arm runs: then every other arm is set against the best local strategy, else against the lead.
    public var hasPush: Bool
    public var base: Int
    /// Every arm but the base, in scenario order.
    public var others: [Versus]

    /// Each platform's verdict, in `Platform.allCases` order, for the platforms that run an arm.
    public static func all(_ context: ReportContext) -> [PlatformVerdict] {
        Platform.allCases.compactMap { PlatformVerdict(context, $0) }
    }

    /// Nil when the platform runs no arm.
    public init?(_ context: ReportContext, _ platform: Platform) {
        let indices = ArmComparison.arms(context, platform)
        guard !indices.isEmpty else { return nil }
        self.platform = platform
        arms = indices
        front = OutcomeTies.front(context, among: indices)
        let lead = ArmComparison.lead(context, among: indices)
        self.lead = lead
        // Arms tied on every outcome are one choice; each choice is described by where it is better than every other.
        var groups: [[Int]] = []
        for i in [lead] + front.filter({ $0 != lead }) {
            if let g = groups.firstIndex(where: { OutcomeTies.tied(context, $0[0], i) }) {
                groups[g].append(i)
            } else {
                groups.append([i])
            }
        }
        choices = groups.map { group in
            let i = group[0]
            let bestAt = ParetoFront.outcomes.filter { metric in
                groups.allSatisfy { other in other == group || OutcomeTies.better(context, i, other[0], metric) }
            }
            return Choice(
                arms: group, bestAt: bestAt,
                beatsLead: ParetoFront.outcomes.filter { OutcomeTies.better(context, i, lead, $0) })
        }
        if indices.count == 1 {
            standing = .onlyArm
        } else if front.count == 1 {
            standing = .leadDominates
        } else if groups.count == 1 {
            standing = .frontTied
        } else {
            standing = .tradeOff
        }
        func rate(_ i: Int, _ metric: RateMetric) -> Double { context.result.arms[i].rate(metric) }
        mostFresh = indices.max { rate($0, .fresh) < rate($1, .fresh) }!
        noneMostlyFresh = rate(mostFresh, .fresh) < 0.5
        // Push arms are set against the best local strategy; local ones against the leading arm.
        let arms = context.plan.arms
        hasPush = indices.contains { !arms[$0].strategy.kind.isLocal }
        let base = hasPush ? ArmComparison.reference(context, platform)! : lead
        self.base = base
        others = indices.filter { $0 != base }.map { other in
            // The table's direction when it shows the pair, so the two read the same way.
            let comparison =
                ArmComparison.shown(context, platform, base, other)
                ?? (arms[other].strategy.kind.isLocal
                    ? ArmComparison(minuend: base, subtrahend: other) : ArmComparison(minuend: other, subtrahend: base))
            guard comparison.interval(context, .fresh) != nil else {
                return Versus(arm: other, comparison: comparison, significant: nil)
            }
            let significant = Self.comparedMetrics.compactMap { metric -> (metric: RateMetric, difference: Double)? in
                guard let interval = comparison.interval(context, metric), OutcomeTies.clearOfZero(interval) else {
                    return nil
                }
                return (metric, interval.estimate)
            }
            return Versus(arm: other, comparison: comparison, significant: significant)
        }
    }
}
