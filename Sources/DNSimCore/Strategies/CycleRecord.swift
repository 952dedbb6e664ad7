/// How one cycle ended, as the metrics layer reads it.
public struct CycleRecord: Sendable, Equatable {
    public var cycle: Int
    /// The cycle's T on this device's calendar (a time change moves it).
    public var notifyTime: Millis
    public var outcome: CycleOutcome
    /// When it was displayed, for shown notifications.
    public var shownAt: Millis?
    /// Display time minus T, for shown notifications (never negative).
    public var lateness: Millis?
    /// Shown before any fetch completed at or after this cycle's F.
    public var notifiedBeforeFetch: Bool
    /// Display time minus the completion of the fetch whose content is shown.
    public var contentAge: Millis?
    /// iOS: how long Focus or Scheduled Summary held it after delivery (`shownAt` is when it is seen).
    public var heldFor: Millis = 0

    /// When the platform delivered it, for shown notifications.
    public var deliveredAt: Millis? { shownAt.map { $0 - heldFor } }

    /// When the fetch whose content is shown completed.
    public var contentFetchedAt: Millis? {
        guard let shownAt, let contentAge else { return nil }
        return shownAt - contentAge
    }
}
