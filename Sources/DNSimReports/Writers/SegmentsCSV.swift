import DNSimAnalysis
import DNSimCore

/// `segments.csv`: one row per fleet segment × arm, the segment's name and then the
/// `summary.csv` columns for the segment's devices alone (docs/report-format.md). The
/// segments' counts add to the fleet's, since each device is in exactly one segment.
public enum SegmentsCSV {
    public static var header: [String] { ["segment"] + SummaryCSV.header }

    public static func render(_ context: ReportContext) -> String {
        var lines = [header.joined(separator: ",")]
        for segment in context.segments {
            let table = SummaryTable(arms: context.plan.arms, statistics: segment.arms, days: context.days)
            for row in table.rows {
                lines.append(([segment.name] + SummaryCSV.fields(of: row)).map(SummaryCSV.escape).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
