/// FCM and the app's messaging service (docs/push.md, `platforms.android.push`).
public struct AndroidPushConfiguration: Sendable, Equatable {
    /// Data messages (both kinds): send → arrival, and loss.
    public var delivery = PushDelivery(delay: .fixed(500), drop: 0.005)
    /// How long FCM stores a message for a device it cannot reach (`ttl`; 4 weeks by default).
    public var storeFor: Millis = 28 * SimTime.day
    public var priority = FCMPriority.high
    /// How long `onMessageReceived` may run to fetch and post the notification.
    public var handlerBudget: Millis = 20 * SimTime.second
    /// FCM delivers high priority as normal while less than this share of the device's
    /// high-priority messages of the past 7 days showed a notification (0: never).
    public var deprioritizeBelow = 0.5

    public init() {}
}
