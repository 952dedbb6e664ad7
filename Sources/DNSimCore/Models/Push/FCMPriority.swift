/// An FCM message's priority: whether Doze holds it.
public enum FCMPriority: String, Sendable, CaseIterable {
    /// Delivered at once, even in Doze.
    case high
    /// Held by Doze until the next maintenance window.
    case normal
}
