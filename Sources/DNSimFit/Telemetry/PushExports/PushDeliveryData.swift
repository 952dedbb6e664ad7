/// A push service's delivery export pooled over its days: the messages it accepted and, for each
/// outcome the export gives, how many of them had it. An FCM Data API response and an APNs
/// delivery-metrics CSV both end here.
public struct PushDeliveryData: Sendable {
    public enum Platform: String, Sendable {
        case android, ios
    }

    public let platform: Platform
    /// Entries (FCM: one per app, day and analytics label) or rows (APNs: one per day, push type…).
    public let entries: Int
    /// Σ countMessagesAccepted (FCM) or Σ received_by_apns (APNs).
    public let messages: Int
    /// First and last day, as days since 1970-01-01.
    public let firstDay: Int64
    public let lastDay: Int64
    /// FCM app ids and analytics labels seen (sorted; empty for APNs).
    public let apps: [String]
    public let labels: [String]
    /// Each outcome the export holds, in the export's order.
    public let tallies: [PushTally]
    /// FCM: the response has a `nextPageToken`, so more entries exist than this page holds.
    public let morePages: Bool

    public init(
        platform: Platform, entries: Int, messages: Int, firstDay: Int64, lastDay: Int64, apps: [String] = [],
        labels: [String] = [], tallies: [PushTally], morePages: Bool = false
    ) {
        self.platform = platform
        self.entries = entries
        self.messages = messages
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.apps = apps
        self.labels = labels
        self.tallies = tallies
        self.morePages = morePages
    }

    /// The tally the export names so, if it has it.
    public func tally(_ name: String) -> PushTally? { tallies.first { $0.name == name } }
}
