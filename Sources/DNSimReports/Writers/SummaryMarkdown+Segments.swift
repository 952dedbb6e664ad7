import DNSimAnalysis
import DNSimCore
import DNSimScenario

/// summary.md's view of a fleet (docs/model.md §2 "Fleets"): each arm's outcome rates in each
/// segment, when there is more than one.
extension SummaryMarkdown {
    static func segmentsSection(_ context: ReportContext) -> String {
        guard let table = segmentsTable(context) else { return "" }
        var md = "### By fleet segment\n\n"
        md += "Share of each segment's cycles with each outcome; every device is in one segment, so the segments' "
        md += "devices and cycles add to the arm's. Intervals and every column are in `segments.csv`.\n\n"
        return md + table.markdown() + "\n"
    }

    /// Each arm's outcome rates in each fleet segment; nil unless the fleet has more than one. `share` is the
    /// segment's nominal share (the fleet's `share:`), `devices` the realised count of devices drawn into it.
    public static func segmentsTable(_ context: ReportContext) -> TextTable? {
        let segments = context.segments
        guard segments.count > 1, let fleet = context.plan.fleet else { return nil }
        var table = TextTable(
            header: ["arm", "segment", "share", "devices"] + SummaryColumns.rates.map(\.name),
            rightAligned: Set(2...(3 + SummaryColumns.rates.count)))
        for (index, arm) in context.plan.arms.enumerated() {
            var first = true
            for (position, segment) in segments.enumerated() where fleet.runs(arm.platform, in: position) {
                let s = segment.arms[index]
                defer { first = false }
                table.rows.append(
                    [first ? arm.name : "", segment.name, percent(fleet.segments[position].share), String(s.devices)]
                        + SummaryColumns.rates.map { percent(s.rate($0)) })
            }
        }
        return table
    }

    /// The recap's fleet: each segment's share and what it sets (the lines above are the scenario's).
    static func fleetLine(_ fleet: [ScenarioSegment]) -> String {
        "- **Fleet:** "
            + fleet.map { segment in
                "\(segment.name) \(percent(segment.share))"
                    + (segment.settings.isEmpty
                        ? " (as above)"
                        : ": " + segment.settings.map { "`\($0.key)` = \($0.value)" }.joined(separator: ", "))
            }.joined(separator: "; ") + "."
    }
}
