import DNSimCore

/// What a scenario says about the user's lifecycle beyond `UserConfiguration`: the times to move
/// New Activity to, the Daily Reminder, and the duplicate window (docs/lifecycle.md).
public struct LifecycleSettings: Sendable {
    public var notifyTimes: [NotifyTimeChoice] = []
    public var reminder: ReminderSettings?
    public var appDefects: Set<AppDefect> = []
    public var duplicateWindow: Millis = 10 * SimTime.minute

    public init() {}
}

/// A local time of day the user may move New Activity to, with its weight.
public struct NotifyTimeChoice: Sendable, Equatable {
    /// Minutes after local midnight.
    public var minutes: Int
    public var weight: Double

    public var text: String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
}

/// `app.dailyReminder`: its schedule and whether the user turned it on.
public struct ReminderSettings: Sendable {
    public var schedule: CronExpression
    public var wanted: Bool
}
