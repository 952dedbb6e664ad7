/// Everything the plugin holds for the device being simulated: its cycles and how far they are
/// resolved, the schedule's epoch, the fetcher and the user's lifecycle. `PluginRuntime.begin`
/// replaces it whole, so a field added here starts each device afresh; nothing leaks from one
/// device to the next.
struct PluginState {
    /// The device's cycles (`DeviceContext.calendar`, kept here too for the hot path).
    var calendar: CycleCalendar
    /// The earliest cycle without an outcome.
    var firstUnresolved = 0
    /// Set when a cycle is resolved, so the strategy opens the next one.
    var cycleWasResolved = false
    /// Counts the plugin's schedules: `cancelDualSchedule` starts a new one, and events of an
    /// earlier one (deadlines, armed requests, fetches) are ignored when they come due.
    var epoch: UInt32 = 0
    var fetcher = FetcherState()
    /// New Activity on or off, the time the user chose, the Daily Reminder, orphans.
    var lifecycle: FeatureLifecycle

    init(calendar: CycleCalendar, reminderScheduled: Bool) {
        self.calendar = calendar
        lifecycle = FeatureLifecycle()
        lifecycle.reminderScheduled = reminderScheduled
    }
}
