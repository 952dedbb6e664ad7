/// Keep adding devices (doubling) until every reported rate's 95% interval
/// half-width is at most `halfWidth`, or `maxDevices` is reached.
public struct PrecisionTarget: Sendable, Equatable {
    public var halfWidth: Double
    public var maxDevices: Int

    public init(halfWidth: Double, maxDevices: Int) {
        self.halfWidth = halfWidth
        self.maxDevices = maxDevices
    }
}
