/// What a strategy has armed on the platform when `cancelDualSchedule` runs: what would still
/// fire if the cancel left it (a defect, docs/lifecycle.md).
public struct PendingNotifications: Sendable, Equatable {
    /// When the next notification armed for the schedule fires, if one is armed.
    public var next: Millis?
    /// Whether that notification is a repeating request (iOS independent timers).
    public var repeating = false
    /// When each pending guard fires.
    public var guards: [Millis] = []

    public init(next: Millis? = nil, repeating: Bool = false, guards: [Millis] = []) {
        self.next = next
        self.repeating = repeating
        self.guards = guards
    }
}
