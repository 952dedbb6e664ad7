/// One row of an eligibility file: a device was in `state` over [from, to), UTC epoch ms.
public struct EligibilityPeriod: Sendable, Equatable {
    public var device: String
    public var state: EligibilityState
    public var from: Int64
    public var to: Int64

    public init(device: String, state: EligibilityState, from: Int64, to: Int64) {
        self.device = device
        self.state = state
        self.from = from
        self.to = to
    }
}
