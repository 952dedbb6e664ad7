/// How a push service delivers one kind of push: lost with probability
/// `drop`, otherwise `delay` after the server sends it.
public struct PushDelivery: Sendable, Equatable {
    public var delay: Distribution
    public var drop: Double

    public init(delay: Distribution, drop: Double) {
        self.delay = delay
        self.drop = drop
    }
}
