import DNSimCore

/// When two arms of a platform count as different on an outcome: their paired
/// difference (same devices, same world) is significant at 95% with an
/// interval clear of zero as shown (two decimals of a percentage point), and
/// at least `practicalThreshold`. Anything less is a tie: the verdict names no
/// trade-off on it, and the paired-difference table does not bold it.
public enum OutcomeTies {
    /// 0.5 percentage points, the practical threshold of docs/model.md §9.
    public static let practicalThreshold = 0.005

    /// Rounds to two decimals and turns -0.00 into 0.00, as the table shows a bound in pp, so signs mean something.
    public static func roundedAsShown(_ value: Double) -> Double {
        let rounded = (value * 100).rounded() / 100
        return rounded == 0 ? 0 : rounded
    }

    /// Whether an interval excludes zero as the table shows it (bounds rounded to 0.01 pp).
    public static func clearOfZero(_ interval: ConfidenceInterval) -> Bool {
        roundedAsShown(interval.low * 100) > 0 || roundedAsShown(interval.high * 100) < 0
    }

    /// Whether a paired difference counts: clear of zero and at least the practical threshold.
    public static func counts(_ interval: ConfidenceInterval) -> Bool {
        clearOfZero(interval) && abs(interval.estimate) >= practicalThreshold
    }

    /// `a − b` on `metric` from the run's pair, or nil when they were not paired (or the pair holds no device).
    static func difference(_ context: ReportContext, _ a: Int, _ b: Int, _ metric: RateMetric) -> ConfidenceInterval? {
        context.result.pairs.first { Set([$0.minuend, $0.subtrahend]) == Set([a, b]) && $0.devices > 0 }
            .map { $0.interval(metric, minuend: a) }
    }

    /// Whether arm `a` is better than arm `b` on `metric` by a difference that counts.
    static func better(_ context: ReportContext, _ a: Int, _ b: Int, _ metric: RateMetric) -> Bool {
        let estimate: Double
        if let interval = difference(context, a, b, metric) {
            guard counts(interval) else { return false }
            estimate = interval.estimate
        } else {
            estimate = context.result.arms[a].rate(metric) - context.result.arms[b].rate(metric)
            guard abs(estimate) >= practicalThreshold else { return false }
        }
        return metric.higherIsBetter ? estimate > 0 : estimate < 0
    }

    /// Whether `a` beats `b` on some outcome and `b` beats `a` on none.
    static func dominates(_ context: ReportContext, _ a: Int, _ b: Int) -> Bool {
        ParetoFront.outcomes.contains { better(context, a, b, $0) }
            && !ParetoFront.outcomes.contains { better(context, b, a, $0) }
    }

    /// Whether neither beats the other on any outcome.
    static func tied(_ context: ReportContext, _ a: Int, _ b: Int) -> Bool {
        !ParetoFront.outcomes.contains { better(context, a, b, $0) || better(context, b, a, $0) }
    }

    /// The arms among `indices` that no other dominates.
    static func front(_ context: ReportContext, among indices: [Int]) -> [Int] {
        indices.filter { i in !indices.contains { j in j != i && dominates(context, j, i) } }
    }
}
