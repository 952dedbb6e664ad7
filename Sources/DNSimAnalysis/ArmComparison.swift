import DNSimCore

/// Which arms of a platform the verdict and the paired-difference table set
/// against which. The reference is the best local strategy (independent or
/// chained): push arms are compared with it as `push − reference`, other
/// local arms as `reference − arm`. Two local arms keep their one pair in
/// scenario order.
public struct ArmComparison: Sendable {
    public let minuend: Int
    public let subtrahend: Int

    init(minuend: Int, subtrahend: Int) {
        self.minuend = minuend
        self.subtrahend = subtrahend
    }

    /// The arms of `platform` in scenario order, those measured per cycle: an `onNews` arm counts updates and has no
    /// pair with them (summary.md sets it beside them per update).
    static func arms(_ context: ReportContext, _ platform: Platform) -> [Int] {
        context.plan.arms.indices.filter {
            context.plan.arms[$0].platform == platform && !context.plan.arms[$0].strategy.kind.measuresUpdates
        }
    }

    /// The leading arm among `indices`: not dominated on fresh, stale,
    /// fallback, missed and late by differences that count (`OutcomeTies`),
    /// then the most fresh, then the fewest missed.
    static func lead(_ context: ReportContext, among indices: [Int]) -> Int {
        let front = OutcomeTies.front(context, among: indices)
        func rate(_ i: Int, _ metric: RateMetric) -> Double { context.result.arms[i].rate(metric) }
        return front.min { (-rate($0, .fresh), rate($0, .missed), $0) < (-rate($1, .fresh), rate($1, .missed), $1) }!
    }

    /// The best local arm of the platform (the lead when none is local).
    static func reference(_ context: ReportContext, _ platform: Platform) -> Int? {
        let indices = arms(context, platform)
        guard !indices.isEmpty else { return nil }
        let local = indices.filter { context.plan.arms[$0].strategy.kind.isLocal }
        return lead(context, among: local.isEmpty ? indices : local)
    }

    /// The table's comparison of `a` and `b` (its direction is the verdict's too), or nil when the table has none.
    static func shown(_ context: ReportContext, _ platform: Platform, _ a: Int, _ b: Int) -> ArmComparison? {
        all(context, platform).first { Set([$0.minuend, $0.subtrahend]) == Set([a, b]) }
    }

    /// The comparisons reported for `platform`, in scenario order.
    public static func all(_ context: ReportContext, _ platform: Platform) -> [ArmComparison] {
        let indices = arms(context, platform)
        guard indices.count >= 2 else { return [] }
        let arms = context.plan.arms
        if indices.count == 2, indices.allSatisfy({ arms[$0].strategy.kind.isLocal }) {
            return [ArmComparison(minuend: indices[0], subtrahend: indices[1])]
        }
        let reference = reference(context, platform)!
        return indices.filter { $0 != reference }.map { other in
            arms[other].strategy.kind.isLocal
                ? ArmComparison(minuend: reference, subtrahend: other)
                : ArmComparison(minuend: other, subtrahend: reference)
        }
    }

    /// `minuend − subtrahend` for `metric` with its 95% interval, from the run's pair.
    public func interval(_ context: ReportContext, _ metric: RateMetric) -> ConfidenceInterval? {
        context.result.pairs.first { Set([$0.minuend, $0.subtrahend]) == Set([minuend, subtrahend]) }
            .map { $0.interval(metric, minuend: minuend) }
    }
}
