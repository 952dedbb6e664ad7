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
    /// Cycles per device, Σn²: with one calendar all devices have the same n.
    public var cycleSquares: Int64 = 0
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
        for i in counts.indices {
            counts[i] += other.counts[i]
            countSquares[i] += other.countSquares[i]
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
    public func interval(_ metric: RateMetric) -> ConfidenceInterval {
        let k = counts[metric.rawValue]
        if devices <= 1 { return ConfidenceInterval.wilson(successes: k, trials: cycles) }
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
        let rate = lostUpdateRate
        guard devices > 1, updates > 0 else {
            return ConfidenceInterval.wilson(successes: lostUpdates, trials: max(updates, 1))
        }
        let n = Double(devices)
        let residualSquares = max(0, Double(lostSquares) - 2 * rate * Double(lostTimesUpdates)
            + rate * rate * Double(updateSquares))
        let meanUpdates = Double(updates) / n
        let standardError = (residualSquares / (n * (n - 1))).squareRoot() / meanUpdates
        let half = gsl_cdf_tdist_Pinv(0.975, n - 1) * standardError
        return ConfidenceInterval(estimate: rate, low: max(0, rate - half), high: min(1, rate + half), method: .student,
                                  halfWidth: half)
    }

    /// Per device-day costs.
    public func perDeviceDay(_ total: Int64, days: Int) -> Double {
        devices > 0 && days > 0 ? Double(total) / Double(devices) / Double(days) : 0
    }
}
