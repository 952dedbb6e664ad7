/// The content of a fetch, identified by the server updates it covers.
public struct NotificationContent: Sendable, Equatable {
    /// When the fetch whose content this is completed.
    public var fetchedAt: Millis
    /// The updates it reports: after `updatesAfter`, up to and including `updatesThrough`.
    public var updatesAfter: Int64
    public var updatesThrough: Int64
    public var updateCount: Int
    /// Whether any notification has displayed it yet (for update delay and lost updates).
    public var shown: Bool

    public init(
        fetchedAt: Millis, updatesAfter: Int64, updatesThrough: Int64,
        updateCount: Int, shown: Bool = false
    ) {
        self.fetchedAt = fetchedAt
        self.updatesAfter = updatesAfter
        self.updatesThrough = updatesThrough
        self.updateCount = updateCount
        self.shown = shown
    }
}
