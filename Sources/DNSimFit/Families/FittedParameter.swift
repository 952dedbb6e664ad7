/// One estimate with its 95% interval, in natural units (seconds for names
/// ending in `_s`). Bounds are NaN when the observed information is singular.
public struct FittedParameter: Sendable, Equatable {
    public let name: String
    public let value: Double
    public let low: Double
    public let high: Double

    public init(name: String, value: Double, low: Double, high: Double) {
        self.name = name
        self.value = value
        self.low = low
        self.high = high
    }

    public func covers(_ truth: Double) -> Bool { low <= truth && truth <= high }
}
