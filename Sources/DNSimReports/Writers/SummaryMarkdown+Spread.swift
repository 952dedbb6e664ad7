import DNSimAnalysis
import DNSimCore

extension SummaryMarkdown {
    /// `### Spread over devices`: what a mean rate hides, the devices that get little or nothing.
    static func spreadSection(_ context: ReportContext) -> String {
        let threshold = context.plan.deviceFreshBelow
        var md = "### Spread over devices\n\n"
        md += "Each device's own fresh and missed rates over its cycles, as quantiles over devices with their 95% "
        md += "order-statistic intervals, and the share of devices fresh less than \(percent(threshold)) of the time "
        md +=
            "(`metrics.deviceFreshBelow`) with its Wilson interval. Devices differ by their own draws even when every one "
        md += "has the same rates; set a condition `perDevice` to make users differ.\n\n"
        return md + spreadTable(context).markdown() + "\n![Per-device fresh rate per arm](device-fresh.svg)\n\n"
    }

    /// Each arm's per-device fresh and missed quantiles and the share of devices below `metrics.deviceFreshBelow`.
    public static func spreadTable(_ context: ReportContext) -> TextTable {
        let threshold = context.plan.deviceFreshBelow
        var table = TextTable(
            header: ["arm", "fresh p10", "fresh p50", "fresh p90", "missed p90", "fresh below \(percent(threshold))"],
            rightAligned: Set(1...5))
        func cell(_ histogram: DeviceRateHistogram, _ q: Double) -> String {
            guard let interval = histogram.quantileInterval(q) else { return "–" }
            let value = percent(interval.estimate)
            return interval.low == interval.high
                ? value : "\(value) [\(percent(interval.low)), \(percent(interval.high))]"
        }
        for (index, arm) in context.plan.arms.enumerated() {
            let s = context.result.arms[index]
            let below =
                s.devicesFreshBelowShare.map { "\(percent($0.estimate)) [\(percent($0.low)), \(percent($0.high))]" }
                ?? "–"
            table.rows.append([
                arm.name, cell(s.freshByDevice, 0.1), cell(s.freshByDevice, 0.5), cell(s.freshByDevice, 0.9),
                cell(s.missedByDevice, 0.9), below,
            ])
        }
        return table
    }
}
