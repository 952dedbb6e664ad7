import DNSimAnalysis
import DNSimCore

/// `segments.csv`: one row per fleet segment × arm, the segment's name and then the
/// `summary.csv` columns for the segment's devices alone (docs/report-format.md). The
/// segments' counts add to the fleet's, since each device is in exactly one segment.
public enum SegmentsCSV {
    public static var header: [String] { ["segment"] + SummaryCSV.header }

    public static func render(_ context: ReportContext) -> String {
        var lines = [header.joined(separator: ",")]
        for segment in summaries(context) {
            for row in segment.summary.rows {
                lines.append(([segment.name] + SummaryCSV.fields(of: row)).map(SummaryCSV.escape).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each segment's rows as the file has them, in the fleet's order (what `check` compares).
    public static func summaries(_ context: ReportContext) -> [SegmentSummary] {
        zip(context.segments, context.segmentTable.cells).enumerated().map { position, segment in
            // A platform-mix segment's devices run only its platform's arms.
            let rows = segment.1.enumerated().filter { index, _ in
                context.plan.fleet?.runs(context.plan.arms[index].platform, in: position) ?? true
            }
            return SegmentSummary(name: segment.0.name, summary: SummaryTable(rows: rows.map(\.element)))
        }
    }
}
