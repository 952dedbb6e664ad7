/// Streams one arm's cycles into `ArmStatistics`, one device at a time.
/// Holds only the current device's counters: memory does not grow with
/// devices or days.
public final class ArmAccumulator: SimulationObserver {
    public private(set) var statistics = ArmStatistics()
    /// The current device's count per `RateMetric`.
    public private(set) var deviceCounts: [Int64]
    private var deviceCycles: Int64 = 0
    private let lateAfter: Millis
    /// Also handed every record, when per-cycle rows are being written.
    public var forward: ((CycleRecord) -> Void)?

    public init(lateAfter: Millis) {
        self.lateAfter = lateAfter
        deviceCounts = Array(repeating: 0, count: RateMetric.allCases.count)
    }

    public func beginDevice() {
        for i in deviceCounts.indices { deviceCounts[i] = 0 }
        deviceCycles = 0
    }

    public func record(_ cycle: CycleRecord) {
        forward?(cycle)
        deviceCycles += 1
        deviceCounts[cycle.outcome.rawValue] += 1
        if let lateness = cycle.lateness {
            statistics.lateness.add(lateness)
            if lateness > lateAfter { deviceCounts[RateMetric.late.rawValue] += 1 }
            if cycle.notifiedBeforeFetch { deviceCounts[RateMetric.notifiedBeforeFetch.rawValue] += 1 }
        }
        if let age = cycle.contentAge { statistics.contentAge.add(age) }
    }

    public func updateShown(delay: Millis) {
        statistics.updateDelay.add(delay)
    }

    public func endDevice(_ activity: DeviceActivity, device: Int) {
        statistics.devices += 1
        statistics.addTrajectory(activity.trajectory, device: device)
        statistics.cycles += deviceCycles
        statistics.cycleSquares += deviceCycles * deviceCycles
        for i in deviceCounts.indices {
            statistics.counts[i] += deviceCounts[i]
            statistics.countSquares[i] += deviceCounts[i] * deviceCounts[i]
        }
        statistics.backgroundRuns += Int64(activity.backgroundRuns)
        statistics.fetches += Int64(activity.fetches)
        statistics.alarmWakeups += Int64(activity.alarmWakeups)
        statistics.appOpens += Int64(activity.appOpens)
        let lost = Int64(activity.lostUpdates), updates = Int64(activity.updates)
        statistics.updates += updates
        statistics.lostUpdates += lost
        statistics.lostSquares += lost * lost
        statistics.updateSquares += updates * updates
        statistics.lostTimesUpdates += lost * updates
    }
}
