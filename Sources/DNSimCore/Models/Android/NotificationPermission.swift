/// Whether the user lets the app show notifications: Android's `POST_NOTIFICATIONS` (13+),
/// `platforms.android.notificationPermission`.
public enum NotificationPermission: String, Sendable, CaseIterable {
    case granted
    case denied
}

/// iOS: `UNUserNotificationCenter`'s authorization status, `platforms.ios.notificationAuthorization`.
public enum NotificationAuthorization: String, Sendable, CaseIterable {
    case authorized
    case denied
}
