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
        if var segments, let others = other.segments {
            for s in segments.indices {
                for a in segments[s].indices {
                    do { try segments[s][a].mergeChecked(others[s][a]) } catch {
                        throw error.inside("segments[\(s)][\(a)]")
                    }
                }
            }
            self.segments = segments
        }
    }
}
