/// FCM and the app's messaging service (docs/push.md, `platforms.android.push`).
public struct AndroidPushConfiguration: Sendable, Equatable {
    /// Data messages (both kinds): send → arrival, and loss.
    public var delivery = PushDelivery(delay: .fixed(500), drop: 0.005)
    /// How long FCM stores a message for a device it cannot reach (`ttl`; 4 weeks by default).
    public var storeFor: Millis = 28 * SimTime.day
    public var priority = FCMPriority.high
    /// How long `onMessageReceived` may run to fetch and post the notification.
    public var handlerBudget: Millis = 20 * SimTime.second

    public init() {}
}
