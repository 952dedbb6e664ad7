import DNSimCore

/// One fleet segment's summary: the rows `segments.csv` has for it, one per arm its devices run.
/// `check` compares a run's with its baseline's as it compares the fleet's (`SegmentComparison`).
public struct SegmentSummary: Sendable, Equatable {
    public var name: String
    public var summary: SummaryTable

    public init(name: String, summary: SummaryTable) {
        self.name = name
        self.summary = summary
    }
}
