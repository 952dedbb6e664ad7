import DNSimAnalysis
import DNSimCore
import Foundation

/// The sentence `summary.md` gives for a platform's recommendation, and the figures as it writes them.
extension ObjectiveRecommendation {
    /// The sentence `summary.md` gives.
    public func sentence(_ arms: [Arm]) -> String {
        let name = { (arm: Int) in "`\(arms[arm].name)`" }
        func utility(_ arm: Int) -> String { Self.number(ranking.first { $0.arm == arm }?.utility ?? 0) }
        let points =
            difference.map {
                "\(Self.signed($0.estimate)) (95% interval \(Self.signed($0.low)) to \(Self.signed($0.high)))"
            } ?? ""
        switch verdict {
        case .noneFeasible:
            return "**\(platform.rawValue): no arm meets the constraints**; "
                + "the highest utility is \(name(ranking[0].arm))'s (\(utility(ranking[0].arm)) per cycle)."
        case .onlyArm:
            return "**\(platform.rawValue): \(name(best!))** is the only arm (utility \(utility(best!)) per cycle)."
        case .recommend:
            let runner =
                runnerUp.map { arm in
                    (ranking.first { $0.arm == arm }?.feasible ?? true)
                        ? " It beats \(name(arm)) by \(points) utility per cycle."
                        : " \(name(arm)), next by utility, does not meet the constraints."
                } ?? ""
            return "**\(platform.rawValue): recommend \(name(best!))** (utility \(utility(best!)) per cycle).\(runner)"
        case .noClearWinner:
            let why =
                difference.map {
                    $0.low <= 0 ? "the interval includes zero" : "it is below the tie threshold of \(Self.number(tie))"
                }
                ?? "they have no paired comparison"
            return "**\(platform.rawValue): no clear winner** between \(name(best!)) (\(utility(best!))) "
                + "and \(name(runnerUp!)) (\(utility(runnerUp!))): "
                + "the difference is \(points) utility per cycle, and \(why)."
        }
    }

    static func number(_ value: Double) -> String { String(format: "%.4f", value + 0) }
    static func signed(_ value: Double) -> String {
        String(format: "%+.4f", value + 0).replacingOccurrences(of: "-", with: "−")
    }
}
