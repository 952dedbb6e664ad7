/// The paired difference of two arms on the same platform (common random
/// numbers: same devices, same world), as exact sums over devices of the
/// per-device count differences.
public struct PairedDifference: Sendable, Equatable, Codable {
    /// Indices into the run's arms: the difference is `minuend − subtrahend`.
    public var minuend: Int
    public var subtrahend: Int
    public var devices: Int64 = 0
    public var cyclesPerDevice: Int64 = 0
    public var sums: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)
    public var squares: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)
    /// The fewest and most due cycles of a device: when they differ the ratio interval needs
    /// Σn, Σn² and Σ difference × n (min and max, so merging in any order agrees).
    public var fewestCycles: Int64 = .max
    public var mostCycles: Int64 = .min
    public var cyclesVary: Bool { fewestCycles < mostCycles }
    public var cycleSum: Int64 = 0
    public var cycleSquares: Int64 = 0
    public var sumsTimesCycles: [Int64] = Array(repeating: 0, count: RateMetric.allCases.count)

    public init(minuend: Int, subtrahend: Int) {
        self.minuend = minuend
        self.subtrahend = subtrahend
    }

    /// One device's counts on the two arms, over its `cycles` due cycles (the same on both).
    public mutating func add(_ a: [Int64], _ b: [Int64], cycles: Int64) {
        fewestCycles = min(fewestCycles, cycles)
        mostCycles = max(mostCycles, cycles)
        devices += 1
        cyclesPerDevice = max(cyclesPerDevice, cycles)
        cycleSum += cycles
        cycleSquares += cycles * cycles
        for i in sums.indices {
            let d = a[i] - b[i]
            sums[i] += d
            squares[i] += d * d
            sumsTimesCycles[i] += d * cycles
        }
    }

    public mutating func merge(_ other: PairedDifference) {
        do { try mergeChecked(other) } catch { preconditionFailure("\(error)") }
    }

    /// Adds another slice's sums, refusing any that leaves Int64 (a shard file's are untrusted).
    public mutating func mergeChecked(_ other: PairedDifference) throws(MergeOverflow) {
        fewestCycles = min(fewestCycles, other.fewestCycles)
        mostCycles = max(mostCycles, other.mostCycles)
        try MergeOverflow.add(&devices, other.devices, "devices")
        cyclesPerDevice = max(cyclesPerDevice, other.cyclesPerDevice)
        try MergeOverflow.add(&cycleSum, other.cycleSum, "cycleSum")
        try MergeOverflow.add(&cycleSquares, other.cycleSquares, "cycleSquares")
        for i in sums.indices {
            try MergeOverflow.add(&sums[i], other.sums[i], "sums[\(i)]")
            try MergeOverflow.add(&squares[i], other.squares[i], "squares[\(i)]")
            try MergeOverflow.add(&sumsTimesCycles[i], other.sumsTimesCycles[i], "sumsTimesCycles[\(i)]")
        }
    }

    /// The difference `arm − the other` of this pair, for either of its arms.
    public func interval(_ metric: RateMetric, minuend arm: Int) -> ConfidenceInterval {
        arm == minuend ? interval(metric) : interval(metric).negated
    }

    /// The mean difference of per-device rates with its 95% t-interval.
    /// With a single device there is no spread across devices to estimate
    /// from, so the interval is the whole range [−1, 1]: never significant.
    public func interval(_ metric: RateMetric) -> ConfidenceInterval {
        let n = Double(max(cyclesPerDevice, 1))
        if devices < 2 {
            let estimate = devices == 1 ? Double(sums[metric.rawValue]) / n : 0
            return ConfidenceInterval(estimate: estimate, low: -1, high: 1, method: .student)
        }
        if cyclesVary {
            return ConfidenceInterval.ratio(count: devices, sumY: Double(sums[metric.rawValue]), sumX: Double(cycleSum),
                                            sumY2: Double(squares[metric.rawValue]), sumX2: Double(cycleSquares),
                                            sumXY: Double(sumsTimesCycles[metric.rawValue]))
        }
        return ConfidenceInterval.student(
            count: devices, sum: Double(sums[metric.rawValue]) / n,
            sumOfSquares: Double(squares[metric.rawValue]) / (n * n))
    }
}
