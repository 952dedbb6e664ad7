/// The merged statistics of a run (or of a slice of its devices).
public struct SimulationResult: Sendable, Equatable, Codable {
    public var arms: [ArmStatistics]
    public var pairs: [PairedDifference]
    /// Kernel events handled, for the benchmark (not part of any report).
    public var events: Int64
    /// Each fleet segment's statistics per arm (`[segment][arm]`), when the fleet has more than
    /// one segment; nil otherwise. `arms` is their merge.
    public var segments: [[ArmStatistics]]?

    public init(plan: SimulationPlan) {
        arms = Array(repeating: ArmStatistics(), count: plan.arms.count)
        pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
        events = 0
        if plan.keepsSegments, let fleet = plan.fleet {
            segments = Array(repeating: arms, count: fleet.segments.count)
        }
    }

    public mutating func merge(_ other: SimulationResult) {
        for i in arms.indices { arms[i].merge(other.arms[i]) }
        for i in pairs.indices { pairs[i].merge(other.pairs[i]) }
        events += other.events
        if var segments, let others = other.segments {
            for s in segments.indices {
                for a in segments[s].indices { segments[s][a].merge(others[s][a]) }
            }
            self.segments = segments
        }
    }
}
