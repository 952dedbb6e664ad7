/// A bug shape of the app around its separate Daily Reminder (TimeSafari's iOS parity notes §4C; `app.defects`).
public enum AppDefect: String, Sendable, CaseIterable {
    /// Turning New Activity on also schedules the Daily Reminder.
    case enableSchedulesReminder
    /// Turning New Activity off leaves a Daily Reminder it should have cancelled.
    case disableLeavesReminder
}
