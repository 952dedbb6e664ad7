import DNSimAnalysis
import DNSimCore

/// summary.md's view of the user's lifecycle (docs/lifecycle.md): the counters
/// reported per 1,000 device-days, taken from the catalog (`Counter`).
extension SummaryMarkdown {
    /// What the outcome rates leave out: the arms that show orphans, unwanted reminders or
    /// duplicates, per 1,000 device-days (the Lifecycle section has the intervals).
    static func lifecycleVerdict(_ context: ReportContext, _ indices: [Int]) -> String {
        var parts: [String] = []
        for (position, name) in lifecycleCounters.map(label).enumerated() {
            let shown = indices.compactMap { i -> String? in
                let value = lifecycleRates(context.result.arms[i], days: context.days)[position].estimate
                return (value * 10).rounded() == 0
                    ? nil : "\(context.plan.arms[i].strategy.label) \(String(format: "%.1f", value))"
            }
            if !shown.isEmpty { parts.append("\(name): " + shown.joined(separator: ", ")) }
        }
        return parts.isEmpty
            ? " No arm shows orphans, unwanted reminders or duplicates."
            : " Not in the outcome rates, per 1,000 device-days: " + parts.joined(separator: "; ") + "."
    }

    /// The counters reported per 1,000 device-days (orphans, unwanted reminders, duplicates), in catalog order.
    static let lifecycleCounters = Counter.allCases.filter {
        if case .perThousandDeviceDays = $0.spec.column { true } else { false }
    }

    /// How prose and table headers name a counter: its column stem in words (`unwanted reminders`).
    static func label(_ counter: Counter) -> String {
        switch counter.spec.column {
        case .total(let stem), .perDeviceDay(let stem), .perThousandDeviceDays(let stem), .ratio(let stem, _, _):
            stem.replacingOccurrences(of: "_", with: " ")
        case .deviceOnly: counter.spec.key
        }
    }

    /// Each lifecycle counter per 1,000 device-days, with its interval.
    static func lifecycleRates(_ s: ArmStatistics, days: Int) -> [ConfidenceInterval] {
        lifecycleCounters.map { s.perThousandDeviceDays($0, days: days) }
    }

    /// The user's lifecycle (docs/lifecycle.md): cycles not due, orphans, unwanted reminders,
    /// duplicates and how long a new setup takes to show its first notification.
    static func lifecycleSection(_ context: ReportContext) -> String {
        var md = "### Lifecycle\n\n"
        md +=
            "Cycles whose T fell while New Activity was off are not due: they count as `off`, outside the outcome rates. "
        md +=
            "Orphans are New Activity notifications shown while it was off or at a time the user had left; only a defect "
        md +=
            "(`plugin.defects` or a strategy's `defects`) leaves any. Counts are per 1,000 device-days with their 95% intervals; "
        md += "setup latency runs from turning New Activity on again, or moving it, to its first notification.\n\n"
        return md + lifecycleTable(context).markdown() + "\n"
    }

    /// The lifecycle figures per arm, shared with the terminal summary.
    public static func lifecycleTable(_ context: ReportContext) -> TextTable {
        var table = TextTable(
            header: ["arm", "off"] + lifecycleCounters.map(label) + ["setup latency p50 / p90"],
            rightAligned: Set(1...(2 + lifecycleCounters.count)))
        func cell(_ interval: ConfidenceInterval) -> String {
            String(format: "%.1f [%.1f–%.1f]", interval.estimate, interval.low, interval.high)
        }
        for (index, arm) in context.plan.arms.enumerated() {
            let s = context.result.arms[index]
            let off = s.sum(.offCycles)
            let offShare = Double(off) / Double(max(1, off + s.cycles))
            table.rows.append(
                [arm.name, "\(off) (\(percent(offShare)))"] + lifecycleRates(s, days: context.days).map(cell)
                    + [seconds([s.setupLatency.quantile(0.5), s.setupLatency.quantile(0.9)])])
        }
        return table
    }
}
