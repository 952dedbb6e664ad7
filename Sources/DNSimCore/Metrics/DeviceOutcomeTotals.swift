import Foundation

/// Each device's outcome counts and due cycles per arm, summed over the worlds of a study. Every
/// world runs the same devices with the same keyed draws (common random numbers), so a device's
/// luck recurs in every world and does not average away over them; these sums measure how far it
/// moves a figure averaged over the worlds (`StudyFigureErrors`). Integer sums: the totals do not
/// depend on the order in which worlds end, so they are the same for any `--jobs`.
public final class DeviceOutcomeTotals: @unchecked Sendable {
    public let devices: Int
    public let arms: Int
    /// Per device and arm: the `RateMetric` counts, then the cycles.
    static var stride: Int { RateMetric.allCases.count + 1 }
    private var sums: [Int64]
    private let lock = NSLock()

    /// The most sums kept (32 MB): each world being run holds a table this size too, so a study of
    /// more devices × arms goes without (its device noise then has the per-world bound).
    public static let maximumSums = 1 << 22

    /// Totals for a study of `devices` per world and `arms`, or nil when they would pass `maximumSums`.
    public static func affordable(devices: Int, arms: Int) -> DeviceOutcomeTotals? {
        let (product, overflow) = devices.multipliedReportingOverflow(by: arms * stride)
        return overflow || product > maximumSums ? nil : DeviceOutcomeTotals(devices: devices, arms: arms)
    }

    public init(devices: Int, arms: Int) {
        self.devices = devices
        self.arms = arms
        sums = [Int64](repeating: 0, count: devices * arms * Self.stride)
    }

    /// A table for one world's devices, in the layout `add` takes.
    public static func worldTable(devices: Int, arms: Int) -> [Int64] {
        [Int64](repeating: 0, count: devices * arms * stride)
    }

    /// Writes device `device`'s counts and cycles on arm `arm` into a world's table.
    static func record(_ counts: [Int64], cycles: Int64, device: Int, arm: Int, arms: Int, into table: inout [Int64]) {
        let start = (device * arms + arm) * stride
        for metric in counts.indices { table[start + metric] = counts[metric] }
        table[start + stride - 1] = cycles
    }

    /// Adds one world's table; from any thread.
    public func add(world table: [Int64]) {
        precondition(table.count == sums.count, "a world's device table of another size")
        lock.lock()
        defer { lock.unlock() }
        for index in sums.indices { sums[index] += table[index] }
    }

    /// Device `device`'s counts on arm `arm` summed over the worlds (indexed by `RateMetric.rawValue`), and its cycles.
    public func totals(device: Int, arm: Int) -> (counts: [Int64], cycles: Int64) {
        lock.lock()
        defer { lock.unlock() }
        let start = (device * arms + arm) * Self.stride
        return (Array(sums[start..<(start + Self.stride - 1)]), sums[start + Self.stride - 1])
    }
}
