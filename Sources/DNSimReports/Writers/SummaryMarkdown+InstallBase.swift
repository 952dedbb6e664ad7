import DNSimAnalysis
import DNSimCore

extension SummaryMarkdown {
    /// `### Whole install base`, when the fleet mixes platforms: each strategy over every device.
    static func installBaseSection(_ context: ReportContext) -> String {
        guard let base = InstallBase(context) else { return "" }
        let objective = context.scenario.objective
        var md = "### Whole install base\n\n"
        md +=
            "Every device runs one platform's arms, in the fleet's platform shares, so each strategy's arms merged over the "
        md +=
            "platforms are the install base: the share of all its cycles with each outcome, with the 95% interval across "
        md += "devices. Every column is in `install-base.csv`.\n\n"
        md += installBaseTable(context, base).markdown() + "\n"
        if let objective,
            let best = base.rows.max(by: {
                objective.utility($0.statistics, days: context.days)
                    < objective.utility($1.statistics, days: context.days)
            })
        {
            md += "Over the whole install base `\(best.arm)` has the highest utility per cycle; a difference below "
            md +=
                "\(String(format: "%.4f", objective.tie)) is a tie, and the recommendation above, per platform, says how sure each is.\n\n"
        }
        return md
    }

    /// Each strategy over every device of a fleet that mixes platforms.
    public static func installBaseTable(_ context: ReportContext, _ base: InstallBase) -> TextTable {
        let objective = context.scenario.objective
        var header = ["strategy", "devices"] + SummaryColumns.rates.map(\.name)
        if objective != nil { header.append("utility") }
        var table = TextTable(header: header, rightAligned: Set(1..<header.count))
        for row in base.rows {
            let s = row.statistics
            let split = row.devicesByPlatform.map {
                "\($0.platform.rawValue) \(percent(s.devices > 0 ? Double($0.devices) / Double(s.devices) : 0))"
            }
            var cells =
                [row.arm, "\(s.devices) (\(split.joined(separator: ", ")))"]
                + SummaryColumns.rates.map { rateCell(s, $0) }
            if let objective { cells.append(String(format: "%.4f", objective.utility(s, days: context.days))) }
            table.rows.append(cells)
        }
        return table
    }
}
