/// The two pushes the server can send for a cycle (docs/push.md).
public enum PushKind: String, Sendable, CaseIterable {
    /// An alert push at T (`mutable-content: 1`, payload = the fallback copy):
    /// the Notification Service Extension (iOS) or the FCM messaging service
    /// (Android) fetches and shows the notification.
    case alert
    /// A content-available push at F that wakes the app in the background,
    /// whose plugin code then runs the chained logic.
    case background
}
