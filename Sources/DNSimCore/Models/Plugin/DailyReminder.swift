/// The app's separate Daily Reminder (`app.dailyReminder`): a repeating local notification the
/// user turns on or off on its own, and the app bugs around it.
public struct DailyReminder: Sendable, Equatable {
    /// When the reminder fires over the run (from its schedule, in the scenario's time zone).
    public var times: [Millis]
    /// Whether the user turned the reminder on; otherwise every one shown is unwanted.
    public var wanted: Bool
    public var defects: Set<AppDefect>

    public init(times: [Millis], wanted: Bool, defects: Set<AppDefect> = []) {
        self.times = times
        self.wanted = wanted
        self.defects = defects
    }
}
