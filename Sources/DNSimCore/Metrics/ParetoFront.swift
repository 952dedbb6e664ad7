/// Which arms no other beats on every outcome a user sees at once: more (or
/// as much) fresh content and no more stale, fallback, missed or late
/// notifications, with at least one strictly better. The verdict and the
/// sweep's front both use it, over the same outcomes.
public enum ParetoFront {
    /// The outcomes compared; `fresh` is the only one where higher is better.
    public static let outcomes: [RateMetric] = [.fresh, .stale, .fallback, .missed, .late]

    /// Whether `a` dominates `b` (each maps every outcome to its rate).
    public static func dominates(_ a: [RateMetric: Double], _ b: [RateMetric: Double]) -> Bool {
        var strictly = false
        for metric in outcomes {
            let better =
                metric.higherIsBetter
                ? a[metric, default: 0] - b[metric, default: 0] : b[metric, default: 0] - a[metric, default: 0]
            if better < 0 { return false }
            if better > 0 { strictly = true }
        }
        return strictly
    }

    /// The indices of `rates` that nothing else in `rates` dominates.
    public static func front(_ rates: [[RateMetric: Double]]) -> [Int] {
        rates.indices.filter { i in !rates.indices.contains { j in j != i && dominates(rates[j], rates[i]) } }
    }

    /// An arm's outcome rates.
    public static func rates(_ statistics: ArmStatistics) -> [RateMetric: Double] {
        Dictionary(uniqueKeysWithValues: outcomes.map { ($0, statistics.rate($0)) })
    }
}
