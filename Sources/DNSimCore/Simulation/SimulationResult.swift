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
        do { try mergeChecked(other) } catch { preconditionFailure("\(error)") }
    }

    /// Adds another slice's sums, naming the field (`arms[1].counts[2]`) whose sum leaves
    /// Int64. `other` has this result's arms and pairs (`ShardCheck` sees to it for shards).
    public mutating func mergeChecked(_ other: SimulationResult) throws(MergeOverflow) {
        for i in arms.indices {
            do { try arms[i].mergeChecked(other.arms[i]) } catch { throw error.inside("arms[\(i)]") }
        }
        for i in pairs.indices {
            do { try pairs[i].mergeChecked(other.pairs[i]) } catch { throw error.inside("pairs[\(i)]") }
        }
        try MergeOverflow.add(&events, other.events, "events")
    }
}
