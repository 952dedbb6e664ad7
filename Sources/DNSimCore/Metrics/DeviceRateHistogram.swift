import Foundation

/// The per-device rates of one outcome (a device's count over its due cycles), each to the
/// nearest 0.1 percentage point: what the spread columns (`fresh_device_p10`, …) read.
///
/// Kept as the sorted non-empty steps and their device counts, at most 1,001 of them whatever
/// the devices, so a study's thousands of per-world statistics stay small and merging in any
/// order gives the same histogram (byte-identical reports for any `--jobs` or sharding).
public struct DeviceRateHistogram: Sendable, Equatable {
    /// Steps of the unit interval: a rate is kept as round(rate × steps).
    public static let steps: Int64 = 1_000

    /// The steps holding at least one device, ascending, beside their counts.
    public private(set) var values: [Int32] = []
    public private(set) var counts: [Int64] = []
    /// Devices added (those with no due cycle have no rate and are not added).
    public private(set) var total: Int64 = 0

    public init() {}

    /// A device with `count` of its `cycles` due cycles in the outcome; none when it had no due cycle.
    public mutating func add(count: Int64, of cycles: Int64) {
        guard cycles > 0 else { return }
        // round(count × steps / cycles), half up, in integers: no floating point decides a step.
        let step = Int32(min(Self.steps, max(0, (2 * count * Self.steps + cycles) / (2 * cycles))))
        add(step: step, devices: 1)
    }

    private mutating func add(step: Int32, devices: Int64) {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < step { low = middle + 1 } else { high = middle }
        }
        if low < values.count && values[low] == step {
            counts[low] += devices
        } else {
            values.insert(step, at: low)
            counts.insert(devices, at: low)
        }
        total += devices
    }

    /// Adds another slice's devices, refusing counts that leave Int64 or steps outside [0, steps]
    /// (a shard file's are untrusted).
    public mutating func mergeChecked(_ other: DeviceRateHistogram) throws(MergeOverflow) {
        for (step, devices) in zip(other.values, other.counts) {
            guard step >= 0, Int64(step) <= Self.steps, devices > 0 else { throw MergeOverflow(field: "values") }
            guard total.addingReportingOverflow(devices).overflow == false else { throw MergeOverflow(field: "total") }
            add(step: step, devices: devices)
        }
    }

    /// The `q` quantile of the per-device rates: the ⌈q·N⌉-th smallest (nil with no device).
    public func quantile(_ q: Double) -> Double? {
        guard total > 0 else { return nil }
        return value(atRank: max(1, Int64((q * Double(total)).rounded(.up))))
    }

    /// The distribution-free 95% interval of the `q` quantile: the order statistics whose ranks
    /// bracket q·N by 1.96 binomial standard deviations (Conover 1999, *Practical Nonparametric
    /// Statistics*, §3.2, normal approximation). One device gives a zero-width interval.
    public func quantileInterval(_ q: Double) -> ConfidenceInterval? {
        guard let estimate = quantile(q) else { return nil }
        let n = Double(total)
        let spread = 1.959_963_984_540_054 * (n * q * (1 - q)).squareRoot()
        let lowRank = max(1, Int64((n * q - spread).rounded(.down)))
        let highRank = min(total, Int64((n * q + spread).rounded(.up)) + 1)
        return ConfidenceInterval(
            estimate: estimate, low: value(atRank: lowRank), high: value(atRank: highRank), method: .orderStatistic)
    }

    private func value(atRank rank: Int64) -> Double {
        var seen: Int64 = 0
        for (step, devices) in zip(values, counts) {
            seen += devices
            if seen >= rank { return Double(step) / Double(Self.steps) }
        }
        return Double(values.last ?? 0) / Double(Self.steps)
    }

    /// The share of devices whose rate is at or below `rate` (for the spread chart).
    public func fraction(atOrBelow rate: Double) -> Double {
        guard total > 0 else { return 0 }
        var seen: Int64 = 0
        for (step, devices) in zip(values, counts) where Double(step) / Double(Self.steps) <= rate { seen += devices }
        return Double(seen) / Double(total)
    }
}

extension DeviceRateHistogram: Codable {
    enum CodingKeys: String, CodingKey { case values, counts }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(values, forKey: .values)
        try container.encode(counts, forKey: .counts)
    }

    /// Decodes through `mergeChecked`, so a forged file's steps and counts are checked as a merge's are.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var raw = DeviceRateHistogram()
        raw.values = try container.decode([Int32].self, forKey: .values)
        raw.counts = try container.decode([Int64].self, forKey: .counts)
        guard raw.values.count == raw.counts.count else {
            throw DecodingError.dataCorruptedError(
                forKey: .counts, in: container, debugDescription: "one count per value")
        }
        self.init()
        do { try mergeChecked(raw) } catch {
            throw DecodingError.dataCorruptedError(forKey: .values, in: container, debugDescription: "\(error)")
        }
    }
}
