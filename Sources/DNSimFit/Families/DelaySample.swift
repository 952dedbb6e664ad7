/// Right-censored durations in seconds: the delays (or latencies) seen to
/// end, and the follow-up times of those not seen to end. This is all a
/// delay fit needs, whichever telemetry file it came from.
public struct DelaySample: Sendable {
    /// Durations that ended (a BG launch, a fetch response), ascending.
    public let events: [Double]
    /// Follow-up times of rows that had not ended when observation stopped, ascending.
    public let censored: [Double]
    /// Every row's follow-up time, in file order, events' rows included: the
    /// parametric bootstrap censors its simulated rows at exactly these.
    public let followUp: [Double]

    /// Timestamps have millisecond resolution, so a recorded 0 means "under
    /// 1 ms": durations are floored at half a millisecond to keep log f finite.
    public static let resolutionFloor = 0.0005

    public init(events: [Double], censored: [Double], followUp: [Double]) {
        self.events = events.map { max($0, Self.resolutionFloor) }.sorted()
        self.censored = censored.map { max($0, Self.resolutionFloor) }.sorted()
        self.followUp = followUp.map { max($0, Self.resolutionFloor) }
    }

    public var count: Int { events.count + censored.count }
}
