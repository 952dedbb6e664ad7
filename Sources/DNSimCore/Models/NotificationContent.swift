/// What a notification request carries: the fallback copy or the content of a
/// fetch, identified by the server updates it covers.
public struct NotificationContent: Sendable, Equatable {
    public var isFallback: Bool
    /// When the fetch whose content this is completed (meaningless for fallback).
    public var fetchedAt: Millis
    /// The updates it reports: after `updatesAfter`, up to and including `updatesThrough`.
    public var updatesAfter: Int64
    public var updatesThrough: Int64
    public var updateCount: Int
    /// Whether any notification has displayed it yet (for update delay and lost updates).
    public var shown: Bool

    public static let fallback = NotificationContent(
        isFallback: true, fetchedAt: 0, updatesAfter: 0, updatesThrough: 0, updateCount: 0, shown: false)

    public init(isFallback: Bool, fetchedAt: Millis, updatesAfter: Int64, updatesThrough: Int64,
                updateCount: Int, shown: Bool = false) {
        self.isFallback = isFallback
        self.fetchedAt = fetchedAt
        self.updatesAfter = updatesAfter
        self.updatesThrough = updatesThrough
        self.updateCount = updateCount
        self.shown = shown
    }
}
