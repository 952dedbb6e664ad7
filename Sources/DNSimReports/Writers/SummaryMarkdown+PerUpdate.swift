import DNSimAnalysis
import DNSimCore
import Foundation

/// The per-update comparison (docs/model.md §2, notify on news): an `onNews` arm counts server updates, not cycles,
/// so it joins no paired difference or verdict; every arm's per-update measures set it beside the cycle arms.
extension SummaryMarkdown {
    static func perUpdateSection(_ context: ReportContext) -> String {
        guard let table = perUpdateTable(context) else { return "" }
        var md = "### Per server update\n\n"
        md += "`onNews` has no notification time: its rows above count server updates (fresh: shown within "
        md +=
            "`metrics.freshWithin` of publication), so it is in no paired difference and no verdict with the cycle arms. "
        md += "Every arm's updates, measured alike, compare here (`updates_fresh_rate` in summary.csv; the interval is "
        md += "across devices, not paired).\n\n"
        return md + table.markdown() + "\n"
    }

    /// Every arm's per-update measures, when an `onNews` arm runs; nil otherwise.
    public static func perUpdateTable(_ context: ReportContext) -> TextTable? {
        let plan = context.plan
        guard plan.arms.contains(where: { $0.strategy.kind.measuresUpdates }) else { return nil }
        let within = seconds(context.plan.world.freshWithin)
        var table = TextTable(
            header: ["arm", "updates", "shown within \(within)", "update delay p50 / p95", "lost updates"],
            rightAligned: [1, 2, 3, 4])
        for (index, arm) in plan.arms.enumerated() {
            let s = context.result.arms[index]
            let interval = s.ratioInterval(.updatesFresh)
            let share =
                s.sum(.updates) > 0
                ? "\(percent(s.ratio(.updatesFresh))) [\(String(format: "%.1f", interval.low * 100))–\(String(format: "%.1f", interval.high * 100))]"
                : "–"
            table.rows.append([
                arm.name, "\(s.sum(.updates))", share,
                seconds([s.updateDelay.quantile(0.5), s.updateDelay.quantile(0.95)]),
                "\(s.sum(.lostUpdates)) (\(percent(s.ratio(.lostUpdates))))",
            ])
        }
        return table
    }

    /// One line per platform when an `onNews` arm runs: the arms by their share of updates shown within `freshWithin`.
    static func perUpdateVerdict(_ context: ReportContext) -> String {
        let plan = context.plan
        guard plan.arms.contains(where: { $0.strategy.kind.measuresUpdates }) else { return "" }
        var md = ""
        for platform in Platform.allCases {
            let arms = plan.arms.indices.filter {
                plan.arms[$0].platform == platform && context.result.arms[$0].sum(.updates) > 0
            }
            guard !arms.isEmpty else { continue }
            func share(_ arm: Int) -> Double { context.result.arms[arm].ratio(.updatesFresh) }
            let shares = arms.sorted { (-share($0), $0) < (-share($1), $1) }.map {
                "\(plan.arms[$0].strategy.label) \(percent(share($0)))"
            }
            md +=
                "**\(platform == .ios ? "iOS" : "Android"), per server update:** shown within \(seconds(plan.world.freshWithin)) of publication: "
                + shares.joined(separator: ", ") + " (not paired: see Per server update).\n\n"
        }
        return md
    }
}
