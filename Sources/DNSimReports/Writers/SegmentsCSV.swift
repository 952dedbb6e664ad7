import DNSimAnalysis
import DNSimCore

/// `segments.csv`: one row per fleet segment × arm, the segment's name and then the
/// `summary.csv` columns for the segment's devices alone (docs/report-format.md). The
/// segments' counts add to the fleet's, since each device is in exactly one segment.
public enum SegmentsCSV {
    public static var header: [String] { header(withinAge: false) }

    public static func header(withinAge: Bool) -> [String] { ["segment"] + SummaryCSV.header(withinAge: withinAge) }

    public static func render(_ context: ReportContext) -> String {
        var lines = [header(withinAge: context.plan.maxContentAge != nil).joined(separator: ",")]
        for (position, (segment, cells)) in zip(context.segments, context.segmentTable.cells).enumerated() {
            // A platform-mix segment's devices run only its platform's arms.
            for (index, row) in cells.enumerated()
            where context.plan.fleet?.runs(context.plan.arms[index].platform, in: position) ?? true {
                lines.append(
                    ([segment.name] + SummaryCSV.fields(of: row)).map(SummaryCSV.escape).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
