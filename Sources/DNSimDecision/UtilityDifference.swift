/// A mean difference with its 95% interval.
public struct PairedDifference: Sendable, Equatable {
    public var mean: Double
    public var low: Double
    public var high: Double

    public init(mean: Double, low: Double, high: Double) {
        self.mean = mean
        self.low = low
        self.high = high
    }
}
