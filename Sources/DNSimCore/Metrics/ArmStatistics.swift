import CGSL

/// Everything reported about one arm, as exact integer sums over devices.
///
/// Per-device counts are kept as Σk and Σk² so the across-device t-interval
/// needs no per-device storage, and so partial results merge exactly in any
/// order (byte-identical reports for any `--jobs` or sharding).
public struct ArmStatistics: Sendable, Equatable {
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
    /// From turning New Activity on again, or moving it, to its first shown notification.
    public var setupLatency = DurationHistogram()
    /// Each device's `fresh` and `missed` rate (the spread over devices), and how many devices had a
    /// `fresh` rate below the scenario's `metrics.deviceFreshBelow`.
    public var freshByDevice = DeviceRateHistogram()
    public var missedByDevice = DeviceRateHistogram()
    public var devicesFreshBelow: Int64 = 0
    /// Every counter of the catalog (`Counter`) with the sums its interval needs.
    public var counters = CounterSums()
    /// The arm's behaviour fingerprint, as OMNeT++ keeps one: the wrapping sum
    /// of each device's mixed trajectory hash, so merge order cannot change it.
    public var fingerprint: UInt64 = 0
    /// `within_age`'s sums when the scenario sets `metrics.maxContentAge`; nil otherwise (no column).
    public var withinAge: WithinAgeSums?

    public init() {}

    /// Folds one device's trajectory into the fingerprint.
    public mutating func addTrajectory(_ trajectory: UInt64, device: Int) {
        fingerprint &+= Hashing.splitMixFinalizer(trajectory ^ (UInt64(truncatingIfNeeded: device) &* Hashing.golden))
    }

    public var fingerprintHex: String { Hashing.hex(fingerprint) }

    /// The same statistics with each histogram holding only its buckets in use: a study keeps one
    /// per world and arm, which would otherwise cost about 2 MB each.
    public func compacted() -> ArmStatistics {
        var copy = self
        copy.lateness = lateness.compacted()
        copy.contentAge = contentAge.compacted()
        copy.updateDelay = updateDelay.compacted()
        copy.setupLatency = setupLatency.compacted()
        return copy
    }

    /// Adds another slice's sums (in-process slices, whose sums cannot overflow).
    public mutating func merge(_ other: ArmStatistics) {
        do { try mergeChecked(other) } catch { preconditionFailure("\(error)") }
    }

    /// Adds another slice's sums, refusing any that leaves Int64 (a shard file's
    /// counts are untrusted); `self` is unspecified after a throw.
    public mutating func mergeChecked(_ other: ArmStatistics) throws(MergeOverflow) {
        try MergeOverflow.add(&devices, other.devices, "devices")
        try MergeOverflow.add(&cycles, other.cycles, "cycles")
        try MergeOverflow.add(&cycleSquares, other.cycleSquares, "cycleSquares")
        fewestCycles = min(fewestCycles, other.fewestCycles)
        mostCycles = max(mostCycles, other.mostCycles)
        for i in counts.indices {
            try MergeOverflow.add(&counts[i], other.counts[i], "counts[\(i)]")
            try MergeOverflow.add(&countSquares[i], other.countSquares[i], "countSquares[\(i)]")
            try MergeOverflow.add(&countTimesCycles[i], other.countTimesCycles[i], "countTimesCycles[\(i)]")
        }
        do { try lateness.mergeChecked(other.lateness) } catch { throw error.inside("lateness") }
        try MergeOverflow.add(&latenessAtThreshold, other.latenessAtThreshold, "latenessAtThreshold")
        do { try contentAge.mergeChecked(other.contentAge) } catch { throw error.inside("contentAge") }
        do { try updateDelay.mergeChecked(other.updateDelay) } catch { throw error.inside("updateDelay") }
        do { try setupLatency.mergeChecked(other.setupLatency) } catch { throw error.inside("setupLatency") }
        do { try freshByDevice.mergeChecked(other.freshByDevice) } catch { throw error.inside("freshByDevice") }
        do { try missedByDevice.mergeChecked(other.missedByDevice) } catch { throw error.inside("missedByDevice") }
        try MergeOverflow.add(&devicesFreshBelow, other.devicesFreshBelow, "devicesFreshBelow")
        try counters.mergeChecked(other.counters)
        fingerprint &+= other.fingerprint
        if let theirs = other.withinAge {
            var sums = withinAge ?? WithinAgeSums()
            try sums.mergeChecked(theirs)
            withinAge = sums
        }
    }

