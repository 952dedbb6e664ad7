/// APNs and the Notification Service Extension (docs/push.md, `platforms.ios.push`).
public struct IOSPushConfiguration: Sendable, Equatable {
    /// Alert pushes: send → arrival, and loss.
    public var alert = PushDelivery(delay: .lognormal(median: 1000, sigma: 1.0), drop: 0.01)
    /// How long APNs stores a push for a device it cannot reach (`apns-expiration`).
    public var storeFor: Millis = 30 * SimTime.day
    /// The NSE's time to fetch before `serviceExtensionTimeWillExpire` shows the payload.
    public var nseBudget: Millis = 30 * SimTime.second
    /// The app holds `com.apple.developer.usernotifications.filtering`: the NSE may show nothing.
    public var filtering = false
    /// The alert payload's `interruption-level`; nil: the plugin's.
    public var interruptionLevel: InterruptionLevel?
    /// `apns-priority` of the alert pushes: 10 sends at once, 5 "based on power considerations".
    public var priority = 10
    /// How long APNs and the device hold a priority-5 alert push; nil: as long as a background push
    /// (always priority 5) is held, its `delay`.
    public var lowPriorityDelay: Distribution?
    /// Background (content-available) pushes, which iOS throttles.
    public var background = PushDelivery(delay: .exponential(mean: Double(20 * SimTime.minute)), drop: 0.2)
    /// How long a background push's handler may run
    /// (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
    public static let backgroundBudget: Millis = 30 * SimTime.second

    public init() {}
}
