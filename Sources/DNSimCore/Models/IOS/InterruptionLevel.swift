/// `UNNotificationInterruptionLevel` (iOS 15+): whether a delivered notification waits for the
/// user's Scheduled Summary and Focus (`active`, `passive`) or breaks through them (`timeSensitive`,
/// while the user allows it).
public enum InterruptionLevel: String, Sendable, CaseIterable {
    case active
    case passive
    case timeSensitive
}
