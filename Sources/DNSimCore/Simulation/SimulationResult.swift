/// The merged statistics of a run (or of a slice of its devices).
public struct SimulationResult: Sendable, Equatable, Codable {
    public var arms: [ArmStatistics]
    public var pairs: [PairedDifference]
    /// Kernel events handled, for the benchmark (not part of any report).
    public var events: Int64

    public init(plan: SimulationPlan) {
        arms = Array(repeating: ArmStatistics(), count: plan.arms.count)
        pairs = plan.pairs.map { PairedDifference(minuend: $0.0, subtrahend: $0.1) }
        events = 0
    }

    public mutating func merge(_ other: SimulationResult) {
        for i in arms.indices { arms[i].merge(other.arms[i]) }
        for i in pairs.indices { pairs[i].merge(other.pairs[i]) }
        events += other.events
    }
}
