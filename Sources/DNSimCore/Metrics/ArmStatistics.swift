import CGSL

/// Everything reported about one arm, as exact integer sums over devices.
///
/// Per-device counts are kept as Σk and Σk² so the across-device t-interval
/// needs no per-device storage, and so partial results merge exactly in any
/// order (byte-identical reports for any `--jobs` or sharding).
public struct ArmStatistics: Sendable, Equatable, Codable {
    public var devices: Int64 = 0
    public var cycles: Int64 = 0
    /// Indexed by `RateMetric.rawValue`: Σ over devices of the count, and of its square.
    public var counts: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)
    public var countSquares: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)
    /// Cycles per device, Σn².
    public var cycleSquares: Int64 = 0
    /// The fewest and most due cycles of a device: they differ when the user's lifecycle
    /// turned cycles off (min and max, so merging in any order gives the same sums).
    public var fewestCycles: Int64 = .max
    public var mostCycles: Int64 = .min
    public var cyclesVary: Bool { fewestCycles < mostCycles }
    /// Indexed by `RateMetric.rawValue`: Σ over devices of count × cycles, for
    /// the ratio interval when devices have different numbers of due cycles.
    public var countTimesCycles: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)
    public var lateness = DurationHistogram()
    /// Shown notifications displayed exactly `lateAfter` after T: on the line,
    /// so they count as on time; many of them mean a setting sits on the threshold.
    public var latenessAtThreshold: Int64 = 0
    public var contentAge = DurationHistogram()
    public var updateDelay = DurationHistogram()
    public var backgroundRuns: Int64 = 0
    public var fetches: Int64 = 0
    /// Fetch attempts that reached the server (the load the strategy puts on it).
    public var serverRequests: Int64 = 0
    public var alarmWakeups: Int64 = 0
    /// Pushes the server sent.
    public var pushes: Int64 = 0
    /// Lifecycle (docs/lifecycle.md): cycles not due, and per-device counts of orphans, unwanted
    /// reminders and duplicates with their squares, for intervals across devices.
    public var offCycles: Int64 = 0
    public var orphans: Int64 = 0
    public var orphanSquares: Int64 = 0
    public var unwantedReminders: Int64 = 0
    public var unwantedReminderSquares: Int64 = 0
    public var duplicates: Int64 = 0
    public var duplicateSquares: Int64 = 0
    /// From turning New Activity on again, or moving it, to its first shown notification.
    public var setupLatency = DurationHistogram()
    public var appOpens: Int64 = 0
    public var updates: Int64 = 0
    public var lostUpdates: Int64 = 0
    /// For the lost-update ratio's interval across devices: Σlost², Σupdates², Σlost·updates.
    public var lostSquares: Int64 = 0
    public var updateSquares: Int64 = 0
    public var lostTimesUpdates: Int64 = 0
    /// The arm's behaviour fingerprint, as OMNeT++ keeps one: the wrapping sum
    /// of each device's mixed trajectory hash, so merge order cannot change it.
    public var fingerprint: UInt64 = 0

    public init() {}

    /// Folds one device's trajectory into the fingerprint.
    public mutating func addTrajectory(_ trajectory: UInt64, device: Int) {
        fingerprint &+= Hashing.splitMixFinalizer(trajectory ^ (UInt64(truncatingIfNeeded: device) &* Hashing.golden))
    }

    public var fingerprintHex: String { Hashing.hex(fingerprint) }

    public mutating func merge(_ other: ArmStatistics) {
        devices += other.devices
        cycles += other.cycles
        cycleSquares += other.cycleSquares
        fewestCycles = min(fewestCycles, other.fewestCycles)
        mostCycles = max(mostCycles, other.mostCycles)
        for i in counts.indices {
            counts[i] += other.counts[i]
            countSquares[i] += other.countSquares[i]
            countTimesCycles[i] += other.countTimesCycles[i]
        }
        lateness.merge(other.lateness)
        latenessAtThreshold += other.latenessAtThreshold
        contentAge.merge(other.contentAge)
        updateDelay.merge(other.updateDelay)
        backgroundRuns += other.backgroundRuns
        fetches += other.fetches
        serverRequests += other.serverRequests
        alarmWakeups += other.alarmWakeups
        pushes += other.pushes
        offCycles += other.offCycles
        orphans += other.orphans
        orphanSquares += other.orphanSquares
        unwantedReminders += other.unwantedReminders
        unwantedReminderSquares += other.unwantedReminderSquares
        duplicates += other.duplicates
        duplicateSquares += other.duplicateSquares
        setupLatency.merge(other.setupLatency)
        appOpens += other.appOpens
        updates += other.updates
        lostUpdates += other.lostUpdates
        lostSquares += other.lostSquares
        updateSquares += other.updateSquares
        lostTimesUpdates += other.lostTimesUpdates
        fingerprint &+= other.fingerprint
    }

    /// The pooled rate: Σk / Σn.
    public func rate(_ metric: RateMetric) -> Double {
        cycles > 0 ? Double(counts[metric.rawValue]) / Double(cycles) : 0
    }

    public func count(_ metric: RateMetric) -> Int64 { counts[metric.rawValue] }

    /// The 95% interval of a rate: a t-interval of the per-device rates, or
    /// Wilson's score interval over cycles when there is a single device.
    /// When devices have different numbers of due cycles (the user turned the
    /// feature off), the pooled rate's ratio-estimator interval instead; with
    /// equal numbers the two coincide.
    public func interval(_ metric: RateMetric) -> ConfidenceInterval {
        let k = counts[metric.rawValue]
        if devices <= 1 { return ConfidenceInterval.wilson(successes: k, trials: cycles) }
        if cyclesVary {
            return ConfidenceInterval.ratio(count: devices, sumY: Double(k), sumX: Double(cycles),
                                            sumY2: Double(countSquares[metric.rawValue]), sumX2: Double(cycleSquares),
                                            sumXY: Double(countTimesCycles[metric.rawValue]), clampTo: 0...1)
        }
        let n = Double(cycles) / Double(devices)  // cycles per device, identical across devices
        return ConfidenceInterval.student(
            count: devices, sum: Double(k) / n, sumOfSquares: Double(countSquares[metric.rawValue]) / (n * n),
            clampTo: 0...1)
    }

    public var lostUpdateRate: Double { updates > 0 ? Double(lostUpdates) / Double(updates) : 0 }

    /// The 95% interval of the lost-update ratio ΣL/ΣU across devices, by the
    /// delta method for a ratio estimator: residuals eᵢ = Lᵢ − R·Uᵢ give
    /// SE(R) = √(Σeᵢ² / (n(n−1))) / Ū, all from the exact integer sums.
    public var lostUpdateInterval: ConfidenceInterval {
        guard devices > 1, updates > 0 else {
            return ConfidenceInterval.wilson(successes: lostUpdates, trials: max(updates, 1))
        }
        return ConfidenceInterval.ratio(count: devices, sumY: Double(lostUpdates), sumX: Double(updates),
                                        sumY2: Double(lostSquares), sumX2: Double(updateSquares),
                                        sumXY: Double(lostTimesUpdates), clampTo: 0...1)
    }

    /// A per-device count as a rate per 1,000 device-days, with the t-interval across devices
    /// (Wilson-free: a single device gets a zero-width interval).
    public func perThousandDeviceDays(_ total: Int64, squares: Int64, days: Int) -> ConfidenceInterval {
        let scale = days > 0 ? 1000 / Double(days) : 0
        return ConfidenceInterval.student(count: devices, sum: Double(total) * scale,
                                          sumOfSquares: Double(squares) * scale * scale, clampTo: 0...Double.infinity)
    }

    /// Per device-day costs.
    public func perDeviceDay(_ total: Int64, days: Int) -> Double {
        devices > 0 && days > 0 ? Double(total) / Double(devices) / Double(days) : 0
    }
}
