/// The mean difference in utility between two arms over the worlds, with its 95% interval (Core's
/// `PairedDifference` is the per-device accumulator of a run's paired rates).
public struct UtilityDifference: Sendable, Equatable {
    public var mean: Double
    public var low: Double
    public var high: Double

    public init(mean: Double, low: Double, high: Double) {
        self.mean = mean
        self.low = low
        self.high = high
    }
}
