/// `within_age` (`metrics.maxContentAge`, docs/model.md §4 "A team's own rules"): the sums of the
/// per-device count of cycles shown with API content no older than the age when seen, kept as
/// `ArmStatistics.counts` keeps the outcome rates, for the same across-device interval. Present only
/// when the scenario sets the age, so a report without it is unchanged.
public struct WithinAgeSums: Sendable, Equatable, Codable {
    /// Σ over devices of the count, of its square and of count × cycles.
    public var count: Int64 = 0
    public var squares: Int64 = 0
    public var timesCycles: Int64 = 0

    public init() {}

    mutating func add(_ deviceCount: Int64, cycles: Int64) {
        count += deviceCount
        squares += deviceCount * deviceCount
        timesCycles += deviceCount * cycles
    }

    mutating func mergeChecked(_ other: WithinAgeSums) throws(MergeOverflow) {
        try MergeOverflow.add(&count, other.count, "withinAge.count")
        try MergeOverflow.add(&squares, other.squares, "withinAge.squares")
        try MergeOverflow.add(&timesCycles, other.timesCycles, "withinAge.timesCycles")
    }
}
