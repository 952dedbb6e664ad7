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
    /// Σ dᵢ·dⱼ over devices for every pair of metrics i < j (row-major upper triangle), so the
    /// interval of any weighted sum of the differences (an objective's utility) is exact.
    public var crossProducts: [Int64] = Array(repeating: 0, count: PairedDifference.crossCount)

    static let crossCount = RateMetric.allCases.count * (RateMetric.allCases.count - 1) / 2

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
        var cross = 0
        for i in sums.indices {
            let d = a[i] - b[i]
            sums[i] += d
            squares[i] += d * d
            sumsTimesCycles[i] += d * cycles
            for j in (i + 1)..<sums.count {
                crossProducts[cross] += d * (a[j] - b[j])
                cross += 1
            }
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
        for i in crossProducts.indices {
            try MergeOverflow.add(&crossProducts[i], other.crossProducts[i], "crossProducts[\(i)]")
        }
    }

    /// The difference `arm − the other` of Σ weights[m] × rate m, for either arm.
    public func interval(weights: [Double], minuend arm: Int) -> ConfidenceInterval {
        arm == minuend ? interval(weights: weights) : interval(weights: weights).negated
    }

    /// The mean difference of the weighted sum of per-device rates, with its 95% interval
    /// (the same estimators as one metric's, on the per-device weighted differences).
    public func interval(weights: [Double]) -> ConfidenceInterval {
        let n = Double(max(cyclesPerDevice, 1))
        var sum = 0.0, square = 0.0, timesCycles = 0.0
        var cross = 0
        for i in sums.indices {
            sum += weights[i] * Double(sums[i])
            square += weights[i] * weights[i] * Double(squares[i])
            timesCycles += weights[i] * Double(sumsTimesCycles[i])
            for j in (i + 1)..<sums.count {
                square += 2 * weights[i] * weights[j] * Double(crossProducts[cross])
                cross += 1
            }
        }
        let range = weights.reduce(0) { $0 + abs($1) }
        if devices < 2 {
            return ConfidenceInterval(estimate: devices == 1 ? sum / n : 0, low: -range, high: range, method: .student)
        }
        if cyclesVary {
            return ConfidenceInterval.ratio(
                count: devices, sumY: sum, sumX: Double(cycleSum), sumY2: square,
                sumX2: Double(cycleSquares), sumXY: timesCycles)
        }
        return ConfidenceInterval.student(count: devices, sum: sum / n, sumOfSquares: square / (n * n))
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
            return ConfidenceInterval.ratio(
                count: devices, sumY: Double(sums[metric.rawValue]), sumX: Double(cycleSum),
                sumY2: Double(squares[metric.rawValue]), sumX2: Double(cycleSquares),
                sumXY: Double(sumsTimesCycles[metric.rawValue]))
        }
        return ConfidenceInterval.student(
            count: devices, sum: Double(sums[metric.rawValue]) / n,
            sumOfSquares: Double(squares[metric.rawValue]) / (n * n))
    }
}
