import DNSimCore
import DNSimScenario

/// Per platform, what the objective recommends from one run (docs/model.md §9): the feasible arm
/// of highest utility, with the paired difference to the runner-up and its 95% interval over
/// devices, or no clear winner when that interval includes zero or the difference is below the tie.
/// summary.md's sentence and summary.json's entry render it (DNSimReports).
public struct ObjectiveRecommendation: Sendable {
    public struct ArmUtility: Sendable {
        public var arm: Int
        public var utility: Double
        public var feasible: Bool
    }

    public enum Verdict: Sendable, Equatable {
        case recommend
        case noClearWinner
        case noneFeasible
        case onlyArm
    }

    public var platform: Platform
    /// The platform's arms, highest utility first (feasible before infeasible).
    public var ranking: [ArmUtility]
    /// The best feasible arm, then the runner-up it is compared with.
    public var best: Int?
    public var runnerUp: Int?
    /// best − runner-up in utility per cycle, over devices.
    public var difference: ConfidenceInterval?
    public var verdict: Verdict
    public var tie: Double
    /// Lost updates or costs carry weight: their part of the difference is in the estimate, not in its interval.
    public var intervalLeavesOutCounters: Bool

    public static func all(_ context: ReportContext) -> [ObjectiveRecommendation] {
        guard let objective = context.scenario.objective else { return [] }
        return Platform.allCases.compactMap { platform in
            let arms = context.plan.arms.indices.filter { context.plan.arms[$0].platform == platform }
            return arms.isEmpty ? nil : ObjectiveRecommendation(context, objective, platform, arms)
        }
    }

    init(_ context: ReportContext, _ objective: Objective, _ platform: Platform, _ arms: [Int]) {
        self.platform = platform
        tie = objective.tie
        intervalLeavesOutCounters = objective.weighsCounters
        let statistics = context.result.arms
        ranking = arms.map {
            ArmUtility(
                arm: $0, utility: objective.utility(statistics[$0], days: context.days),
                feasible: objective.isFeasible(statistics[$0], days: context.days))
        }
        .sorted { ($0.feasible ? 1 : 0, $0.utility, -$0.arm) > ($1.feasible ? 1 : 0, $1.utility, -$1.arm) }
        guard let first = ranking.first, first.feasible else { verdict = .noneFeasible; return }
        best = first.arm
        guard ranking.count > 1 else { verdict = .onlyArm; return }
        let second = ranking[1]
        runnerUp = second.arm
        guard
            let pair = context.result.pairs.first(where: {
                Set([$0.minuend, $0.subtrahend]) == Set([first.arm, second.arm])
            })
        else {
            verdict = .noClearWinner
            return
        }
        var interval = pair.interval(weights: objective.rateWeights, minuend: first.arm)
        // The counter terms' difference, exact in the estimate (their spread is not in the interval).
        let shift = (first.utility - second.utility) - interval.estimate
        interval = ConfidenceInterval(
            estimate: interval.estimate + shift, low: interval.low + shift, high: interval.high + shift,
            method: interval.method)
        difference = interval
        // An infeasible runner-up loses to a feasible best whatever the utilities say.
        if !second.feasible {
            verdict = .recommend
        } else {
            verdict = interval.low > 0 && interval.estimate >= objective.tie ? .recommend : .noClearWinner
        }
    }
}
