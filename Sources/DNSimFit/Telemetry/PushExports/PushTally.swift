/// One outcome of a push export pooled over its days: how many messages had it (a percentage
/// times the day's messages, summed, so not always whole) out of how many the percentage is of.
public struct PushTally: Sendable, Equatable {
    /// The export's own name: an FCM field (`droppedDeviceInactive`) or an APNs column (`discarded_expired`).
    public let name: String
    public let count: Double
    public let total: Int

    public init(name: String, count: Double, total: Int) {
        self.name = name
        self.count = count
        self.total = total
    }
}
