/// What a strategy has armed on the platform when `cancelDualSchedule` runs: what would still
/// fire if the cancel left it (a defect, docs/lifecycle.md).
public struct PendingNotifications: Sendable, Equatable {
    /// One armed notification: when it fires, and the T of the cycle it is for.
    public struct Armed: Sendable, Equatable {
        public var fire: Millis
        public var notifyTime: Millis
    }

    /// The next notification armed for the schedule, if one is.
    public var next: Armed?
    /// Whether that notification is a repeating request (iOS independent timers).
    public var repeating = false
    /// Every pending guard.
    public var guards: [Armed] = []

    public init(next: Armed? = nil, repeating: Bool = false, guards: [Armed] = []) {
        self.next = next
        self.repeating = repeating
        self.guards = guards
    }
}