    /// The share of cycles shown with API content no older than `metrics.maxContentAge` when seen
    /// (nil when the scenario does not set it).
    public var withinAgeRate: Double? {
        withinAge.map { cycles > 0 ? Double($0.count) / Double(cycles) : 0 }
    }

    /// `withinAgeRate`'s 95% interval, computed as every outcome rate's.
    public var withinAgeInterval: ConfidenceInterval? {
        withinAge.map { interval(count: $0.count, squares: $0.squares, timesCycles: $0.timesCycles) }
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
        interval(
            count: counts[metric.rawValue], squares: countSquares[metric.rawValue],
            timesCycles: countTimesCycles[metric.rawValue])
    }

    /// The interval of a per-cycle rate from its per-device sums Σk, Σk² and Σk·n.
    func interval(count k: Int64, squares: Int64, timesCycles: Int64) -> ConfidenceInterval {
        if devices <= 1 { return ConfidenceInterval.wilson(successes: k, trials: cycles) }
        if cyclesVary {
            return ConfidenceInterval.ratio(
                count: devices, sumY: Double(k), sumX: Double(cycles),
                sumY2: Double(squares), sumX2: Double(cycleSquares),
                sumXY: Double(timesCycles), clampTo: 0...1)
        }
        let n = Double(cycles) / Double(devices)  // cycles per device, identical across devices
        return ConfidenceInterval.student(
            count: devices, sum: Double(k) / n, sumOfSquares: Double(squares) / (n * n),
            clampTo: 0...1)
    }

    /// The share of devices with a due cycle whose `fresh` rate was below `metrics.deviceFreshBelow`,
    /// with Wilson's interval over devices (nil with no such device).
    public var devicesFreshBelowShare: ConfidenceInterval? {
        freshByDevice.total > 0
            ? ConfidenceInterval.wilson(successes: devicesFreshBelow, trials: freshByDevice.total) : nil
    }

    /// A counter's arm total.
    public func sum(_ counter: Counter) -> Int64 { counters.sum(counter) }

    /// A ratio counter's share of its denominator, ΣL/ΣU (0 when ΣU is 0).
    public func ratio(_ counter: Counter) -> Double {
        let denominator = sum(Self.denominator(counter))
        return denominator > 0 ? Double(sum(counter)) / Double(denominator) : 0
    }

    /// The 95% interval of a ratio counter's share ΣL/ΣU across devices, by the
    /// delta method for a ratio estimator: residuals eᵢ = Lᵢ − R·Uᵢ give
    /// SE(R) = √(Σeᵢ² / (n(n−1))) / Ū, all from the exact integer sums.
    public func ratioInterval(_ counter: Counter) -> ConfidenceInterval {
        let over = Self.denominator(counter)
        let lost = sum(counter), updates = sum(over)
        guard devices > 1, updates > 0 else {
            return ConfidenceInterval.wilson(successes: lost, trials: max(updates, 1))
        }
        return ConfidenceInterval.ratio(
            count: devices, sumY: Double(lost), sumX: Double(updates),
            sumY2: Double(counters.squares(counter)), sumX2: Double(counters.squares(over)),
            sumXY: Double(counters.products(counter)), clampTo: 0...1)
    }

    static func denominator(_ counter: Counter) -> Counter {
        guard case .ratio(_, let over, _) = counter.spec.column else {
            preconditionFailure("\(counter) is not a ratio")
        }
        return over
    }

    /// A per-device count as a rate per 1,000 device-days, with the t-interval across devices
    /// (Wilson-free: a single device gets a zero-width interval).
    public func perThousandDeviceDays(_ counter: Counter, days: Int) -> ConfidenceInterval {
        let scale = days > 0 ? 1000 / Double(days) : 0
        return ConfidenceInterval.student(
            count: devices, sum: Double(sum(counter)) * scale,
            sumOfSquares: Double(counters.squares(counter)) * scale * scale, clampTo: 0...Double.infinity)
    }

    /// Per device-day costs.
    public func perDeviceDay(_ counter: Counter, days: Int) -> Double {
        devices > 0 && days > 0 ? Double(sum(counter)) / Double(devices) / Double(days) : 0
    }
}
