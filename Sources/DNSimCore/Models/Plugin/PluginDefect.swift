/// A bug shape of the plugin that a team can measure (`plugin.defects`, docs/lifecycle.md).
public enum PluginDefect: String, Sendable, CaseIterable {
    /// `cancelDualSchedule` leaves the pending guard requests (iOS) or alarms (Android): they fire.
    case cancelLeavesGuards
    /// `cancelDualSchedule` leaves the pending BG request (iOS) or fetch alarm (Android): its handler
    /// keeps fetching, and the chained logic keeps arming notifications.
    case cancelLeavesBGRequest
    /// A time change leaves the old time's next notification armed (on iOS independent timers, the
    /// repeating request, which keeps firing daily).
    case rescheduleKeepsOldTime
}
