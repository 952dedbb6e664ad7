import DNSimCore

extension ReportContext {
    /// Each fleet segment's rows as `segments.csv` has them (a platform-mix segment's devices run
    /// only its platform's arms), in the fleet's order: what `check` compares with a baseline's.
    public var segmentSummaries: [SegmentSummary] {
        zip(segments, segmentTable.cells).enumerated().map { position, segment in
            let rows = segment.1.enumerated().filter { index, _ in
                plan.fleet?.runs(plan.arms[index].platform, in: position) ?? true
            }
            return SegmentSummary(name: segment.0.name, summary: SummaryTable(rows: rows.map(\.element)))
        }
    }
}
