/// Folds one arm's devices into `ArmStatistics`, a device at a time. Holds the current device's
/// counters, the sums and three histograms' stages (about 1 MB each, 2.2 MB at most): memory does not
/// grow with devices or days.
public struct ArmAccumulator: Sendable {
    /// Everything but the staged histograms, which `statistics` adds.
    private var folded = ArmStatistics()
    private var lateness = StagedHistogram()
    private var contentAge = StagedHistogram()
    private var updateDelay = StagedHistogram()
    /// The last device's count per `RateMetric` (for paired differences).
    public private(set) var deviceCounts: [Int64]
    private let lateAfter: Millis
    private let deviceFreshBelow: Double
    /// `metrics.maxContentAge`: nil leaves `within_age` out (and costs nothing per cycle).
    private let maxContentAge: Millis?

    public init(
        lateAfter: Millis, deviceFreshBelow: Double = SimulationPlan.defaultDeviceFreshBelow,
        maxContentAge: Millis? = nil
    ) {
        self.lateAfter = lateAfter
        self.deviceFreshBelow = deviceFreshBelow
        self.maxContentAge = maxContentAge
        deviceCounts = Array(repeating: 0, count: RateMetric.allCases.count)
        if maxContentAge != nil { folded.withinAge = WithinAgeSums() }
    }

    /// The plan's accumulator for one arm.
    public init(plan: SimulationPlan) {
        self.init(lateAfter: plan.lateAfter, deviceFreshBelow: plan.deviceFreshBelow, maxContentAge: plan.maxContentAge)
    }

    /// Every device added so far. Copies a histogram's buckets while values wait in its stage:
    /// call `flushStages()` first where that matters.
    public var statistics: ArmStatistics {
        var statistics = folded
        statistics.lateness = lateness.histogram
        statistics.contentAge = contentAge.histogram
        statistics.updateDelay = updateDelay.histogram
        return statistics
    }

    /// Moves the values waiting in the histograms' stages into them, so that `statistics` copies nothing.
    public mutating func flushStages() {
        lateness.flush()
        contentAge.flush()
        updateDelay.flush()
    }

    /// Adds everything device `device` produced on this arm.
    public mutating func add(_ log: DeviceLog, device: Int) {
        // The device's counts in a local array, taken from `deviceCounts` (its storage reused): the
        // loop over cycles then checks no uniqueness and indexes without bounds checks.
        var counts: [Int64] = []
        swap(&counts, &deviceCounts)
        let cycles = Int64(log.cycles.count)
        let lateAfter = self.lateAfter
        var atThreshold: Int64 = 0
        counts.withUnsafeMutableBufferPointer { counts in
            for i in counts.indices { counts[i] = 0 }
            let late = RateMetric.late.rawValue, beforeFetch = RateMetric.notifiedBeforeFetch.rawValue
            for cycle in log.cycles {
                counts[cycle.outcome.rawValue] += 1
                guard let lateness = cycle.lateness else { continue }
                if CycleOutcome.isLate(lateness: lateness, lateAfter: lateAfter) { counts[late] += 1 }
                if CycleOutcome.isOnLateThreshold(lateness: lateness, lateAfter: lateAfter) { atThreshold += 1 }
                if cycle.notifiedBeforeFetch { counts[beforeFetch] += 1 }
            }
            for i in counts.indices {
                folded.counts[i] += counts[i]
                folded.countSquares[i] += counts[i] * counts[i]
                folded.countTimesCycles[i] += counts[i] * cycles
            }
        }
        swap(&counts, &deviceCounts)
        folded.latenessAtThreshold += atThreshold
        // Each histogram in one pass (one uniqueness check each, not one per value).
        lateness.add(log.cycles.lazy.map(\.lateness))
        contentAge.add(log.cycles.lazy.map(\.contentAge))
        updateDelay.add(log.updateDelays.lazy.map { Optional($0) })
        folded.setupLatency.add(log.setupLatencies.lazy.map { Optional($0) })
        let activity = log.activity
        folded.devices += 1
        folded.addTrajectory(Self.foldCycles(log.cycles, into: activity.trajectory), device: device)
        folded.cycles += cycles
        folded.cycleSquares += cycles * cycles
        folded.fewestCycles = min(folded.fewestCycles, cycles)
        folded.mostCycles = max(folded.mostCycles, cycles)
        folded.counters.add(activity)
        if let maxContentAge { folded.withinAge?.add(Self.withinAge(log.cycles, maxContentAge), cycles: cycles) }
        let fresh = deviceCounts[RateMetric.fresh.rawValue]
        folded.freshByDevice.add(count: fresh, of: cycles)
        folded.missedByDevice.add(count: deviceCounts[RateMetric.missed.rawValue], of: cycles)
        if cycles > 0 && Double(fresh) < deviceFreshBelow * Double(cycles) { folded.devicesFreshBelow += 1 }
    }

    /// Cycles shown with API content (`fresh` or `stale`) at most `maxContentAge` old when seen,
    /// whichever fetch and window it came from (docs/model.md §4, "A team's own rules").
    static func withinAge(_ cycles: [CycleRecord], _ maxContentAge: Millis) -> Int64 {
        var count: Int64 = 0
        for cycle in cycles where cycle.outcome == .fresh || cycle.outcome == .stale {
            if let age = cycle.contentAge, age <= maxContentAge { count += 1 }
        }
        return count
    }

    /// The device's trajectory hash with what the user saw folded in: each
    /// cycle's outcome, when it was shown (display time minus T; T is fixed
    /// by the cycle's index), the age of what was shown and whether it came
    /// before the fetch. The event trajectory alone misses a display delay
    /// (`notificationDelay`) that moves no event, so the fingerprint folds these too.
    static func foldCycles(_ cycles: [CycleRecord], into trajectory: UInt64) -> UInt64 {
        let absent = UInt64.max
        var hash = trajectory
        @inline(__always) func fold(_ word: UInt64) { hash = (hash ^ word) &* Hashing.fnvPrime }
        for cycle in cycles {
            fold(
                UInt64(truncatingIfNeeded: cycle.cycle) << 8 | UInt64(cycle.outcome.rawValue) << 1
                    | (cycle.notifiedBeforeFetch ? 1 : 0))
            fold(cycle.lateness.map { UInt64(bitPattern: $0) } ?? absent)
            fold(cycle.contentAge.map { UInt64(bitPattern: $0) } ?? absent)
        }
        return hash
    }
}
